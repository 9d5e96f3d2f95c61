#include "ui/help/HelpMenu.h"

#include "ui/document/FileManager.h"
#include "ui/help/HelpBrowser.h"
#include "ui/help/ShortcutsDialog.h"

#include <QAction>
#include <QMenu>
#include <QPointer>

namespace tl::ui {

void addHelpActions(QMenu* help, QWidget* window, FileManager* files) {
    auto* guide = help->addAction(QObject::tr("&User Guide"), window, [window] {
        auto* b = window->findChild<HelpBrowser*>();
        if (!b) b = new HelpBrowser(window);
        b->show();
        b->raise();
        b->activateWindow();
    });
    guide->setObjectName("helpGuide");
    guide->setShortcut(QKeySequence::HelpContents);
    if (guide->shortcut().isEmpty()) guide->setShortcut(QKeySequence(Qt::Key_F1));
    help->addAction(QObject::tr("&Keyboard Shortcuts"), QKeySequence(Qt::CTRL | Qt::Key_Slash), window,
                    [window] {
                        // built fresh each time: it lists the actions as they are now
                        auto* d = new ShortcutsDialog(window);
                        d->setAttribute(Qt::WA_DeleteOnClose);
                        d->show();
                    })
        ->setObjectName("helpShortcuts");
    help->addSeparator();
    help->addAction(QObject::tr("Open &Demo Layout"), window,
                    [files] {
                        if (files->maybeSave()) files->openDemo();
                    })
        ->setObjectName("helpDemo");
    help->addAction(QObject::tr("Open &Coaster Demo"), window,
                    [files] {
                        if (files->maybeSave()) files->openDemo(QStringLiteral("coaster.json"));
                    })
        ->setObjectName("helpCoasterDemo");
    help->addSeparator();
}

} // namespace tl::ui
