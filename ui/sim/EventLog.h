#pragma once
// The derailment inspector's list: time, train/car/bogie, track and s, speed, cause, margins just before,
// and whether it looks numerical rather than physical. Selecting a row emits eventSelected. It always lists
// the events of the run shown (after a fork: those before the fork point, then the new run's); while
// replaying, the events after the replayed moment are greyed. A stop at the first derailment selects it.
#include <QTableWidget>

namespace tl::ui {

class SimulationController;

class EventLog : public QTableWidget {
    Q_OBJECT
public:
    explicit EventLog(SimulationController* sim, QWidget* parent = nullptr);
    int eventCount() const { return rowCount(); }

signals:
    void eventSelected(int index); // index into simulation()->view().derailments()

private:
    void addEvent(int index);
    void rebuild();       // every event of the shown run
    void greyLaterRows(); // events after the shown time (replay) in grey
    SimulationController* m_sim;
};

} // namespace tl::ui
