// tracklab: the editor and simulator GUI. `tracklab [LAYOUT.json]`.
#include "core/BuildInfo.h"
#include "physics/BulletInfo.h"
#include "ui/MainWindow.h"
#include "ui/view/GlFormat.h"

#include <QApplication>
#include <QMessageBox>

#include <iostream>

int main(int argc, char** argv) {
    tl::ui::setDefaultSurfaceFormat(); // before QApplication
    QApplication app(argc, argv);
    QApplication::setApplicationName("TrackLab");
    QApplication::setOrganizationName("TrackLab");
    QApplication::setApplicationVersion(QString::fromStdString(tl::tracklabVersion()));

    if (auto problem = tl::bulletPrecisionProblem()) {
        std::cerr << "tracklab: refusing to run: " << *problem << "\n";
        QMessageBox::critical(nullptr, "TrackLab", QString::fromStdString("Refusing to run: " + *problem));
        return 2;
    }
    tl::ui::MainWindow window;
    window.show();
    return app.exec();
}
