#pragma once
// The Help menu's entries besides About: User Guide (F1), Keyboard Shortcuts, and the bundled demos.
class QMenu;
class QWidget;

namespace tl::ui {

class FileManager;

void addHelpActions(QMenu* help, QWidget* window, FileManager* files);

} // namespace tl::ui
