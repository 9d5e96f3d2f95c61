#include "ui/sim/RunOptions.h"

#include "ui/sim/SimulationController.h"

#include <QAction>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>

namespace tl::ui {

void addRunOptions(QMenu* menu, SimulationController* sim, QMainWindow* window) {
    // the setting keeps its key from when the action stopped at derailments only: a user's choice survives
    QAction* stop = menu->addAction(QObject::tr("Stop at First Event"));
    stop->setObjectName("stopAtFirstEvent");
    stop->setCheckable(true);
    stop->setChecked(QSettings().value("simulation/stopAtDerailment", true).toBool());
    sim->setStopAtFirstEvent(stop->isChecked());
    QObject::connect(stop, &QAction::toggled, sim, [sim](bool on) {
        sim->setStopAtFirstEvent(on);
        QSettings().setValue("simulation/stopAtDerailment", on);
    });
    sim->setConfirmDrop([window](const QString& question) {
        return QMessageBox::question(window, QObject::tr("Fork"), question) == QMessageBox::Yes;
    });
    QObject::connect(sim, &SimulationController::notice, window,
                     [window](const QString& m) { window->statusBar()->showMessage(m, 12000); });
}

} // namespace tl::ui
