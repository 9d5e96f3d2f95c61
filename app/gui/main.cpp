// tracklab: the editor and simulator GUI.
//   tracklab [LAYOUT.json] [--screenshot OUT.png] [--camera free|follow|cab] [--track-colour NAME]
// With --screenshot: open the layout, render the main window once fully, save it as PNG and exit 0
// (exit 2 with the loader's message on a bad file). Such a run writes no settings, recent files or
// recovery files.
#include "core/BuildInfo.h"
#include "physics/world/BulletInfo.h"
#include "ui/MainWindow.h"
#include "ui/document/Document.h"
#include "ui/document/FileManager.h"
#include "ui/view/GlFormat.h"
#include "ui/view/OsgViewWidget.h"

#include <QAction>
#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QMessageBox>
#include <QSettings>
#include <QTimer>

#include <iostream>

int main(int argc, char** argv) {
    tl::ui::setDefaultSurfaceFormat(); // before QApplication
    QApplication app(argc, argv);
    QApplication::setApplicationName("TrackLab");
    QApplication::setOrganizationName("TrackLab");
    QApplication::setApplicationVersion(QString::fromStdString(tl::tracklabVersion()));

    QCommandLineParser parser;
    parser.setApplicationDescription("TrackLab: track layout editor and simulator");
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument("layout",
                                 "Layout file to open (default: the last one, or the bundled demo).");
    QCommandLineOption screenshot("screenshot", "Render the main window once, save it as PNG and exit.",
                                  "OUT.png");
    parser.addOption(screenshot);
    QCommandLineOption camera("camera", "Start with this camera: free (default), follow or cab.", "MODE",
                              "free");
    parser.addOption(camera);
    QCommandLineOption colour("track-colour",
                              "Colour the track by: natural (default), curvature, bank, cant-deficiency, "
                              "estimated-speed, estimated-vertical-g, estimated-lateral-g.",
                              "NAME", "natural");
    parser.addOption(colour);
    parser.process(app);

    if (auto problem = tl::bulletPrecisionProblem()) {
        std::cerr << "tracklab: refusing to run: " << *problem << "\n";
        if (!parser.isSet(screenshot))
            QMessageBox::critical(nullptr, "TrackLab",
                                  QString::fromStdString("Refusing to run: " + *problem));
        return 2;
    }

    tl::ui::MainWindow window;
    tl::ui::FileManager* files = window.files();
    const QStringList args = parser.positionalArguments();
    const bool shot = parser.isSet(screenshot);
    if (shot) window.setPersistent(false);

    bool opened = false;
    files->setOfferRecovery(!shot); // a screenshot run neither asks nor deletes anything
    if (!args.isEmpty()) {
        opened = files->open(args.first());
        if (!opened && shot) {
            std::cerr << "tracklab: " << files->lastError().toStdString() << "\n";
            return 2;
        }
    }
    // an autosave of a crashed session: offered when its file is opened (above), else here
    if (!opened && !shot && args.isEmpty()) opened = files->offerRecovery();
    if (!opened && args.isEmpty() && !shot) {
        const QStringList recent = files->recentFiles();
        if (!recent.isEmpty() && QFileInfo::exists(recent.first())) opened = files->open(recent.first());
    }
    if (!opened) files->openDemo();

    window.show();
    if (parser.value(camera) == "follow") window.setCamera(tl::ui::MainWindow::Camera::Follow);
    if (parser.value(camera) == "cab") window.setCamera(tl::ui::MainWindow::Camera::Cab);
    if (auto* a = window.findChild<QAction*>("trackColour:" + parser.value(colour))) {
        a->trigger();
    } else {
        std::cerr << "tracklab: unknown track colour " << parser.value(colour).toStdString() << "\n";
        return 2;
    }
    QTimer poll; // lives until exec() returns
    if (shot) {
        const QString out = parser.value(screenshot);
        QObject::connect(&poll, &QTimer::timeout, [&] {
            if (window.view()->framesRendered() < 3) return window.view()->update();
            poll.stop();
            const bool ok = window.grab().save(out);
            if (!ok) std::cerr << "tracklab: cannot write " << out.toStdString() << "\n";
            window.document()->undoStack()->setClean(); // never ask about saving here
            QApplication::exit(ok ? 0 : 2);
        });
        poll.start(100);
    }
    return app.exec();
}
