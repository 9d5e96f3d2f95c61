#include "ui/sim/EventLog.h"

#include "ui/Units.h"
#include "ui/sim/SimulationController.h"

#include <QHeaderView>

namespace tl::ui {

EventLog::EventLog(SimulationController* sim, QWidget* parent) : QTableWidget(parent), m_sim(sim) {
    setColumnCount(9);
    setHorizontalHeaderLabels({tr("t [s]"), tr("train / car / bogie"), tr("track"), tr("s [m]"), tr("speed"),
                               tr("cause"), tr("Y/Q (limit)"), tr("roll margin"), tr("numerical?")});
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    horizontalHeader()->setStretchLastSection(true);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    verticalHeader()->hide();
    connect(sim, &SimulationController::derailed, this, &EventLog::addEvent);
    connect(sim, &SimulationController::simulationReset, this, [this] { setRowCount(0); });
    connect(sim, &SimulationController::eventsReplaced, this, &EventLog::rebuild);
    connect(sim, &SimulationController::advanced, this, &EventLog::greyLaterRows);
    connect(sim, &SimulationController::stoppedAtDerailment, this, [this](int i) {
        clearSelection();
        selectRow(i); // inspects it: marker, camera, timeline and plots at the event
    });
    connect(this, &QTableWidget::itemSelectionChanged, this, [this] {
        const auto rows = selectionModel()->selectedRows();
        if (!rows.isEmpty()) emit eventSelected(rows.first().row());
    });
}

void EventLog::rebuild() {
    clearSelection();
    setRowCount(0);
    if (const Simulation* s = m_sim->simulation())
        for (int i = 0; i < int(s->view().derailments().size()); ++i)
            addEvent(i);
    greyLaterRows();
}

void EventLog::greyLaterRows() {
    const Simulation* s = m_sim->simulation();
    if (!s) return;
    const double shown = m_sim->shownTime();
    for (int r = 0; r < rowCount() && r < int(s->view().derailments().size()); ++r) {
        const bool later = m_sim->isScrubbing() && s->view().derailments()[std::size_t(r)].t > shown + 1e-9;
        const QBrush brush = later ? palette().brush(QPalette::Disabled, QPalette::Text) : QBrush();
        for (int c = 0; c < columnCount(); ++c)
            if (QTableWidgetItem* it = item(r, c); it && it->foreground() != brush) it->setForeground(brush);
    }
}

void EventLog::addEvent(int index) {
    const Simulation* s = m_sim->simulation();
    if (!s || index < 0 || index >= int(s->view().derailments().size())) return;
    if (index < rowCount()) return; // already listed
    const DerailmentEvent& e = s->view().derailments()[std::size_t(index)];
    const int row = rowCount();
    setRowCount(row + 1);
    const QStringList cells = {
        QString::number(e.t, 'f', 3),
        QString("%1 / %2 / %3").arg(QString::fromStdString(e.trainId)).arg(e.car + 1).arg(e.bogie + 1),
        QString::fromStdString(e.trackId),
        QString::number(e.s, 'f', 1),
        QString("%1 %2")
            .arg(e.speed * Units::instance().speedScale(), 0, 'f', 1)
            .arg(Units::instance().speedSuffix()),
        QString::fromStdString(e.cause),
        QString("%1 (%2)").arg(e.before.yq, 0, 'f', 3).arg(e.before.yqLimit, 0, 'f', 3),
        QString::number(e.before.rollMargin, 'f', 3),
        e.numericalSuspect ? tr("yes — error grew with no row at its limit")
                           : (e.solverSaturated ? tr("no (row saturated)") : tr("no")),
    };
    for (int c = 0; c < cells.size(); ++c) {
        auto* item = new QTableWidgetItem(cells[c]);
        item->setToolTip(QString::fromStdString(e.message));
        setItem(row, c, item);
    }
}

} // namespace tl::ui
