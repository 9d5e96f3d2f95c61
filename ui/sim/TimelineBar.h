#pragma once
// The replay timeline: a slider over the recorded steps that scrubs the 3D view and the plots together,
// the shown time, "Live" (back to the newest state), "Fork from here" (a new run drives on from the scrubbed
// time; the old run is kept) and the run selector.
#include <QWidget>

class QLabel;
class QPushButton;
class QSlider;

namespace tl::ui {

class RunSelector;
class SimulationController;

class TimelineBar : public QWidget {
    Q_OBJECT
public:
    explicit TimelineBar(SimulationController* sim, QWidget* parent = nullptr);
    QSlider* slider() const { return m_slider; }
    QPushButton* forkButton() const { return m_fork; }
    RunSelector* runSelector() const { return m_runs; }
    void showStep(std::int64_t step); // move the slider without scrubbing

public slots:
    void refresh();

private:
    SimulationController* m_sim;
    QSlider* m_slider;
    QLabel* m_time;
    QPushButton* m_live;
    QPushButton* m_fork;
    RunSelector* m_runs;
    bool m_updating = false;
};

} // namespace tl::ui
