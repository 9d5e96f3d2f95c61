#include "render/scene/VehicleNodes.h"

#include "render/OsgConvert.h"
#include "render/scene/Shapes.h"

namespace tl::render {

namespace {
const osg::Vec4 kBody(0.15f, 0.35f, 0.75f, 1.f), kDerailed(0.85f, 0.1f, 0.1f, 1.f);
}

VehicleNodes::VehicleNodes() : m_root(new osg::Group) {
    m_root->setName("vehicles");
}

void VehicleNodes::reset(const std::vector<Vec3>& boxes) {
    m_root->removeChildren(0, m_root->getNumChildren());
    m_bodies.clear();
    m_boxes = boxes;
    for (const Vec3& b : boxes) {
        osg::ref_ptr<osg::MatrixTransform> t = new osg::MatrixTransform;
        t->addChild(makeBox(b, kBody));
        m_root->addChild(t);
        m_bodies.push_back(t);
    }
}

void VehicleNodes::setPose(std::size_t i, const Pose& X) {
    if (i < m_bodies.size()) m_bodies[i]->setMatrix(toOsg(X));
}

void VehicleNodes::setDerailed(std::size_t i, bool derailed) {
    if (i >= m_bodies.size()) return;
    m_bodies[i]->removeChildren(0, m_bodies[i]->getNumChildren());
    m_bodies[i]->addChild(makeBox(m_boxes[i], derailed ? kDerailed : kBody));
}

} // namespace tl::render
