#include "ui/window/CameraRide.h"

#include "core/layout/LineSpeed.h"
#include "render/OsgConvert.h"
#include "ui/sim/DrivePanel.h"
#include "ui/sim/HudReadout.h"
#include "ui/sim/SimulationController.h"
#include "ui/view/DriverHud.h"
#include "ui/view/OsgViewWidget.h"

#include <algorithm>
#include <cmath>

namespace tl::ui {

CameraRide::CameraRide(OsgViewWidget* view, DriverHud* hud, SimulationController* sim, DrivePanel* drive,
                       QObject* parent)
    : QObject(parent), m_view(view), m_hud(hud), m_sim(sim), m_drive(drive) {
    connect(m_sim, &SimulationController::simulationReset, this, [this] {
        // the HUD's speed signs, once per simulation (not per frame): of the layout the shown run is on
        m_lineSpeeds =
            m_sim->simulation()
                ? std::make_shared<const std::vector<LineSpeedOf>>(lineSpeeds(m_sim->simulation()->layout()))
                : nullptr;
    });
}

void CameraRide::setMode(Mode mode) {
    m_mode = mode;
    emit ridingChanged(mode != Mode::Free);
    if (mode == Mode::Follow)
        m_view->manipulator()->setDistance(std::min(m_view->manipulator()->getDistance(), 120.0));
}

void CameraRide::ride() {
    const Simulation* sim = m_sim->shown();
    const int t = m_drive->train();
    const bool riding = m_mode != Mode::Free && sim && t >= 0 && t < sim->view().trainCount();
    if (riding) {
        const Pose head = sim->view().carPose(t, 0);
        const double length = sim->view().trainInfo(t).cars.front().box.x();
        const Vec3 forward = head.linear().col(0) * (sim->view().trainDrive(t).direction >= 0 ? 1.0 : -1.0);
        if (m_mode == Mode::Follow) {
            m_view->manipulator()->setCenter(render::toOsg(head.translation()));
        } else {
            const Vec3 eye = head.translation() + forward * (0.5 * length + 0.3) + Vec3(0, 0, 1.2);
            m_view->manipulator()->setTransformation(render::toOsg(eye),
                                                     render::toOsg(eye + forward * 60.0 - Vec3(0, 0, 1.5)),
                                                     osg::Vec3d(0, 0, 1));
        }
    }
    m_hud->setVisible(riding);
    if (m_hud->isVisible())
        m_hud->setReadout(hudReadout(sim, t, DrivePanel::kNotches, m_sim->rate(),
                                     m_sim->isRunning() ? m_sim->achievedRate() : std::nan(""),
                                     m_lineSpeeds.get()));
}

} // namespace tl::ui
