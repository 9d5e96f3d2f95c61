#pragma once
// A marker per train for the far view: a disc a fixed number of pixels across at the train's middle, with a
// label (id and speed) beside it, drawn over everything. When the camera shows a whole layout a car is a
// pixel or two wide; the marker shows only while the cars are narrower on screen than `maxPixels`. Labels
// never cover each other: in each frame a label whose place on screen overlaps one already shown (in train
// order) is left out, its disc still drawn -- a fleet of trains side by side shows its discs and as many
// labels as fit, not an unreadable heap.
#include "core/geometry/Frame.h"

#include <osg/Group>
#include <osg/MatrixTransform>
#include <osg/NodeCallback>
#include <osg/Vec4>
#include <osgText/Text>

#include <string>
#include <vector>

namespace osgUtil {
class CullVisitor;
}

namespace tl::render {

class TrainMarkers {
public:
    TrainMarkers();
    osg::Group* root() const { return m_root.get(); }

    void reset(std::size_t trains); // one (hidden) marker per train
    std::size_t count() const { return m_markers.size(); }
    // Place marker i at `centre` (world) for a train whose cars are `carWidth` metres wide, labelled `label`.
    void set(std::size_t i, const Vec3& centre, double carWidth, const std::string& label, bool derailed);
    void setVisible(bool on) { m_root->setNodeMask(on ? ~0u : 0u); } // e.g. off in the cab view
    bool isVisible() const { return m_root->getNodeMask() != 0; }
    std::string label(std::size_t i) const;
    std::size_t labelsShown() const { return m_shown->rects.size(); } // in the last frame culled

    // Marker colours (tests look for them in screenshots).
    static osg::Vec4 fillColour() { return {1.0f, 0.55f, 0.0f, 1.f}; }
    static osg::Vec4 derailedColour() { return {0.9f, 0.05f, 0.05f, 1.f}; }
    static constexpr double maxPixels = 8.0; // car width on screen below which the marker shows
    static constexpr float radiusPixels = 8.f;

private:
    // The labels placed on screen in the current frame (window pixels).
    struct Shown : osg::Referenced {
        unsigned frame = ~0u;
        std::vector<osg::Vec4d> rects; // x0, y0, x1, y1
    };
    // Culls its node while the cars (a sphere of half a car's width at the train's middle) are more than
    // maxPixels wide on screen: then the cars themselves are plain to see.
    class SizeCull : public osg::NodeCallback {
    public:
        float radius = 1.f; // half a car's width [m]
        osgText::Text* text = nullptr;
        osg::ref_ptr<Shown> shown;
        void operator()(osg::Node* node, osg::NodeVisitor* nv) override;
        bool placeLabel(osgUtil::CullVisitor& cv) const;
    };
    struct Marker {
        osg::ref_ptr<osg::MatrixTransform> at; // at the train's middle (world)
        osg::ref_ptr<SizeCull> cull;           // hides the marker when the train is big enough to see
        osg::ref_ptr<osg::Geometry> disc;
        osg::ref_ptr<osgText::Text> text;
        std::string label;
        bool derailed = false;
    };
    osg::ref_ptr<osg::Group> m_root;
    osg::ref_ptr<Shown> m_shown = new Shown;
    std::vector<Marker> m_markers;
};

} // namespace tl::render
