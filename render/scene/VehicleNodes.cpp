#include "render/scene/VehicleNodes.h"

#include "render/OsgConvert.h"
#include "render/scene/Shapes.h"

#include <osg/Material>
#include <osgDB/ReadFile>

#include <map>
#include <osgUtil/LineSegmentIntersector>
#include <osgViewer/View>

namespace tl::render {

namespace {
const osg::Vec4 kBody(0.15f, 0.35f, 0.75f, 1.f), kDerailed(0.85f, 0.1f, 0.1f, 1.f);
}

VehicleNodes::VehicleNodes() : m_root(new osg::Group) {
    m_root->setName("vehicles");
}

void VehicleNodes::reset(const std::vector<Vec3>& boxes, const std::vector<std::string>& models) {
    m_root->removeChildren(0, m_root->getNumChildren());
    m_bodies.clear();
    m_boxes = boxes;
    m_derailed.assign(boxes.size(), false);
    m_models.assign(boxes.size(), nullptr);
    m_problems.clear();
    std::map<std::string, osg::ref_ptr<osg::Node>> loaded; // one load per file, shared by the cars using it
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        osg::ref_ptr<osg::MatrixTransform> t = new osg::MatrixTransform;
        if (i < models.size() && !models[i].empty()) {
            auto it = loaded.find(models[i]);
            if (it == loaded.end()) {
                osg::ref_ptr<osg::Node> node = osgDB::readRefNodeFile(models[i]);
                if (!node)
                    m_problems.push_back("cannot read the model " + models[i] + "; drawing a box instead");
                it = loaded.emplace(models[i], node).first;
            }
            m_models[i] = it->second;
        }
        t->addChild(m_models[i].valid() ? m_models[i].get() : makeBox(boxes[i], kBody).get());
        m_root->addChild(t);
        m_bodies.push_back(t);
    }
}

void VehicleNodes::setPose(std::size_t i, const Pose& X) {
    if (i < m_bodies.size()) m_bodies[i]->setMatrix(toOsg(X));
}

void VehicleNodes::setDerailed(std::size_t i, bool derailed) {
    if (i >= m_bodies.size() || m_derailed[i] == derailed) return;
    m_derailed[i] = derailed;
    m_bodies[i]->removeChildren(0, m_bodies[i]->getNumChildren());
    if (m_models[i].valid() && !derailed)
        m_bodies[i]->addChild(m_models[i]);
    else
        m_bodies[i]->addChild(makeBox(m_boxes[i], derailed ? kDerailed : kBody));
}

} // namespace tl::render

namespace tl::render {

int VehicleNodes::partOf(const osg::NodePath& path) const {
    for (const osg::Node* n : path)
        for (std::size_t i = 0; i < m_bodies.size(); ++i)
            if (n == m_bodies[i].get()) return int(i);
    return -1;
}

int VehicleNodes::pick(osgViewer::View& view, double x, double y) const {
    if (m_bodies.empty()) return -1;
    osg::ref_ptr<osgUtil::LineSegmentIntersector> isect =
        new osgUtil::LineSegmentIntersector(osgUtil::Intersector::WINDOW, x, y);
    osgUtil::IntersectionVisitor iv(isect.get());
    view.getCamera()->accept(iv);
    for (const auto& hit : isect->getIntersections())
        if (const int i = partOf(hit.nodePath); i >= 0) return i;
    return -1;
}

void VehicleNodes::setHighlighted(int i) {
    for (std::size_t k = 0; k < m_bodies.size(); ++k) {
        osg::StateSet* ss = m_bodies[k]->getOrCreateStateSet();
        if (int(k) == i) {
            osg::ref_ptr<osg::Material> m = new osg::Material;
            m->setColorMode(osg::Material::AMBIENT_AND_DIFFUSE);
            m->setEmission(osg::Material::FRONT_AND_BACK, osg::Vec4(0.5f, 0.45f, 0.0f, 1.f));
            ss->setAttributeAndModes(m, osg::StateAttribute::ON);
        } else {
            ss->removeAttribute(osg::StateAttribute::MATERIAL);
        }
    }
}

} // namespace tl::render
