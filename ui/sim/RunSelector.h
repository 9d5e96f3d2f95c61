#pragma once
// The run selector of the replay bar: every run of this session (the first and each fork, named with the
// run and time it came from); choosing one shows it, paused at its newest state, with its events and plots.
#include <QComboBox>

namespace tl::ui {

class SimulationController;

class RunSelector : public QComboBox {
    Q_OBJECT
public:
    explicit RunSelector(SimulationController* sim, QWidget* parent = nullptr);

public slots:
    void refresh(); // the runs changed

private:
    SimulationController* m_sim;
    bool m_updating = false;
};

} // namespace tl::ui
