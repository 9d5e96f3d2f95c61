#pragma once
// The cameras that ride with the train chosen in the Drive dock, on the run shown (live or replayed):
// Follow keeps the 3D view's orbit centre on the head car, Cab looks ahead from just in front of it; with
// either, the driver's HUD over the view (ui/view/DriverHud.h) shows that train. The free camera is the
// user's (camera flights and framing: ui/view/CameraFlight.h, ui/view/ViewFramer.h).
#include <QObject>

#include <memory>
#include <vector>

namespace tl {
struct LineSpeedOf;
}

namespace tl::ui {

class DrivePanel;
class DriverHud;
class OsgViewWidget;
class SimulationController;

class CameraRide : public QObject {
    Q_OBJECT
public:
    enum class Mode { Free, Follow, Cab };
    CameraRide(OsgViewWidget* view, DriverHud* hud, SimulationController* sim, DrivePanel* drive,
               QObject* parent);

    Mode mode() const { return m_mode; }
    // Follow brings the orbit camera within 120 m; ride() puts it at the train.
    void setMode(Mode mode);
    // The camera to where the train is now and the HUD's readout (no repaint: the caller updates the view).
    void ride();

signals:
    void ridingChanged(bool riding); // by every setMode(): true for Follow and Cab

private:
    OsgViewWidget* m_view;
    DriverHud* m_hud;
    SimulationController* m_sim;
    DrivePanel* m_drive;
    Mode m_mode = Mode::Free;
    std::shared_ptr<const std::vector<LineSpeedOf>> m_lineSpeeds; // the HUD's speed signs (per simulation)
};

} // namespace tl::ui
