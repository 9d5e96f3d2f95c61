#include "ui/view/ViewFramer.h"

#include "ui/view/OsgViewWidget.h"

#include <QEvent>

#include <osg/BoundingBox>

#include <algorithm>
#include <cmath>

namespace tl::ui {

namespace {
// From the south-west, 40 degrees above the horizon: a loop reads as a loop, hills still show.
const osg::Vec3d kForward = [] {
    osg::Vec3d f(0.45, 1.0, -0.93);
    f.normalize();
    return f;
}();
} // namespace

ViewFramer::ViewFramer(OsgViewWidget* view) : QObject(view), m_view(view) {
    view->installEventFilter(this);
}

double ViewFramer::fitDistance(const std::vector<osg::Vec3d>& points, const osg::Vec3d& centre,
                               const osg::Vec3d& forward, double fovy, double aspect, double margin) {
    osg::Vec3d right = forward ^ osg::Vec3d(0, 0, 1);
    if (right.length2() < 1e-12) right = osg::Vec3d(1, 0, 0);
    right.normalize();
    const osg::Vec3d up = right ^ forward;
    const double ty = std::tan(0.5 * fovy * M_PI / 180.0) * (1.0 - margin);
    const double tx = ty * aspect;
    double d = 1.0;
    for (const osg::Vec3d& p : points) {
        const osg::Vec3d q = p - centre;
        const double depth = q * forward; // along the view direction, beyond the centre
        // a point at (x, y) and depth d + depth shows inside the viewport if |x| <= tx (d + depth)
        d = std::max(d, std::abs(q * right) / tx - depth);
        d = std::max(d, std::abs(q * up) / ty - depth);
    }
    return d;
}

void ViewFramer::frame(const std::vector<osg::Vec3d>& points) {
    m_points = points;
    apply();
}

void ViewFramer::apply() {
    if (m_points.empty()) { // an empty layout (File > New): the ground around the origin, from above
        m_active = false;
        m_view->manipulator()->setHomePosition(osg::Vec3d(0, -1, 600), osg::Vec3d(0, 0, 0),
                                               osg::Vec3d(0, 1, 0));
        m_view->viewer()->home();
        m_view->update();
        return;
    }
    osg::BoundingBoxd box;
    for (const osg::Vec3d& p : m_points)
        box.expandBy(p);
    const osg::Vec3d centre = box.center();
    double fovy = 40, aspect = 1.5, zNear = 1, zFar = 1;
    m_view->viewer()->getCamera()->getProjectionMatrixAsPerspective(fovy, aspect, zNear, zFar);
    if (m_view->height() > 0) aspect = double(m_view->width()) / m_view->height();
    const double d = fitDistance(m_points, centre, kForward, fovy, aspect);
    const osg::Vec3d eye = centre - kForward * d;
    auto* m = m_view->manipulator();
    m->setHomePosition(eye, centre, osg::Vec3d(0, 0, 1));
    m->setTransformation(eye, centre, osg::Vec3d(0, 0, 1));
    m_framed = m->getMatrix();
    m_active = true;
    m_view->update();
}

bool ViewFramer::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_view && event->type() == QEvent::Resize && m_active) {
        if (m_view->manipulator()->getMatrix() == m_framed)
            apply();
        else
            m_active = false; // the user moved the camera: leave it alone
    }
    return QObject::eventFilter(watched, event);
}

} // namespace tl::ui
