#include "ui/sim/RunSelector.h"

#include "ui/sim/SimulationController.h"

namespace tl::ui {

RunSelector::RunSelector(SimulationController* sim, QWidget* parent) : QComboBox(parent), m_sim(sim) {
    setObjectName("runSelector");
    setSizeAdjustPolicy(QComboBox::AdjustToContents);
    setToolTip(
        tr("The runs of this session: \"Fork from here\" (or a drive key while replaying) starts a new "
           "run and keeps the old one; choose a run to show it again"));
    connect(this, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (!m_updating) m_sim->switchRun(i);
    });
    connect(sim, &SimulationController::runsChanged, this, &RunSelector::refresh);
    refresh();
}

void RunSelector::refresh() {
    m_updating = true;
    clear();
    for (int i = 0; i < m_sim->runCount(); ++i)
        addItem(m_sim->runLabel(i));
    setCurrentIndex(m_sim->currentRun());
    setEnabled(m_sim->runCount() > 1);
    m_updating = false;
}

} // namespace tl::ui
