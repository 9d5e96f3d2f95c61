#pragma once
// Every action of a window has an id (its objectName) by which it gets its icon (a standard one, or a small
// drawn glyph) and the status tip that says what it does, and a tooltip that names its shortcut. Toolbars
// find actions by id too. Call after the menus are built.
#include <QString>

#include <QList>

class QAction;
class QWidget;

namespace tl::ui {

void decorateActions(QWidget* window);
QAction* withId(QAction* a, const char* id);  // sets the id, returns a
QList<QAction*> menuActions(QWidget* window); // every action in the window's menus (not the submenus)
// The action's text without mnemonics (&) and trailing dots, e.g. "Save As".
QString plainActionText(const QAction* a);
// "Save As (Ctrl+Shift+S)" or just the text when the action has no shortcut.
QString tooltipWithShortcut(const QAction* a);

} // namespace tl::ui
