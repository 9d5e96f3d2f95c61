#include "ui/sim/SimulationController.h"

#include "physics/BulletEigen.h"
#include "physics/Train.h"
#include "physics/Vehicle.h"
#include "render/scene/VehicleNodes.h"
#include "ui/document/Document.h"

#include <btBulletDynamicsCommon.h>

#include <algorithm>
#include <cmath>

namespace tl::ui {

SimulationController::SimulationController(Document* doc, render::VehicleNodes* vehicles, QObject* parent)
    : QObject(parent), m_doc(doc), m_vehicles(vehicles) {
    m_tick.setInterval(16);
    connect(&m_tick, &QTimer::timeout, this, &SimulationController::tick);
    connect(doc, &Document::layoutChanged, this, [this] {
        setRunning(false);
        reset(); // edited: the next run starts from the new layout
    });
}

SimulationController::~SimulationController() = default;

const Simulation* SimulationController::shown() const {
    return m_scrubbing && m_replay ? m_replay.get() : m_sim.get();
}
std::int64_t SimulationController::shownStep() const {
    return shown() ? Recording::stepIndex(*shown()) : 0;
}
double SimulationController::shownTime() const {
    return shown() ? shown()->time() : 0.0;
}

void SimulationController::reset() {
    setRunning(false);
    m_sim.reset();
    m_replay.reset();
    m_scrubbing = false;
    m_pending = 0;
    m_consumed = 0;
    m_derailments = 0;
    m_parts.clear();
    const auto layout = m_doc->layout();
    std::vector<Vec3> boxes;
    std::vector<std::string> models; // a model file per part ("" = box)
    std::vector<HistorySource> sources;
    if (layout && m_doc->compileError().isEmpty()) {
        try {
            const std::string file = m_doc->filePath().isEmpty() ? m_doc->displayName().toStdString()
                                                                 : m_doc->filePath().toStdString();
            m_sim = std::make_unique<Simulation>(*layout, SimulationOptions{}, file);
            m_sim->telemetry().setWindow(5.0); // the GUI keeps its own history (TelemetryHistory)
            m_error.clear();
        } catch (const std::exception& e) {
            m_error = QString::fromStdString(e.what());
            emit error(m_error);
        }
    }
    if (m_sim) {
        for (int i = 0; i < m_sim->vehicleCount(); ++i) {
            boxes.push_back(m_sim->vehicle(i).spec.box);
            models.emplace_back();
            m_parts.push_back({VehiclePart::Vehicle, i, -1, -1, -1});
            sources.push_back(
                {QString::fromStdString("vehicle " + m_sim->vehicle(i).spec.id), i, -1, -1, -1});
        }
        for (int t = 0; t < m_sim->trainCount(); ++t) {
            const Train& train = m_sim->train(t);
            for (int c = 0; c < int(train.cars.size()); ++c) {
                const CarBodySpec& body = train.cars[std::size_t(c)].stock.body;
                boxes.push_back(Vec3(body.length, body.width, body.height));
                models.push_back(body.model);
                m_parts.push_back({VehiclePart::CarBody, -1, t, c, -1});
                for (int b = 0; b < int(train.cars[std::size_t(c)].bogies.size()); ++b) {
                    boxes.push_back(train.cars[std::size_t(c)].stock.bogies.box);
                    models.emplace_back();
                    m_parts.push_back({VehiclePart::Bogie, -1, t, c, b});
                    sources.push_back({QString("%1 car %2 bogie %3")
                                           .arg(QString::fromStdString(train.spec.id))
                                           .arg(c + 1)
                                           .arg(b + 1),
                                       -1, t, c, b});
                }
            }
        }
        m_recording.start(*m_sim);
    }
    m_history.reset(std::move(sources));
    m_vehicles->reset(boxes, models);
    for (const std::string& p : m_vehicles->loadProblems())
        emit error(QString::fromStdString(p));
    if (m_sim) present();
    emit simulationReset();
    emit advanced(shownTime());
}

void SimulationController::setRunning(bool on) {
    if (on == m_tick.isActive()) return;
    if (on && !m_sim) reset();
    if (on && !m_sim) return;
    if (on && m_scrubbing) returnToLive();
    if (on) {
        m_rateSim = m_rateWall = 0.0;
        m_achieved = std::nan("");
        m_clock.start();
        m_tick.start();
    } else {
        m_tick.stop();
    }
    emit runningChanged(on);
}

void SimulationController::stepOnce() {
    if (!m_sim) reset();
    if (!m_sim) return;
    setRunning(false);
    if (m_scrubbing) returnToLive();
    advanceBy(m_sim->dt(), 1.0);
}

void SimulationController::tick() {
    const double real = m_clock.restart() * 1e-3, wall = std::min(0.05, real);
    const double before = m_sim ? m_sim->time() : 0.0;
    if (m_rate > 0)
        advanceBy(wall * m_rate, 0.012);
    else
        advanceBy(1e9, 0.012); // as fast as possible: 12 ms of stepping per 16 ms tick
    m_rateSim += m_sim ? m_sim->time() - before : 0.0; // the achieved rate, measured over ~1 s of real time
    m_rateWall += real;
    if (m_rateWall >= 1.0) {
        m_achieved = m_rateSim / m_rateWall;
        m_rateSim = m_rateWall = 0.0;
    }
}

void SimulationController::stepLive() {
    m_sim->step();
    m_recording.afterStep(*m_sim);
}

void SimulationController::advanceBy(double simSeconds, double wallBudget) {
    if (!m_sim) return;
    m_pending = std::min(m_pending + simSeconds, 1.0); // never owe more than a second (slow machine)
    QElapsedTimer budget;
    budget.start();
    try {
        while (m_pending >= m_sim->dt() * 0.999 && budget.nsecsElapsed() * 1e-9 < wallBudget) {
            stepLive();
            m_pending -= m_sim->dt();
        }
        if (m_rate <= 0 || budget.nsecsElapsed() * 1e-9 >= wallBudget) m_pending = 0; // do not accumulate lag
    } catch (const std::exception& e) {
        setRunning(false);
        m_error = tr("Simulation stopped at t = %1 s: %2").arg(m_sim->time(), 0, 'f', 3).arg(e.what());
        emit error(m_error);
    }
    consumeTelemetry();
    present();
    emit advanced(m_sim->time());
}

void SimulationController::consumeTelemetry() {
    const Telemetry& tel = m_sim->telemetry();
    const auto& samples = tel.samples();
    const std::size_t base = tel.dropped();
    m_consumed = std::max(m_consumed, base);
    for (; m_consumed < base + samples.size(); ++m_consumed)
        m_history.add(samples[m_consumed - base]);
    const auto& events = m_sim->derailments();
    for (; m_derailments < events.size(); ++m_derailments)
        emit derailed(int(m_derailments));
}

void SimulationController::present() {
    const Simulation* sim = shown();
    if (!sim) return;
    for (std::size_t i = 0; i < m_parts.size(); ++i) {
        const VehiclePart& p = m_parts[i];
        switch (p.kind) {
        case VehiclePart::Vehicle:
            m_vehicles->setPose(i, toEigen(sim->vehicle(p.vehicle).body->getCenterOfMassTransform()));
            m_vehicles->setDerailed(i, !sim->vehicle(p.vehicle).railed);
            break;
        case VehiclePart::CarBody:
            m_vehicles->setPose(i, sim->carPose(p.train, p.car));
            m_vehicles->setDerailed(i, sim->train(p.train).cars[std::size_t(p.car)].derailed);
            break;
        case VehiclePart::Bogie:
            m_vehicles->setPose(i, sim->bogiePose(p.train, p.car, p.bogie));
            m_vehicles->setDerailed(
                i, !sim->train(p.train).cars[std::size_t(p.car)].bogies[std::size_t(p.bogie)].railed);
            break;
        }
    }
}

void SimulationController::setThrottle(int train, double value) {
    if (!m_sim || train < 0 || train >= m_sim->trainCount()) return;
    if (m_scrubbing) forkHere();
    m_recording.input(*m_sim, {0, train, DriverInput::Kind::Throttle, std::clamp(value, 0.0, 1.0)});
}

void SimulationController::setBrake(int train, double value) {
    if (!m_sim || train < 0 || train >= m_sim->trainCount()) return;
    if (m_scrubbing) forkHere();
    m_recording.input(*m_sim, {0, train, DriverInput::Kind::Brake, std::clamp(value, 0.0, 1.0)});
}

void SimulationController::setDirection(int train, int direction) {
    if (!m_sim || train < 0 || train >= m_sim->trainCount()) return;
    if (m_scrubbing) forkHere();
    m_recording.input(*m_sim, {0, train, DriverInput::Kind::Direction, direction < 0 ? -1.0 : 1.0});
}

void SimulationController::scrubTo(std::int64_t step) {
    if (!m_sim || m_recording.empty()) return;
    setRunning(false);
    const auto layout = m_doc->layout();
    if (!m_replay) {
        try {
            const std::string file = m_doc->filePath().isEmpty() ? m_doc->displayName().toStdString()
                                                                 : m_doc->filePath().toStdString();
            SimulationOptions o;
            o.recordTelemetry = false;
            m_replay = std::make_unique<Simulation>(*layout, o, file);
        } catch (const std::exception& e) {
            emit error(QString::fromStdString(e.what()));
            return;
        }
    }
    try {
        m_recording.seek(*m_replay, step);
    } catch (const std::exception& e) {
        emit error(tr("Replay failed: %1").arg(e.what()));
        return;
    }
    m_scrubbing = step < m_recording.lastStep();
    present();
    emit advanced(shownTime());
}

void SimulationController::returnToLive() {
    m_scrubbing = false;
    present();
    emit advanced(shownTime());
}

void SimulationController::forkHere() {
    if (!m_scrubbing || !m_replay) return;
    const std::int64_t step = Recording::stepIndex(*m_replay);
    m_sim->restore(m_replay->snapshot());
    m_recording.truncate(step);
    m_history.truncateAfter(m_sim->time());
    m_consumed = m_sim->telemetry().dropped() + m_sim->telemetry().samples().size();
    m_derailments = m_sim->derailments().size();
    m_scrubbing = false;
    present();
    emit advanced(m_sim->time());
}

} // namespace tl::ui
