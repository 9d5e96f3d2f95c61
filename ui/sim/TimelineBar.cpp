#include "ui/sim/TimelineBar.h"

#include "ui/sim/RunSelector.h"
#include "ui/sim/SimulationController.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSlider>

#include <cmath>

namespace tl::ui {

TimelineBar::TimelineBar(SimulationController* sim, QWidget* parent) : QWidget(parent), m_sim(sim) {
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(4, 2, 4, 2);
    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setObjectName("timeline");
    m_slider->setToolTip(tr("Drag to replay the recorded run; arrows: one step, Page Up/Down: one second"));
    m_slider->setSingleStep(1);
    m_slider->setPageStep(240);
    m_time = new QLabel(this);
    m_time->setMinimumWidth(150);
    m_live = new QPushButton(tr("Live"), this);
    m_fork = new QPushButton(tr("Fork from here"), this);
    m_fork->setObjectName("fork");
    m_fork->setToolTip(
        tr("Continue in a new run from the replayed moment (the current run is kept: see the run selector)"));
    m_runs = new RunSelector(sim, this);
    row->addWidget(new QLabel(tr("Replay"), this));
    row->addWidget(m_slider, 1);
    row->addWidget(m_time);
    row->addWidget(m_live);
    row->addWidget(m_fork);
    row->addWidget(m_runs);
    connect(m_slider, &QSlider::valueChanged, this, [this](int v) {
        if (!m_updating) m_sim->scrubTo(m_sim->recording().firstStep() + v);
    });
    connect(m_live, &QPushButton::clicked, m_sim, &SimulationController::returnToLive);
    connect(m_fork, &QPushButton::clicked, m_sim, &SimulationController::forkHere);
    connect(sim, &SimulationController::advanced, this, &TimelineBar::refresh);
    connect(sim, &SimulationController::simulationReset, this, &TimelineBar::refresh);
    refresh();
}

void TimelineBar::showStep(std::int64_t step) {
    m_updating = true;
    m_slider->setValue(int(step - m_sim->recording().firstStep()));
    m_updating = false;
}

void TimelineBar::refresh() {
    const Recording& r = m_sim->recording();
    m_updating = true;
    m_slider->setRange(0, int(r.lastStep() - r.firstStep()));
    m_slider->setValue(int(m_sim->shownStep() - r.firstStep()));
    m_updating = false;
    const double dt = m_sim->simulation() ? m_sim->simulation()->dt() : 1.0 / 240;
    m_slider->setPageStep(std::max(1, int(std::lround(1.0 / dt))));
    m_time->setText(tr("%1 s of %2 s%3")
                        .arg(m_sim->shownTime(), 0, 'f', 2)
                        .arg(r.lastStep() * dt, 0, 'f', 2)
                        .arg(m_sim->isScrubbing() ? tr(" (replay)") : QString()));
    m_fork->setEnabled(m_sim->isScrubbing());
    m_live->setEnabled(m_sim->isScrubbing());
}

} // namespace tl::ui
