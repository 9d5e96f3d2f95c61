#pragma once
// The derailment inspector's list: time, train/car/bogie, track and s, speed, cause, margins just before,
// and whether it looks numerical rather than physical. Selecting a row emits eventSelected.
#include <QTableWidget>

namespace tl::ui {

class SimulationController;

class EventLog : public QTableWidget {
    Q_OBJECT
public:
    explicit EventLog(SimulationController* sim, QWidget* parent = nullptr);
    int eventCount() const { return rowCount(); }

signals:
    void eventSelected(int index); // index into simulation()->derailments()

private:
    void addEvent(int index);
    SimulationController* m_sim;
};

} // namespace tl::ui
