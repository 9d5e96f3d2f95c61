#include "ui/tools/ScreenPick.h"

#include "core/design/EndState.h"
#include "render/OsgConvert.h"
#include "render/track/SignalNodes.h"
#include "ui/view/OsgViewWidget.h"

#include <osg/MatrixTransform>

#include <algorithm>
#include <cmath>

namespace tl::ui {

namespace {

constexpr double kSignalHeight =
    4.6; // [m] from a signal's foot to above its head (SignalNodes.cpp: 3.5 + 1.1)

// Distance from pos to the screen segment a -> b [px]; u: where along it the nearest point is (0 .. 1).
double segmentPixels(const QPointF& pos, const QPointF& a, const QPointF& b, double& u) {
    const QPointF d = b - a, e = pos - a;
    const double dd = d.x() * d.x() + d.y() * d.y();
    u = dd > 0 ? std::clamp((e.x() * d.x() + e.y() * d.y()) / dd, 0.0, 1.0) : 0.0;
    const QPointF c = a + u * d;
    return std::hypot(pos.x() - c.x(), pos.y() - c.y());
}

// Whether a world point is in front of the camera (project() mirrors points behind it).
bool inFront(const osg::Matrixd& viewProjection, const Vec3& w) {
    return (osg::Vec4d(w.x(), w.y(), w.z(), 1.0) * viewProjection).w() > 1e-9;
}

osg::Matrixd viewProjection(const OsgViewWidget& view) {
    const osg::Camera* cam = view.viewer()->getCamera();
    return cam->getViewMatrix() * cam->getProjectionMatrix();
}

} // namespace

std::optional<ScreenPickHit> pickTrackOnScreen(const Layout& layout, const OsgViewWidget& view,
                                               const QPointF& pos, double maxPixels, int onlyTrack) {
    std::optional<ScreenPickHit> best;
    const osg::Matrixd vp = viewProjection(view);
    for (std::size_t t = 0; t < layout.trackCount(); ++t) {
        if (onlyTrack >= 0 && int(t) != onlyTrack) continue;
        const Track& track = layout.track(t);
        const Pose X = layout.initialBodyPose(track.body()) * track.placement();
        const double L = track.length();
        const int n = std::clamp(int(std::ceil(L / 2.0)), 16, 4000);
        QPointF prev;
        bool prevOk = false;
        double prevS = 0.0;
        for (int i = 0; i <= n; ++i) {
            const double s = L * i / n;
            const Vec3 w = X * track.curve().position(s);
            const bool ok = inFront(vp, w);
            const QPointF q = ok ? view.project(render::toOsg(w)) : QPointF();
            if (ok && prevOk) {
                double u = 0.0;
                const double px = segmentPixels(pos, prev, q, u);
                if (px <= maxPixels && (!best || px < best->pixels))
                    best = ScreenPickHit{int(t), prevS + u * (s - prevS), px};
            }
            prev = q;
            prevOk = ok;
            prevS = s;
        }
    }
    return best;
}

int pickSwitchOnScreen(const Layout& layout, const OsgViewWidget& view, const QPointF& pos,
                       double maxPixels) {
    const osg::Matrixd vp = viewProjection(view);
    int best = -1;
    double bestD = maxPixels;
    for (std::size_t k = 0; k < layout.spec().switches.size(); ++k) {
        const design::EndState es = design::endState(layout, layout.spec().switches[k].at);
        const Vec3 w = layout.initialBodyPose(es.body) * es.position();
        if (!inFront(vp, w)) continue;
        const QPointF q = view.project(render::toOsg(w));
        const double d = std::hypot(q.x() - pos.x(), q.y() - pos.y());
        if (d <= bestD) best = int(k), bestD = d;
    }
    return best;
}

int pickSignalOnScreen(const render::SignalNodes& drawn, const OsgViewWidget& view, const QPointF& pos,
                       double maxPixels) {
    const osg::Matrixd vp = viewProjection(view);
    int best = -1;
    double bestD = maxPixels;
    const osg::Group* root = drawn.root();
    for (unsigned k = 0; k < root->getNumChildren(); ++k) {
        // each signal is one child, its matrix at the foot of the post, z up (SignalNodes.h)
        const auto* node = dynamic_cast<const osg::MatrixTransform*>(root->getChild(k));
        if (!node) continue;
        const osg::Vec3d foot = node->getMatrix().getTrans();
        const Vec3 a = render::toEigen(foot), b = a + kSignalHeight * Vec3::UnitZ();
        if (!inFront(vp, a) || !inFront(vp, b)) continue;
        double u = 0.0;
        const double d = segmentPixels(pos, view.project(foot), view.project(render::toOsg(b)), u);
        if (d <= bestD) best = int(k), bestD = d;
    }
    return best;
}

} // namespace tl::ui
