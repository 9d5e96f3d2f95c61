#include "ui/help/ShortcutsDialog.h"

#include "ui/ActionDecor.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QTableWidget>
#include <QVBoxLayout>

namespace tl::ui {

namespace {
void collect(QMenu* menu, const QString& path, QList<ShortcutEntry>& out) {
    QString title = menu->title();
    title.remove('&');
    const QString here = path.isEmpty() ? title : path + QStringLiteral(" > ") + title;
    for (QAction* a : menu->actions()) {
        if (a->isSeparator()) continue;
        if (a->menu()) {
            collect(a->menu(), here, out);
            continue;
        }
        QStringList keys;
        for (const QKeySequence& k : a->shortcuts())
            if (!k.isEmpty()) keys << k.toString(QKeySequence::NativeText);
        if (keys.isEmpty()) continue;
        QString note = a->statusTip();
        if (a->shortcutContext() == Qt::WidgetWithChildrenShortcut)
            note += (note.isEmpty() ? "" : " ") + QObject::tr("(while the 3D view has the focus)");
        out.push_back({here, plainActionText(a), keys.join(", "), note});
    }
}
} // namespace

QList<ShortcutEntry> collectShortcuts(QWidget* window) {
    QList<ShortcutEntry> out;
    for (QMenuBar* bar : window->findChildren<QMenuBar*>())
        for (QAction* a : bar->actions())
            if (a->menu()) collect(a->menu(), QString(), out);
    return out;
}

ShortcutsDialog::ShortcutsDialog(QWidget* window) : QDialog(window) {
    setWindowTitle(tr("Keyboard Shortcuts"));
    setObjectName("shortcutsDialog");
    resize(760, 640);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(
        new QLabel(tr("Every shortcut of TrackLab's menus. In the 3D view the mouse orbits (left "
                      "drag), pans (middle drag) and zooms (wheel or right drag)."),
                   this));
    const QList<ShortcutEntry> entries = collectShortcuts(window);
    m_table = new QTableWidget(int(entries.size()), 4, this);
    m_table->setHorizontalHeaderLabels({tr("Keys"), tr("Action"), tr("Menu"), tr("What it does")});
    for (int r = 0; r < int(entries.size()); ++r) {
        const ShortcutEntry& e = entries[r];
        const QString cells[4] = {e.keys, e.action, e.menu, e.tip};
        for (int c = 0; c < 4; ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
            if (c == 0) {
                QFont f = item->font();
                f.setBold(true);
                item->setFont(f);
            }
            m_table->setItem(r, c, item);
        }
    }
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->resizeColumnsToContents();
    m_table->setSortingEnabled(false);
    layout->addWidget(m_table, 1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    layout->addWidget(buttons);
}

} // namespace tl::ui
