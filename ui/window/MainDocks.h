#pragma once
// The main window's docks and the panels in them (outliner, properties, history, twist profile, force keys,
// live plot, events, drive, checks, the timeline bar) and the simulation they show, made and arranged in one
// place; MainWindow assembles them with the 3D view, the menus (ui/window/MainMenus.h) and the status bar.
// The first start's arrangement is here too (arrangeFirstStart); others reach a dock through dock().
#include <QObject>

#include <array>

class QDockWidget;
class QMainWindow;
class QWidget;

namespace tl::render {
class LayoutScene;
class VehicleNodes;
} // namespace tl::render

namespace tl::ui {

class ChecksPanel;
class Document;
class DrivePanel;
class EditController;
class EventLog;
class ForceKeysEditor;
class OsgViewWidget;
class OutlinerPanel;
class PropertyPanel;
class SimulationController;
class TelemetryPlot;
class TimelineBar;
class TwistEditor;

class MainDocks : public QObject {
    Q_OBJECT
public:
    // Everything is made as children of `w` and docked in it.
    MainDocks(QMainWindow* w, Document* doc, render::LayoutScene* scene, OsgViewWidget* view,
              render::VehicleNodes* vehicles, EditController* editor);

    OutlinerPanel* outliner() const { return m_outliner; }
    PropertyPanel* properties() const { return m_properties; }
    TwistEditor* twist() const { return m_twist; }
    ForceKeysEditor* forceKeys() const { return m_forceKeys; }
    SimulationController* simulation() const { return m_sim; }
    TelemetryPlot* plot() const { return m_plot; }
    EventLog* events() const { return m_events; }
    DrivePanel* drive() const { return m_drive; }
    ChecksPanel* checks() const { return m_checks; }
    TimelineBar* timeline() const { return m_timeline; }
    // The Track tools palette (ui/tools/DesignTools.h makes it after the menus): docked on the left.
    void addTrackTools(QWidget* panel);

    // The docks by what they hold (object names "outlinerDock", "propertiesDock", "historyDock", "twistDock",
    // "plotDock", "eventsDock", "driveDock", "checksDock", "trackToolsDock", "forceKeysDock": restoreState()
    // finds them so).
    enum class Dock {
        Outliner,
        Properties,
        History,
        Twist,
        Plot,
        Events,
        Drive,
        Checks,
        TrackTools,
        ForceKeys
    };
    QDockWidget* dock(Dock d) const { return m_docks[std::size_t(d)]; } // TrackTools: after addTrackTools()
    // The first start's arrangement (a restoreState() afterwards replaces it), with the `notes` dock
    // (ui/FirstView.h): one column on the right, the bottom docks and the track tools hidden until they have
    // something to show, charts and forms in scroll areas, the window no larger than the screen.
    void arrangeFirstStart(QDockWidget* notes);

private:
    QMainWindow* m_window;
    std::array<QDockWidget*, 10> m_docks{};
    OutlinerPanel* m_outliner = nullptr;
    PropertyPanel* m_properties = nullptr;
    TwistEditor* m_twist = nullptr;
    ForceKeysEditor* m_forceKeys = nullptr;
    SimulationController* m_sim = nullptr;
    TelemetryPlot* m_plot = nullptr;
    EventLog* m_events = nullptr;
    DrivePanel* m_drive = nullptr;
    ChecksPanel* m_checks = nullptr;
    TimelineBar* m_timeline = nullptr;
};

} // namespace tl::ui
