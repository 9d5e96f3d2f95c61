#include "ui/tools/ScreenPick.h"

#include "render/OsgConvert.h"
#include "ui/view/OsgViewWidget.h"

#include <algorithm>
#include <cmath>

namespace tl::ui {

std::optional<ScreenPickHit> pickTrackOnScreen(const Layout& layout, const OsgViewWidget& view,
                                               const QPointF& pos, double maxPixels) {
    std::optional<ScreenPickHit> best;
    const osg::Camera* cam = view.viewer()->getCamera();
    const osg::Matrixd vp = cam->getViewMatrix() * cam->getProjectionMatrix();
    for (std::size_t t = 0; t < layout.trackCount(); ++t) {
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
            const osg::Vec4d clip = osg::Vec4d(w.x(), w.y(), w.z(), 1.0) * vp;
            const bool ok = clip.w() > 1e-9; // in front of the camera
            const QPointF q = ok ? view.project(render::toOsg(w)) : QPointF();
            if (ok && prevOk) {
                // distance from pos to the screen segment prev -> q
                const QPointF d = q - prev, e = pos - prev;
                const double dd = d.x() * d.x() + d.y() * d.y();
                const double u = dd > 0 ? std::clamp((e.x() * d.x() + e.y() * d.y()) / dd, 0.0, 1.0) : 0.0;
                const QPointF c = prev + u * d;
                const double px = std::hypot(pos.x() - c.x(), pos.y() - c.y());
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

} // namespace tl::ui
