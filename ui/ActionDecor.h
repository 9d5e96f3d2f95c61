#pragma once
// Every action of a window gets an icon (a standard one, or a small drawn glyph), a tooltip that names its
// shortcut and a status tip that says what it does. Call after the menus are built.
#include <QString>

class QAction;
class QWidget;

namespace tl::ui {

void decorateActions(QWidget* window);
// The action's text without mnemonics (&) and trailing dots, e.g. "Save As".
QString plainActionText(const QAction* a);
// "Save As (Ctrl+Shift+S)" or just the text when the action has no shortcut.
QString tooltipWithShortcut(const QAction* a);

} // namespace tl::ui
