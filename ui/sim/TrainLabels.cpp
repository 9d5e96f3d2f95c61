#include "ui/sim/TrainLabels.h"

#include "render/scene/TrainMarkers.h"
#include "ui/Units.h"
#include "ui/sim/SimulationController.h"

#include <osg/Group>

#include <algorithm>
#include <cmath>

namespace tl::ui {

TrainLabels::TrainLabels(SimulationController* sim, osg::Group* sceneRoot, QObject* parent)
    : QObject(parent), m_sim(sim), m_markers(std::make_unique<render::TrainMarkers>()) {
    sceneRoot->addChild(m_markers->root());
    connect(sim, &SimulationController::simulationReset, this, &TrainLabels::rebuild);
    connect(sim, &SimulationController::advanced, this, &TrainLabels::refresh);
    connect(&Units::instance(), &Units::changed, this, &TrainLabels::refresh);
    rebuild();
}

TrainLabels::~TrainLabels() = default;

void TrainLabels::rebuild() {
    const Simulation* sim = m_sim->shown();
    m_markers->reset(sim ? std::size_t(sim->view().trainCount()) : 0);
    refresh();
}

void TrainLabels::refresh() {
    const Simulation* sim = m_sim->shown();
    if (!sim) return;
    if (std::size_t(sim->view().trainCount()) != m_markers->count())
        m_markers->reset(std::size_t(sim->view().trainCount()));
    const Units& u = Units::instance();
    for (int t = 0; t < sim->view().trainCount(); ++t) {
        const TrainInfo train = sim->view().trainInfo(t);
        if (train.cars.empty()) continue;
        const int last = int(train.cars.size()) - 1;
        const Vec3 head = sim->view().carPose(t, 0).translation(),
                   tail = sim->view().carPose(t, last).translation();
        double width = 0; // the widest car [m]
        for (const CarInfo& c : train.cars)
            width = std::max(width, c.box.y());
        const bool derailed = sim->view().trainDerailed(t);
        const QString label = QStringLiteral("%1  %2 %3")
                                  .arg(QString::fromStdString(train.id))
                                  .arg(std::abs(sim->view().trainSpeed(t)) * u.speedScale(), 0, 'f', 0)
                                  .arg(u.speedSuffix());
        m_markers->set(std::size_t(t), 0.5 * (head + tail), width, label.toStdString(), derailed);
    }
}

} // namespace tl::ui
