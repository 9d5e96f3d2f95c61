#pragma once
// The main window's menus (File, Edit, View, Simulation, Help; the Track menu is the track tools',
// ui/tools/DesignTools.h) and the Simulation toolbar: every action made with its id (ui/ActionDecor.h),
// shortcut and target, from the window's parts (MainWindow's getters).
#include <QObject>

class QMenu;

namespace tl::ui {

class MainWindow;
class TrackColourMenu;

class MainMenus : public QObject {
    Q_OBJECT
public:
    explicit MainMenus(MainWindow* w);
    QMenu* recentMenu() const { return m_recentMenu; }     // File > Open Recent
    TrackColourMenu* colours() const { return m_colours; } // View > Track Colour
    // Fills File > Open Recent from the file manager's list (the window calls it when the list changes).
    void updateRecentMenu();

private:
    MainWindow* m_window;
    QMenu* m_recentMenu = nullptr;
    TrackColourMenu* m_colours = nullptr;
};

} // namespace tl::ui
