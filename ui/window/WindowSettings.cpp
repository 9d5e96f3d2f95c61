#include "ui/window/WindowSettings.h"

#include "ui/document/FileManager.h"

#include <QMainWindow>
#include <QSettings>

namespace tl::ui {

WindowSettings::WindowSettings(QMainWindow* w, FileManager* files)
    : QObject(w), m_window(w), m_files(files) {}

void WindowSettings::restore() {
    QSettings settings;
    m_window->restoreGeometry(settings.value("window/geometry").toByteArray());
    m_window->restoreState(settings.value("window/state").toByteArray());
}

void WindowSettings::save() {
    if (!m_persistent) return;
    m_files->discardRecovery();
    QSettings settings;
    settings.setValue("window/geometry", m_window->saveGeometry());
    settings.setValue("window/state", m_window->saveState());
}

void WindowSettings::setPersistent(bool on) {
    m_persistent = on;
    m_files->setPersistent(on);
}

} // namespace tl::ui
