#pragma once
// Help > Keyboard Shortcuts: every shortcut of the window's actions, read from the actions themselves
// (menu, action, keys, what it does), so the list cannot drift from the program.
#include <QDialog>
#include <QList>
#include <QString>

class QTableWidget;

namespace tl::ui {

struct ShortcutEntry {
    QString menu;   // e.g. "View > Camera"
    QString action; // plain text
    QString keys;   // native text, several joined by ", "
    QString tip;    // the status tip
};

// Every action reachable from the window's menu bar that has a shortcut, in menu order.
QList<ShortcutEntry> collectShortcuts(QWidget* window);

class ShortcutsDialog : public QDialog {
    Q_OBJECT
public:
    explicit ShortcutsDialog(QWidget* window);
    QTableWidget* table() const { return m_table; }

private:
    QTableWidget* m_table;
};

} // namespace tl::ui
