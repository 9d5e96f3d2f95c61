#pragma once
// The event inspector's list (RunEvents.h): one row per event of the run shown -- time, kind (derailment,
// collision, coupler overload, wheel episode, SPAD, protection braking, aspect change), train/car/bogie (an
// aspect change: its signal), track and s, speed, what happened, its peak and a note (a derailment: the roll
// margin and whether it looks numerical; a collision: solid ends, energy absorbed, the cars' peak
// decelerations; protection: the permitted speed and the distance to the signal at stop). Filters (kept in
// QSettings under events/show/...): derailments, collisions, SPADs and protection braking shown by default,
// coupler overloads, wheel episodes and aspect changes on request; the signal kinds' filters only for a run
// on a layout with signals. Selecting a row emits eventSelected. It lists the events of the run shown (after
// a fork: those before the fork point, then the new run's); while replaying, the events after the replayed
// moment are greyed; an open event's row (a collision in contact, an episode) follows it. A stop at the first
// event selects it.
#include "ui/sim/RunEvents.h"

#include <QTableWidget>

class QCheckBox;

namespace tl::ui {

class SimulationController;

class EventLog : public QTableWidget {
    Q_OBJECT
public:
    explicit EventLog(SimulationController* sim, QWidget* parent = nullptr);
    int eventCount() const { return rowCount(); }
    const RunEvent& eventAt(int row) const { return m_rows.at(std::size_t(row)); }
    int rowOf(const RunEvent& e) const; // -1 when not listed (filtered out)
    // The filter bar: a check box per kind with its count; the dock shows it above the list.
    QWidget* filterBar() const { return m_filterBar; }
    void setShown(RunEvent::Kind kind, bool on);
    bool shown(RunEvent::Kind kind) const { return m_shown[int(kind)]; }

signals:
    void eventSelected(const tl::ui::RunEvent& event);

private:
    void refresh();       // new events appended, open ones updated, counts
    void rebuild();       // every event of the shown run
    void greyLaterRows(); // events after the shown time (replay) in grey
    void fillRow(int row);
    SimulationController* m_sim;
    bool m_shown[RunEvent::kKinds] = {true, true, false, false, true, true, false};
    std::vector<RunEvent> m_rows;
    QWidget* m_filterBar = nullptr;
    QCheckBox* m_boxes[RunEvent::kKinds] = {};
};

} // namespace tl::ui
