#pragma once
// Vehicles drawn as boxes (car bodies), one transform per vehicle body, posed every frame.
#include "core/geometry/Frame.h"

#include <osg/Group>
#include <osg/MatrixTransform>

#include <string>
#include <vector>

namespace osgViewer {
class View;
}

namespace tl::render {

class VehicleNodes {
public:
    VehicleNodes();
    osg::Group* root() const { return m_root.get(); }
    // One box per vehicle with these full extents [m] (length along x, width y, height z of the body); where
    // models[i] names a model file (osgDB), that model is drawn instead (a box if it cannot be read: see
    // loadProblems()).
    void reset(const std::vector<Vec3>& boxes, const std::vector<std::string>& models = {});
    const std::vector<std::string>& loadProblems() const { return m_problems; }
    bool showsModel(std::size_t i) const { return i < m_models.size() && m_models[i].valid(); }
    void setPose(std::size_t i, const Pose& bodyToWorld);
    void setDerailed(std::size_t i, bool derailed); // red when off the track
    std::size_t count() const { return m_bodies.size(); }
    // Index of the box whose node is on this node path (picking), or -1.
    int partOf(const osg::NodePath& path) const;
    void setHighlighted(int i);
    // The box under window coordinates (OSG convention: origin bottom-left), or -1.
    int pick(osgViewer::View& view, double x,
             double y) const; // outline colour for the selected part (-1: none)

private:
    osg::ref_ptr<osg::Group> m_root;
    std::vector<osg::ref_ptr<osg::MatrixTransform>> m_bodies;
    std::vector<Vec3> m_boxes;
    std::vector<bool> m_derailed;
    std::vector<osg::ref_ptr<osg::Node>> m_models; // loaded model per part (null: box)
    std::vector<std::string> m_problems;
};

} // namespace tl::render
