#include "ui/sim/EventLog.h"

#include "ui/Units.h"
#include "ui/sim/SimulationController.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QSettings>

#include <algorithm>
#include <array>

namespace tl::ui {

namespace {
const char* const kSettingKeys[RunEvent::kKinds] = {
    "events/show/derailments",   "events/show/collisions", "events/show/couplerOverloads",
    "events/show/wheelEpisodes", "events/show/spads",      "events/show/protection",
    "events/show/aspectChanges"};
const bool kShownByDefault[RunEvent::kKinds] = {true, true, false, false, true, true, false};

bool isSignalKind(RunEvent::Kind k) {
    return k == RunEvent::Kind::Spad || k == RunEvent::Kind::Protection || k == RunEvent::Kind::AspectChange;
}

QString speedText(double v) {
    return QString("%1 %2")
        .arg(v * Units::instance().speedScale(), 0, 'f', 1)
        .arg(Units::instance().speedSuffix());
}
QString forceText(double f) {
    return std::abs(f) >= 1e6 ? QString("%1 MN").arg(f * 1e-6, 0, 'f', 2)
                              : QString("%1 kN").arg(f * 1e-3, 0, 'f', 0);
}
QString aspectText(const std::string& aspect) { // "stop" | "caution" | "clear" (aspectName)
    if (aspect == "stop") return QObject::tr("stop");
    if (aspect == "caution") return QObject::tr("caution");
    if (aspect == "clear") return QObject::tr("clear");
    return QString::fromStdString(aspect);
}
} // namespace

EventLog::EventLog(SimulationController* sim, QWidget* parent) : QTableWidget(parent), m_sim(sim) {
    setObjectName("eventLog");
    setColumnCount(9);
    setHorizontalHeaderLabels({tr("t [s]"), tr("kind"), tr("train / car / bogie"), tr("track"), tr("s [m]"),
                               tr("speed"), tr("what"), tr("peak"), tr("note")});
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    horizontalHeader()->setStretchLastSection(true);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    verticalHeader()->hide();

    m_filterBar = new QWidget;
    m_filterBar->setObjectName("eventFilters");
    auto* row = new QHBoxLayout(m_filterBar);
    row->setContentsMargins(4, 2, 4, 2);
    QSettings settings;
    for (int k = 0; k < RunEvent::kKinds; ++k) {
        m_shown[k] = settings.value(kSettingKeys[k], kShownByDefault[k]).toBool();
        auto* box = new QCheckBox(m_filterBar);
        box->setObjectName(QString("showEvents%1").arg(k));
        box->setChecked(m_shown[k]);
        box->setToolTip(tr("List the run's %1 events").arg(kindName(RunEvent::Kind(k))));
        connect(box, &QCheckBox::toggled, this, [this, k](bool on) { setShown(RunEvent::Kind(k), on); });
        row->addWidget(box);
        m_boxes[k] = box;
    }
    row->addStretch(1);
    connect(m_filterBar, &QObject::destroyed, this, [this] { m_filterBar = nullptr; });

    connect(sim, &SimulationController::simulationReset, this, [this] {
        m_rows.clear();
        setRowCount(0);
        refresh();
    });
    connect(sim, &SimulationController::eventsReplaced, this, &EventLog::rebuild);
    connect(sim, &SimulationController::advanced, this, &EventLog::refresh);
    connect(sim, &SimulationController::stoppedAtEvent, this, [this](const RunEvent& e) {
        refresh();
        if (rowOf(e) < 0) setShown(e.kind, true); // what stopped the run is listed
        clearSelection();
        selectRow(rowOf(e)); // inspects it: marker, camera, timeline and plots at the event
    });
    connect(this, &QTableWidget::itemSelectionChanged, this, [this] {
        const auto rows = selectionModel()->selectedRows();
        if (!rows.isEmpty() && rows.first().row() < int(m_rows.size()))
            emit eventSelected(m_rows[std::size_t(rows.first().row())]);
    });
    refresh();
}

int EventLog::rowOf(const RunEvent& e) const {
    const auto it = std::find(m_rows.begin(), m_rows.end(), e);
    return it == m_rows.end() ? -1 : int(it - m_rows.begin());
}

void EventLog::setShown(RunEvent::Kind kind, bool on) {
    if (m_shown[int(kind)] == on) return;
    m_shown[int(kind)] = on;
    QSettings().setValue(kSettingKeys[int(kind)], on);
    if (m_boxes[int(kind)]) m_boxes[int(kind)]->setChecked(on);
    rebuild();
}

void EventLog::rebuild() {
    const auto selected = selectionModel()->selectedRows();
    const RunEvent keep = selected.isEmpty() ? RunEvent{} : m_rows[std::size_t(selected.first().row())];
    blockSignals(true);
    clearSelection();
    m_rows.clear();
    setRowCount(0);
    blockSignals(false);
    refresh();
    if (const int r = rowOf(keep); keep.index >= 0 && r >= 0) {
        blockSignals(true); // the same event, still inspected: no new flight
        selectRow(r);
        blockSignals(false);
    }
}

void EventLog::refresh() {
    const Simulation* s = m_sim->simulation();
    const std::array<std::size_t, RunEvent::kKinds> counts =
        s ? eventCounts(s->view()) : std::array<std::size_t, RunEvent::kKinds>{};
    const QString labels[RunEvent::kKinds] = {
        tr("Derailments (%1)"),    tr("Collisions (%1)"), tr("Coupler overloads (%1)"),
        tr("Wheel episodes (%1)"), tr("SPADs (%1)"),      tr("Protection braking (%1)"),
        tr("Aspect changes (%1)")};
    // the signal kinds' filters only for a run on a layout with signals
    const bool signalled = s && !s->layout().signalList().empty();
    for (int k = 0; k < RunEvent::kKinds; ++k) {
        if (!m_boxes[k]) continue;
        m_boxes[k]->setText(labels[k].arg(counts[std::size_t(k)]));
        const bool hide = isSignalKind(RunEvent::Kind(k)) && !signalled;
        if (m_boxes[k]->isHidden() != hide) m_boxes[k]->setHidden(hide);
    }
    if (!s) return;
    const std::vector<RunEvent> all = runEvents(s->view(), m_shown);
    if (all.size() < m_rows.size() || !std::equal(m_rows.begin(), m_rows.end(), all.begin())) {
        // the events changed under the list (a replaced run): list them again
        blockSignals(true);
        clearSelection();
        m_rows.clear();
        setRowCount(0);
        blockSignals(false);
    }
    // rows of events that may still be open follow them: a collision in contact, an episode updated within
    // the last second (a derailment and the signal events are done when they happen)
    const double now = s->time();
    for (std::size_t r = 0; r < m_rows.size(); ++r) {
        const RunEvent& e = m_rows[r];
        if (e.kind == RunEvent::Kind::Derailment || isSignalKind(e.kind)) continue;
        const bool open =
            e.kind == RunEvent::Kind::Collision
                ? !s->view().collisions()[std::size_t(e.index)].ended
                : (e.kind == RunEvent::Kind::CouplerOverload
                       ? s->view().couplerEvents()[std::size_t(e.index)].t +
                             s->view().couplerEvents()[std::size_t(e.index)].duration
                       : s->view().wheelEvents()[std::size_t(e.index)].t +
                             s->view().wheelEvents()[std::size_t(e.index)].duration) >= now - 1.0;
        if (open) fillRow(int(r));
    }
    for (std::size_t r = m_rows.size(); r < all.size(); ++r) {
        m_rows.push_back(all[r]);
        setRowCount(int(m_rows.size()));
        fillRow(int(r));
    }
    greyLaterRows();
}

void EventLog::greyLaterRows() {
    const Simulation* s = m_sim->simulation();
    if (!s) return;
    const double shown = m_sim->shownTime();
    for (int r = 0; r < rowCount(); ++r) {
        const bool later =
            m_sim->isScrubbing() && eventPlace(s->view(), m_rows[std::size_t(r)]).t > shown + 1e-9;
        const QBrush brush = later ? palette().brush(QPalette::Disabled, QPalette::Text) : QBrush();
        for (int c = 0; c < columnCount(); ++c)
            if (QTableWidgetItem* it = item(r, c); it && it->foreground() != brush) it->setForeground(brush);
    }
}

void EventLog::fillRow(int row) {
    const Simulation* s = m_sim->simulation();
    const RunEvent& ev = m_rows[std::size_t(row)];
    const SimulationView& v = s->view();
    const EventPlace& p = eventPlace(v, ev);
    QString what, peak, note;
    switch (ev.kind) {
    case RunEvent::Kind::Derailment: {
        const DerailmentEvent& e = v.derailments()[std::size_t(ev.index)];
        what = QString::fromStdString(e.cause);
        peak = tr("Y/Q %1 (limit %2)").arg(e.before.yq, 0, 'f', 3).arg(e.before.yqLimit, 0, 'f', 3);
        note = tr("roll margin %1; numerical: %2")
                   .arg(e.before.rollMargin, 0, 'f', 3)
                   .arg(e.numericalSuspect ? tr("yes — error grew with no row at its limit")
                                           : (e.solverSaturated ? tr("no (row saturated)") : tr("no")));
        break;
    }
    case RunEvent::Kind::Collision: {
        const CollisionEvent& e = v.collisions()[std::size_t(ev.index)];
        if (e.bufferStop)
            what = e.overrun ? tr("overran the buffer stop, closing %1").arg(speedText(e.closingSpeed))
                             : tr("buffer stop, closing %1, left at %2")
                                   .arg(speedText(e.closingSpeed))
                                   .arg(speedText(e.reboundSpeed));
        else if (e.coupled)
            what = tr("coupled to %1 car %2, closing %3")
                       .arg(QString::fromStdString(e.otherTrainId))
                       .arg(e.otherCar + 1)
                       .arg(speedText(e.closingSpeed));
        else if (e.otherVehicle >= 0)
            what = tr("struck vehicle %1, closing %2")
                       .arg(QString::fromStdString(e.otherTrainId))
                       .arg(speedText(e.closingSpeed));
        else
            what = (e.kind == "buffers" ? tr("buffers met %1 car %2, closing %3")
                                        : tr("struck %1 car %2, closing %3"))
                       .arg(QString::fromStdString(e.otherTrainId))
                       .arg(e.otherCar + 1)
                       .arg(speedText(e.closingSpeed));
        peak = forceText(e.peakForce);
        note = tr("%1absorbed %2 kJ; decelerations %3 g / %4 g; %5 s%6")
                   .arg(e.solid ? tr("solid; ") : QString())
                   .arg(e.absorbed * 1e-3, 0, 'f', 1)
                   .arg(e.peakDeceleration[0], 0, 'f', 2)
                   .arg(e.peakDeceleration[1], 0, 'f', 2)
                   .arg(e.duration, 0, 'f', 2)
                   .arg(e.ended ? QString() : tr(", in contact"));
        break;
    }
    case RunEvent::Kind::CouplerOverload: {
        const CouplerEvent& e = v.couplerEvents()[std::size_t(ev.index)];
        what = tr("coupler %1–%2 in %3%4")
                   .arg(e.coupler + 1)
                   .arg(e.coupler + 2)
                   .arg(QString::fromStdString(e.kind))
                   .arg(e.broke ? tr(", parted") : QString());
        peak = tr("%1 (rating %2)").arg(forceText(e.peakForce), forceText(e.limit));
        note = tr("%1 s over the rating").arg(e.duration, 0, 'f', 2);
        break;
    }
    case RunEvent::Kind::WheelEpisode: {
        const WheelEvent& e = v.wheelEvents()[std::size_t(ev.index)];
        what = QString::fromStdString(e.kind);
        peak = tr("%1 (limit %2)").arg(e.peak, 0, 'f', 3).arg(e.limit, 0, 'f', 3);
        note = tr("%1 s over the limit").arg(e.duration, 0, 'f', 2);
        break;
    }
    case RunEvent::Kind::Spad: {
        const SignalEvent& e = v.signalEvents()[std::size_t(ev.index)];
        what = tr("passed signal %1 at stop").arg(QString::fromStdString(e.signalId));
        break;
    }
    case RunEvent::Kind::Protection: {
        const SignalEvent& e = v.signalEvents()[std::size_t(ev.index)];
        what = tr("braked in full for signal %1 at stop").arg(QString::fromStdString(e.signalId));
        peak = tr("permitted %1").arg(speedText(e.permitted));
        note = tr("%1 m before the signal").arg(e.distance, 0, 'f', 1);
        break;
    }
    case RunEvent::Kind::AspectChange: {
        const SignalEvent& e = v.signalEvents()[std::size_t(ev.index)];
        // (listed with them: a switch thrown, a route set or released, a station's dispatch -- their message)
        what = e.kind == "aspect"
                   ? tr("signal %1 shows %2").arg(QString::fromStdString(e.signalId), aspectText(e.aspect))
                   : QString::fromStdString(e.message);
        break;
    }
    }
    const bool vehicle =
        ev.kind == RunEvent::Kind::Collision && v.collisions()[std::size_t(ev.index)].vehicle >= 0;
    // an aspect change is a signal's, not a train's (unless a train is named: SignalEvent's train)
    const bool signalOnly = ev.kind == RunEvent::Kind::AspectChange && p.train < 0;
    QString who; // train / car / bogie
    if (vehicle)
        who = tr("vehicle %1").arg(QString::fromStdString(p.trainId));
    else if (signalOnly) {
        const SignalEvent& e = v.signalEvents()[std::size_t(ev.index)];
        who = e.switchIndex >= 0 ? tr("switch %1").arg(QString::fromStdString(e.switchId))
                                 : tr("signal %1").arg(QString::fromStdString(e.signalId));
    } else
        who = QString("%1 / %2 / %3")
                  .arg(QString::fromStdString(p.trainId))
                  .arg(p.car + 1)
                  .arg(p.bogie >= 0 ? QString::number(p.bogie + 1) : QString("–"));
    const std::string station = eventStation(*s, ev); // where its track lies on an alignment
    const QStringList cells = {
        QString::number(p.t, 'f', 3),
        kindName(ev.kind),
        who,
        QString::fromStdString(p.trackId),
        station.empty() ? QString::number(p.s, 'f', 1)
                        : QString("%1 (%2)").arg(p.s, 0, 'f', 1).arg(QString::fromStdString(station)),
        signalOnly ? QString("–") : speedText(p.speed),
        what,
        peak,
        note,
    };
    const QString tip =
        QString::fromStdString(eventMessage(v, ev) + (station.empty() ? "" : " (" + station + ")"));
    for (int c = 0; c < cells.size(); ++c) {
        QTableWidgetItem* it = item(row, c);
        if (!it) {
            it = new QTableWidgetItem(cells[c]);
            setItem(row, c, it);
        } else if (it->text() != cells[c]) {
            it->setText(cells[c]);
        }
        if (it->toolTip() != tip) it->setToolTip(tip);
    }
}

} // namespace tl::ui
