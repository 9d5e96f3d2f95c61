#pragma once
// What the main window keeps between sessions in QSettings: its geometry and the arrangement of its docks
// and toolbars ("window/geometry", "window/state"). The recent files and the units keep their own
// (ui/document/FileManager.h, ui/Units.h). A window that is not persistent (--screenshot) keeps nothing:
// not these, and its file manager no recent files and no recovery files.
#include <QObject>

class QMainWindow;

namespace tl::ui {

class FileManager;

class WindowSettings : public QObject {
    Q_OBJECT
public:
    WindowSettings(QMainWindow* w, FileManager* files);

    // The last session's geometry and arrangement: after every dock and toolbar exists (restoreState()
    // finds them by their object names).
    void restore();
    // On close: the geometry and arrangement, and the recovery files go (only when persistent).
    void save();
    void setPersistent(bool on);
    bool isPersistent() const { return m_persistent; }

private:
    QMainWindow* m_window;
    FileManager* m_files;
    bool m_persistent = true;
};

} // namespace tl::ui
