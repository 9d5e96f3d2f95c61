#pragma once
// TrackLab's main window: the 3D view in the centre; outliner, properties, twist editor, undo history and
// live plot docks around it; File / Edit / View / Simulation / Help menus. It assembles its parts and
// connects them: the docks (ui/window/MainDocks.h), the menus (ui/window/MainMenus.h), the status bar
// readouts (ui/window/StatusReadouts.h), the riding cameras (ui/window/CameraRide.h) and what it keeps
// between sessions (ui/window/WindowSettings.h).
#include "ui/window/CameraRide.h"

#include <QMainWindow>

#include <memory>

namespace tl::design {
struct LayoutChange;
}

namespace tl::render {
class LayoutScene;
class VehicleNodes;
} // namespace tl::render

namespace tl::ui {

class Document;
class EditController;
class FileManager;
class DrivePanel;
class DriverHud;
class FirstView;
class EventLog;
struct RunEvent;
class TelemetryPlot;
class TimelineBar;
class OsgViewWidget;
class OutlinerPanel;
class PropertyPanel;
class SimulationController;
class TwistEditor;
class DesignTools;
class ChecksPanel;
class MainDocks;
class MainMenus;
class StatusReadouts;
class WindowSettings;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    Document* document() const { return m_doc; }
    FileManager* files() const { return m_files; }
    OsgViewWidget* view() const { return m_view; }
    render::LayoutScene* scene() const { return m_scene.get(); }
    EditController* editor() const { return m_editor; }
    DesignTools* design() const { return m_design; }
    TwistEditor* twistEditor() const { return m_twist; }
    PropertyPanel* properties() const { return m_properties; }
    TelemetryPlot* plot() const { return m_plot; }
    DrivePanel* drive() const { return m_drive; }
    EventLog* events() const { return m_events; }
    TimelineBar* timeline() const { return m_timeline; }
    DriverHud* hud() const { return m_hud; }         // over the 3D view in the follow and cab cameras
    ChecksPanel* checks() const { return m_checks; } // the "Checks" dock (design rules, ui/checks)
    MainDocks* docks() const { return m_docks; }     // every dock, by what it holds
    using Camera = CameraRide::Mode;
    void setCamera(Camera c);
    // Select derailment event i: marker at the place, camera there, timeline and plots at its time.
    void inspectEvent(const RunEvent& event); // marker, camera flight, timeline and plots at the event
    // Colour the track by the peak Y/Q / Nadal limit of the run so far (from the telemetry history).
    void colourByPeakYQ();
    SimulationController* simulation() const { return m_sim; }
    QString lastMessage() const { return m_lastMessage; } // last error shown to the user

    static QString aboutText(); // product and library versions, shown by Help > About
    // false (--screenshot): nothing goes to the settings (recent files, window state) or recovery files
    void setPersistent(bool on);

public slots:
    void uncoupleBehind(); // Simulation > Uncouple Behind: the selected car's train, behind that car
    void showAbout();
    void frameAll();
    void frameSelected();

protected:
    void closeEvent(QCloseEvent* e) override;

private:
    void updateTitle();
    void onLayoutChanged(const tl::design::LayoutChange& change);
    void showError(const QString& message); // non-blocking message box + status bar
    void onSimulationAdvanced();
    void selectVehiclePart(int part);

    Document* m_doc = nullptr;
    FileManager* m_files = nullptr;
    OsgViewWidget* m_view = nullptr;
    std::unique_ptr<render::LayoutScene> m_scene;
    std::unique_ptr<render::VehicleNodes> m_vehicles;
    EditController* m_editor = nullptr;
    DesignTools* m_design = nullptr;
    OutlinerPanel* m_outliner = nullptr;
    PropertyPanel* m_properties = nullptr;
    TwistEditor* m_twist = nullptr;
    MainDocks* m_docks = nullptr;
    MainMenus* m_menus = nullptr; // File > Open Recent and View > Track Colour live there
    TelemetryPlot* m_plot = nullptr;
    DrivePanel* m_drive = nullptr;
    EventLog* m_events = nullptr;
    TimelineBar* m_timeline = nullptr;
    DriverHud* m_hud = nullptr;
    ChecksPanel* m_checks = nullptr;
    int m_selectedPart = -1;
    SimulationController* m_sim = nullptr;
    QString m_lastMessage;
    FirstView* m_first = nullptr; // framing, train markers, notes and next steps
    StatusReadouts* m_status = nullptr;
    CameraRide* m_ride = nullptr;
    WindowSettings* m_settings = nullptr;
};

} // namespace tl::ui
