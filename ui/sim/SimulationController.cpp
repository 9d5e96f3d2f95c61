#include "ui/sim/SimulationController.h"

#include "physics/BulletEigen.h"
#include "physics/Vehicle.h"
#include "render/scene/VehicleNodes.h"
#include "ui/document/Document.h"
#include "ui/plots/LivePlot.h"

#include <btBulletDynamicsCommon.h>

#include <algorithm>

namespace tl::ui {

SimulationController::SimulationController(Document* doc, render::VehicleNodes* vehicles, LivePlot* plot,
                                           QObject* parent)
    : QObject(parent), m_doc(doc), m_vehicles(vehicles), m_plot(plot) {
    m_speedSeries = plot->addSeries(tr("speed [km/h]"), QColor(40, 90, 200));
    m_lateralSeries = plot->addSeries(tr("lateral force f1 [kN]"), QColor(200, 60, 40));
    m_verticalSeries = plot->addSeries(tr("vertical force f2 [kN]"), QColor(40, 150, 60));
    plot->setValueAxisTitle(tr("first vehicle"));
    m_tick.setInterval(16);
    connect(&m_tick, &QTimer::timeout, this, &SimulationController::tick);
    connect(doc, &Document::layoutChanged, this, [this] {
        setRunning(false);
        m_sim.reset(); // edited: the next run starts from the new layout
        reset();
    });
}

SimulationController::~SimulationController() = default;

bool SimulationController::ensureSimulation() {
    if (m_sim) return true;
    reset();
    return m_sim != nullptr;
}

void SimulationController::reset() {
    m_sim.reset();
    m_plot->clear();
    m_plotted = 0;
    m_pending = 0;
    const auto layout = m_doc->layout();
    if (!layout) return;
    try {
        SimulationOptions o;
        m_sim = std::make_unique<Simulation>(*layout, o, m_doc->displayName().toStdString());
        m_error.clear();
    } catch (const std::exception& e) {
        m_error = QString::fromStdString(e.what());
        emit error(m_error);
        m_vehicles->reset({});
        return;
    }
    std::vector<Vec3> boxes;
    for (int i = 0; i < m_sim->vehicleCount(); ++i)
        boxes.push_back(m_sim->vehicle(i).spec.box);
    m_vehicles->reset(boxes);
    present();
    emit advanced(m_sim->time());
}

void SimulationController::setRunning(bool on) {
    if (on == m_tick.isActive()) return;
    if (on && !ensureSimulation()) return;
    if (on) {
        m_clock.start();
        m_tick.start();
    } else {
        m_tick.stop();
    }
    emit runningChanged(on);
}

void SimulationController::stepOnce() {
    if (!ensureSimulation()) return;
    setRunning(false);
    advanceBy(m_sim->dt());
}

void SimulationController::tick() {
    const double wall = std::min(0.05, m_clock.restart() * 1e-3);
    advanceBy(wall * m_rate);
}

void SimulationController::advanceBy(double simSeconds) {
    if (!m_sim) return;
    m_pending += simSeconds;
    try {
        while (m_pending >= m_sim->dt() * 0.999) {
            m_sim->step();
            m_pending -= m_sim->dt();
        }
    } catch (const std::exception& e) {
        setRunning(false);
        m_error = tr("Simulation stopped at t = %1 s: %2").arg(m_sim->time(), 0, 'f', 3).arg(e.what());
        emit error(m_error);
    }
    present();
    emit advanced(m_sim->time());
}

void SimulationController::present() {
    for (int i = 0; i < m_sim->vehicleCount(); ++i) {
        const Vehicle& v = m_sim->vehicle(i);
        m_vehicles->setPose(std::size_t(i), toEigen(v.body->getCenterOfMassTransform()));
    }
    // telemetry may drop old samples (bounded window): m_plotted counts samples since the start
    const Telemetry& tel = m_sim->telemetry();
    const auto& samples = tel.samples();
    const std::size_t base = tel.dropped();
    m_plotted = std::max(m_plotted, base);
    for (; m_plotted < base + samples.size(); ++m_plotted) {
        const TelemetrySample& s = samples[m_plotted - base];
        if (s.vehicle != 0) continue;
        m_plot->appendSample(m_speedSeries, s.t, s.speed * 3.6);
        m_plot->appendSample(m_lateralSeries, s.t, s.f[0] / 1000.0);
        m_plot->appendSample(m_verticalSeries, s.t, s.f[1] / 1000.0);
    }
}

} // namespace tl::ui
