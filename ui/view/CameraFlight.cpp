#include "ui/view/CameraFlight.h"

#include "ui/view/OsgViewWidget.h"

#include <QElapsedTimer>
#include <QTimer>

#include <algorithm>
#include <memory>

namespace tl::ui {

void flyCameraTo(OsgViewWidget* view, const osg::Vec3d& to, double maxDistance, int ms) {
    const osg::Vec3d from = view->manipulator()->getCenter();
    const double d0 = view->manipulator()->getDistance(), d1 = std::min(d0, maxDistance);
    auto* anim = new QTimer(view);
    auto clock = std::make_shared<QElapsedTimer>();
    clock->start();
    QObject::connect(anim, &QTimer::timeout, view, [view, anim, clock, from, to, d0, d1, ms] {
        const double u = std::min(1.0, double(clock->elapsed()) / std::max(1, ms)), w = u * u * (3 - 2 * u);
        view->manipulator()->setCenter(from + (to - from) * w);
        view->manipulator()->setDistance(d0 + (d1 - d0) * w);
        view->update();
        if (u >= 1.0) {
            anim->stop();
            anim->deleteLater();
        }
    });
    anim->start(16);
}

} // namespace tl::ui
