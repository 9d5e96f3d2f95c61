// DesignTools' live preview: the piece that the active tool would add, as an orange line strip drawn over
// the scene (the first track from its clicked start to the mouse; an appended piece compiled on its own
// against the unchanged layout, core/design/PiecePreview).
#include "core/design/EndState.h"
#include "core/design/PiecePreview.h"
#include "ui/document/Document.h"
#include "ui/tools/DesignTools.h"
#include "ui/view/OsgViewWidget.h"

#include <osg/Geometry>
#include <osg/LineWidth>

namespace tl::ui {

void DesignTools::showPolyline(const std::vector<Vec3>& points) {
    m_preview->removeChildren(0, m_preview->getNumChildren());
    m_previewPoints = int(points.size());
    if (points.size() >= 2) {
        osg::ref_ptr<osg::Vec3Array> v = new osg::Vec3Array;
        for (const Vec3& p : points)
            v->push_back(osg::Vec3(float(p.x()), float(p.y()), float(p.z() + 0.3)));
        osg::ref_ptr<osg::Geometry> g = new osg::Geometry;
        g->setVertexArray(v.get());
        osg::ref_ptr<osg::Vec4Array> c = new osg::Vec4Array;
        c->push_back(osg::Vec4(1.0f, 0.55f, 0.1f, 1.0f));
        g->setColorArray(c.get(), osg::Array::BIND_OVERALL);
        g->addPrimitiveSet(new osg::DrawArrays(GL_LINE_STRIP, 0, GLsizei(v->size())));
        osg::StateSet* ss = g->getOrCreateStateSet();
        ss->setMode(GL_LIGHTING, osg::StateAttribute::OFF);
        ss->setMode(GL_DEPTH_TEST, osg::StateAttribute::OFF);
        ss->setAttributeAndModes(new osg::LineWidth(4.0f));
        ss->setRenderBinDetails(1000, "RenderBin");
        m_preview->addChild(g.get());
    }
    m_view->update();
}

void DesignTools::updatePreview() {
    std::vector<Vec3> pts;
    const auto layout = m_doc->layout();
    if (m_mode == Mode::PlaceFirst && m_firstStart && m_mouseOnGround) {
        pts = {*m_firstStart, m_mouseGround};
    } else if (m_mode == Mode::Append && layout) {
        if (const auto end = currentEnd()) {
            try {
                design::PieceSpec p = currentPiece();
                if (m_kind == design::PieceKind::Spline) {
                    const design::EndState es = design::endState(*layout, *end);
                    const Pose toLevel = es.level.inverse(Eigen::Isometry) *
                                         layout->initialBodyPose(es.body).inverse(Eigen::Isometry);
                    for (const Vec3& w : m_splinePoints)
                        p.points.push_back(toLevel * w);
                    if (m_mouseOnGround) p.points.push_back(toLevel * m_mouseGround);
                }
                if (m_kind != design::PieceKind::Spline || !p.points.empty()) {
                    const design::DesignEdit e = design::appendPiece(*layout, *end, p);
                    pts = design::previewPolyline(*layout, design::previewTracks(*layout, e), 2.0);
                }
            } catch (const std::exception& err) {
                m_error = QString::fromUtf8(err.what());
            }
        }
    }
    showPolyline(pts);
}

} // namespace tl::ui
