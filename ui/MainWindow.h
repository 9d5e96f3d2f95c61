#pragma once
// TrackLab's main window: the 3D view in the centre; outliner, properties, twist editor, undo history and
// live plot docks around it; File / Edit / View / Simulation / Help menus.
#include <QMainWindow>

#include <memory>

class QLabel;
class QMenu;
class QActionGroup;

namespace tl::render {
class LayoutScene;
class VehicleNodes;
} // namespace tl::render

namespace tl::ui {

class Document;
class EditController;
class FileManager;
class LivePlot;
class OsgViewWidget;
class OutlinerPanel;
class PropertyPanel;
class SimulationController;
class TwistEditor;

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
    TwistEditor* twistEditor() const { return m_twist; }
    PropertyPanel* properties() const { return m_properties; }
    LivePlot* plot() const { return m_plot; }
    SimulationController* simulation() const { return m_sim; }
    QString lastMessage() const { return m_lastMessage; } // last error shown to the user

    static QString aboutText(); // product and library versions, shown by Help > About

public slots:
    void showAbout();
    void frameAll();
    void frameSelected();

protected:
    void closeEvent(QCloseEvent* e) override;

private:
    void createDocks();
    void createActions();
    void updateTitle();
    void updateRecentMenu();
    void onLayoutChanged();
    void showError(const QString& message); // non-blocking message box + status bar

    Document* m_doc = nullptr;
    FileManager* m_files = nullptr;
    OsgViewWidget* m_view = nullptr;
    std::unique_ptr<render::LayoutScene> m_scene;
    std::unique_ptr<render::VehicleNodes> m_vehicles;
    EditController* m_editor = nullptr;
    OutlinerPanel* m_outliner = nullptr;
    PropertyPanel* m_properties = nullptr;
    TwistEditor* m_twist = nullptr;
    LivePlot* m_plot = nullptr;
    SimulationController* m_sim = nullptr;
    QMenu* m_recentMenu = nullptr;
    QLabel* m_simStatus = nullptr;
    QLabel* m_validationStatus = nullptr;
    QString m_lastMessage;
    bool m_framedOnce = false;
};

} // namespace tl::ui
