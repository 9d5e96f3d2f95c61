#pragma once
// Speed signs beside the track: a post of `height` metres at a world place with a label board on top that
// always faces the camera and keeps its size on screen (line speeds where they start, permissible speeds
// at the start of each curve). The ui decides what they say and their colours. Each sign is an
// osg::MatrixTransform named "speedSign" translating to its foot in double, holding the post (geode
// "speedSignPost", a line from (0, 0, 0) to (0, 0, height)) and the board relative to it
// (render/LocalOrigin.h): no float jitter millions of metres from the world's origin.
#include "core/geometry/Frame.h"

#include <osg/Group>
#include <osg/Vec4>

#include <string>
#include <vector>

namespace tl::render {

struct SpeedSign {
    Vec3 foot = Vec3::Zero();    // where the post stands (world) [m]
    double height = 4.0;         // post height [m]
    std::string text;            // e.g. "108 km/h"
    osg::Vec4 board{1, 1, 1, 1}; // board colour
    osg::Vec4 ink{0, 0, 0, 1};   // text colour
};

class SpeedSigns {
public:
    SpeedSigns();
    osg::Group* root() const { return m_root.get(); }
    void set(const std::vector<SpeedSign>& signs); // replaces all signs
    const std::vector<SpeedSign>& signs() const { return m_signs; }
    void setVisible(bool on) { m_root->setNodeMask(on ? ~0u : 0u); }
    bool isVisible() const { return m_root->getNodeMask() != 0; }

private:
    osg::ref_ptr<osg::Group> m_root;
    std::vector<SpeedSign> m_signs;
};

} // namespace tl::render
