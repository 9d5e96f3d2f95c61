#include "ui/sim/SimulationController.h"

#include "physics/sim/StepThreads.h"
#include "render/scene/VehicleNodes.h"
#include "ui/document/Document.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace tl::ui {

namespace {
// Would `sim` take the input now? Tried and undone: a refusal changes nothing, and what it took is restored
// away (the restore drops the event it made too). Returns the refusal ("" when it would take it).
std::string wouldTake(Simulation& sim, const DriverInput& in) {
    const SimulationState before = sim.snapshot();
    std::string why = Recording::apply(sim, in);
    if (why.empty()) sim.restore(before);
    return why;
}
} // namespace

SimulationController::SimulationController(Document* doc, render::VehicleNodes* vehicles, QObject* parent)
    : QObject(parent), m_doc(doc), m_vehicles(vehicles) {
    m_tick.setInterval(16);
    connect(&m_tick, &QTimer::timeout, this, &SimulationController::tick);
    connect(doc, &Document::documentReset, this, [this] { m_newDocument = true; });
    connect(doc, &Document::changed, this, &SimulationController::onDocumentChanged);
}

void SimulationController::onDocumentChanged(const design::LayoutChange& change) {
    if (m_newDocument) { // another document: the runs were of the one before
        m_newDocument = false;
        m_edits = 0;
        m_scenarioStale = true;
        const bool was = m_stale;
        m_stale = false;
        reset();
        if (was) emit staleChanged(false);
        return;
    }
    if (!change.affectsRuns()) return; // notes: the run goes on
    setRunning(false);
    m_scenarioStale = true;
    if (change.interim) { // a drag step: pause, rebuild once when the drag ends
        if (!m_stale) {
            m_stale = true;
            emit staleChanged(true);
            emit notice(tr("Simulation paused while the layout is edited: it restarts at t = 0 when the "
                           "drag ends, and the runs so far are kept"));
        }
        return;
    }
    const bool was = m_stale;
    m_stale = false;
    startRun(true);
    if (was) emit staleChanged(false);
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
    startRun(false);
}

void SimulationController::startRun(bool keepRuns) {
    setRunning(false);
    std::vector<RunBranch> kept;
    if (keepRuns && !m_runs.empty()) {
        swapShown(m_runs[std::size_t(m_current)]); // park the shown run, whole
        ++m_edits;
        for (RunBranch& r : m_runs) {
            if (!r.sim || r.sim->time() <= 0.0) continue; // nothing recorded: nothing to keep
            if (r.beforeEdit == 0) r.beforeEdit = m_edits;
            kept.push_back(std::move(r));
        }
        while (int(kept.size()) >= kMaxRuns) { // room for the new run: the oldest goes
            emit notice(tr("%1 dropped: TrackLab keeps %2 runs").arg(kept.front().name).arg(kMaxRuns));
            kept.erase(kept.begin());
        }
    }
    m_sim.reset();
    m_replay.reset();
    m_recording = Recording{};
    m_scrubbing = false;
    m_pending = 0;
    m_consumed = 0;
    m_derailments = 0;
    m_collisions = 0;
    m_runs = std::move(kept); // a new document or time 0 without keeping: the runs so far are dropped
    m_runs.emplace_back();
    RunBranch& run = m_runs.back();
    run.serial = m_runs.size() == 1 ? (m_serial = 1) : ++m_serial;
    run.name = tr("Run %1").arg(run.serial);
    m_current = int(m_runs.size()) - 1;
    const auto layout = m_doc->layout();
    if (layout && m_doc->compileError().isEmpty()) {
        try {
            run.layout = layout;
            if (m_scenarioStale || !m_scenario) {
                m_scenario.reset(); // a parse that throws leaves no scenario: the next build tries again
                const std::string file = m_doc->filePath().isEmpty() ? m_doc->displayName().toStdString()
                                                                     : m_doc->filePath().toStdString();
                m_scenario = std::make_shared<const Scenario>(
                    parseScenario(*layout, file, SimulationOptions{}.rollingStockDirs, &m_stockFiles));
                m_scenarioStale = false;
            }
            run.scenario = m_scenario;
            m_sim = makeSimulation(true);
            m_error.clear();
        } catch (const std::exception& e) {
            m_error = QString::fromStdString(e.what());
            emit error(m_error);
        }
    }
    m_history.reset(rebuildParts());
    if (m_sim) m_recording.start(*m_sim);
    if (m_sim) present();
    emit simulationReset();
    emit runsChanged();
    emit eventsReplaced();
    emit advanced(shownTime());
}

std::vector<HistorySource> SimulationController::rebuildParts() {
    m_parts.clear();
    m_partsShown = nullptr;
    std::vector<Vec3> boxes;
    std::vector<std::string> models; // a model file per part ("" = box)
    std::vector<HistorySource> sources;
    if (m_sim) {
        const SimulationView& view = m_sim->view();
        for (int i = 0; i < view.vehicleCount(); ++i) {
            const VehicleInfo v = view.vehicleInfo(i);
            boxes.push_back(v.box);
            models.emplace_back();
            m_parts.push_back({VehiclePart::Vehicle, i, -1, -1, -1});
            sources.push_back({QString::fromStdString("vehicle " + v.id), i, -1, -1, -1});
        }
        for (int t = 0; t < view.trainCount(); ++t) {
            const TrainInfo train = view.trainInfo(t);
            for (int c = 0; c < int(train.cars.size()); ++c) {
                const CarInfo& car = train.cars[std::size_t(c)];
                boxes.push_back(car.box);
                models.push_back(car.model);
                const int origin = view.carOrigin(t, c);
                m_parts.push_back({VehiclePart::CarBody, -1, t, c, -1, origin});
                for (int b = 0; b < car.bogies; ++b) {
                    boxes.push_back(car.bogieBox);
                    models.emplace_back();
                    m_parts.push_back({VehiclePart::Bogie, -1, t, c, b, origin});
                    sources.push_back({QString("%1 car %2 bogie %3")
                                           .arg(QString::fromStdString(train.id))
                                           .arg(c + 1)
                                           .arg(b + 1),
                                       -1, t, c, b, origin});
                }
            }
        }
    }
    m_vehicles->reset(boxes, models);
    for (const std::string& p : m_vehicles->loadProblems())
        emit error(QString::fromStdString(p));
    return sources;
}

void SimulationController::reload() {
    for (const std::string& m : m_stockFiles.reload())
        emit notice(QString::fromStdString(m));
    m_scenarioStale = true;
    reset();
}

std::unique_ptr<Simulation> SimulationController::makeSimulation(bool telemetry) {
    const RunBranch& run = m_runs.at(std::size_t(m_current));
    if (!run.layout || !run.scenario) throw std::runtime_error("no layout to simulate");
    SimulationOptions o;
    o.recordTelemetry = telemetry;
    o.threads = StepThreads::availableCpus(); // (the same bits as one thread)
    auto sim = std::make_unique<Simulation>(*run.layout, *run.scenario, o);
    applyTelemetryWindow(sim->telemetry());
    ++m_builds;
    return sim;
}

// The history takes every frame's samples (consumeTelemetry), so the run keeps only a buffer between frames:
// the window in seconds, and at most Telemetry::kLiveSamples however large the fleet (4 000 bogies make
// 960 000 samples a second). Window 0 keeps everything (tests compare whole runs).
void SimulationController::applyTelemetryWindow(Telemetry& t) const {
    t.setWindow(m_telemetryWindow);
    t.setMaxSamples(m_telemetryWindow > 0 ? Telemetry::kLiveSamples : 0);
}

void SimulationController::setTelemetryWindow(double seconds) {
    m_telemetryWindow = std::max(0.0, seconds);
    if (m_sim) applyTelemetryWindow(m_sim->telemetry());
}

void SimulationController::setRunning(bool on) {
    if (on == m_tick.isActive()) return;
    if (on && m_stale) { // (Space during a drag) the edit so far counts
        m_stale = false;
        startRun(true);
        emit staleChanged(false);
    }
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
    // stop where it matters: right after the step in which the run's first event (a derailment, a collision
    // or a SPAD) happened; each signal event is looked at once (`seen`), however many steps a frame makes
    std::size_t seen = 0;
    const bool watch = m_stopAtFirstEvent && !hasStoppingEvent(m_sim->view(), seen);
    bool stopped = false;
    try {
        while (m_pending >= m_sim->dt() * 0.999 && budget.nsecsElapsed() * 1e-9 < wallBudget) {
            stepLive();
            m_pending -= m_sim->dt();
            if (watch && hasStoppingEvent(m_sim->view(), seen)) {
                stopped = true;
                m_pending = 0;
                break;
            }
        }
        if (m_rate <= 0 || budget.nsecsElapsed() * 1e-9 >= wallBudget) m_pending = 0; // do not accumulate lag
    } catch (const std::exception& e) {
        setRunning(false);
        m_error = tr("Simulation stopped at t = %1 s: %2").arg(m_sim->time(), 0, 'f', 3).arg(e.what());
        emit error(m_error);
    }
    if (stopped) setRunning(false);
    consumeTelemetry();
    present();
    emit advanced(m_sim->time());
    if (stopped) {
        const RunEvent first = firstStoppingEvent(m_sim->view());
        emit notice(tr("Stopped at the first event, a %1 (t = %2 s); Run (Space) continues")
                        .arg(kindName(first.kind))
                        .arg(m_sim->time(), 0, 'f', 3));
        emit stoppedAtEvent(first);
    }
}

void SimulationController::consumeTelemetry() {
    const Telemetry& tel = m_sim->telemetry();
    const auto& samples = tel.samples();
    const std::size_t base = tel.dropped();
    m_consumed = std::max(m_consumed, base);
    for (; m_consumed < base + samples.size(); ++m_consumed)
        m_history.add(samples[m_consumed - base]);
    const auto& events = m_sim->view().derailments();
    for (; m_derailments < events.size(); ++m_derailments)
        emit derailed(int(m_derailments));
    for (; m_collisions < m_sim->view().collisions().size(); ++m_collisions)
        emit collided(int(m_collisions));
}

std::map<std::string, Pose> SimulationController::bodyPoses() const {
    std::map<std::string, Pose> out;
    const Simulation* sim = shown();
    if (!sim) return out;
    const RunBranch& run = m_runs.at(std::size_t(m_current)); // what the shown run was made from
    if (!run.scenario) return out;
    // every body of the run (a track's body is one of them: core/layout/LayoutCheck.cpp)
    for (const BodySpec& b : run.scenario->bodies)
        if (const int k = sim->view().bodyIndex(b.id); k >= 0) out[b.id] = sim->view().bodyPose(k);
    return out;
}

std::map<std::string, Vec3> SimulationController::bodyBoxes() const {
    std::map<std::string, Vec3> out;
    if (m_runs.empty()) return out;
    const RunBranch& run = m_runs.at(std::size_t(m_current));
    if (!run.scenario) return out;
    for (const BodySpec& b : run.scenario->bodies)
        if (b.motion == BodySpec::Motion::Dynamic || b.boxGiven) out[b.id] = b.box;
    return out;
}

void SimulationController::present() {
    const Simulation* sim = shown();
    if (!sim) return;
    if (sim->view().bodyCount() > 0) emit bodiesMoved(); // (tracks on a turntable are drawn turned)
    if (sim != m_partsShown || sim->view().makeup() != m_partsMakeup) { // trains coupled or uncoupled
        const bool changed = m_partsShown != nullptr;
        m_partsShown = sim;
        m_partsMakeup = sim->view().makeup();
        for (VehiclePart& p : m_parts)
            if (p.origin >= 0) std::tie(p.train, p.car) = sim->view().carOfOrigin(p.origin);
        if (changed) emit trainsChanged();
    }
    for (std::size_t i = 0; i < m_parts.size(); ++i) {
        const VehiclePart& p = m_parts[i];
        switch (p.kind) {
        case VehiclePart::Vehicle: {
            const RailedView v = sim->view().vehicleState(p.vehicle);
            m_vehicles->setPose(i, v.pose);
            m_vehicles->setDerailed(i, !v.railed);
            break;
        }
        case VehiclePart::CarBody:
            m_vehicles->setPose(i, sim->view().carPose(p.train, p.car));
            m_vehicles->setDerailed(i, sim->view().carDerailed(p.train, p.car));
            break;
        case VehiclePart::Bogie:
            m_vehicles->setPose(i, sim->view().bogiePose(p.train, p.car, p.bogie));
            m_vehicles->setDerailed(i, !sim->view().bogieState(p.train, p.car, p.bogie).railed);
            break;
        }
    }
}

void SimulationController::setThrottle(int train, double value) {
    if (!m_sim || train < 0 || train >= m_sim->view().trainCount()) return;
    const bool fork = m_scrubbing;
    if (fork && !forkForInput()) return;
    m_recording.input(*m_sim, {0, train, DriverInput::Kind::Throttle, std::clamp(value, 0.0, 1.0)});
    if (fork) emit advanced(shownTime()); // the drive panel shows the new run's inputs
}

void SimulationController::setBrake(int train, double value) {
    if (!m_sim || train < 0 || train >= m_sim->view().trainCount()) return;
    const bool fork = m_scrubbing;
    if (fork && !forkForInput()) return;
    m_recording.input(*m_sim, {0, train, DriverInput::Kind::Brake, std::clamp(value, 0.0, 1.0)});
    if (fork) emit advanced(shownTime()); // the drive panel shows the new run's inputs
}

void SimulationController::setDirection(int train, int direction) {
    if (!m_sim || train < 0 || train >= m_sim->view().trainCount()) return;
    const bool fork = m_scrubbing;
    if (fork && !forkForInput()) return;
    m_recording.input(*m_sim, {0, train, DriverInput::Kind::Direction, direction < 0 ? -1.0 : 1.0});
    if (fork) emit advanced(shownTime()); // the drive panel shows the new run's inputs
}

QString SimulationController::uncouple(int train, int car) {
    if (!m_sim || train < 0 || train >= m_sim->view().trainCount()) return tr("no train to uncouple");
    const int cars = int(m_sim->view().trainInfo(train).cars.size());
    if (car < 0 || car + 1 >= cars)
        return tr("%1 has no car behind car %2 to uncouple")
            .arg(QString::fromStdString(m_sim->view().trainInfo(train).id))
            .arg(car + 1);
    if (m_scrubbing && !forkForInput()) return tr("not uncoupled: no fork was made");
    try {
        m_recording.input(*m_sim, {0, train, DriverInput::Kind::Uncouple, double(car)});
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    present();
    emit advanced(shownTime());
    return {};
}

bool SimulationController::isUnderWay() const {
    return m_sim && (isRunning() || m_scrubbing || m_sim->time() > 0.0);
}

QString SimulationController::throwSwitch(int sw, int state) {
    if (!m_sim) return tr("no run");
    if (sw < 0 || sw >= int(m_sim->layout().switches().size())) return tr("no such switch");
    return signallerInput({0, sw, DriverInput::Kind::ThrowSwitch, double(state)});
}

QString SimulationController::requestRoute(int route) {
    if (!m_sim) return tr("no run");
    if (route < 0 || route >= int(m_sim->layout().routeList().size())) return tr("no such route");
    return signallerInput({0, route, DriverInput::Kind::RequestRoute, 0.0});
}

QString SimulationController::signallerInput(const DriverInput& in) {
    if (m_scrubbing) { // would the run take it at the replayed moment? If not, no fork
        try {
            if (const std::string why = m_replay ? wouldTake(*m_replay, in) : std::string(); !why.empty())
                return QString::fromStdString(why);
        } catch (const std::exception& e) {
            return QString::fromStdString(e.what());
        }
        if (!forkForInput()) return tr("no fork was made");
    }
    std::string why;
    try {
        why = m_recording.input(*m_sim, in);
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    if (!why.empty()) return QString::fromStdString(why);
    present();
    emit advanced(shownTime()); // (the lamps, the event log)
    return {};
}

void SimulationController::scrubTo(std::int64_t step) {
    if (!m_sim || m_recording.empty()) return;
    setRunning(false);
    if (!m_replay) {
        try {
            m_replay = makeSimulation(false);
        } catch (const std::exception& e) {
            emit error(QString::fromStdString(e.what()));
            return;
        }
    }
    try {
        m_replay->telemetry().copyEventsFrom(
            m_sim->telemetry()); // the events it re-records keep their numbers
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

bool SimulationController::forkForInput() {
    forkHere(); // the input changes the run from the replayed moment on: a new run, the old one is kept
    if (!m_scrubbing) return true;
    emit advanced(shownTime()); // refused: the drive panel shows the replayed inputs again
    return false;
}

void SimulationController::forkHere() {
    if (!m_scrubbing || !m_replay || !makeRoomForRun()) return;
    const std::int64_t step = Recording::stepIndex(*m_replay);
    RunBranch run;
    try {
        // the replay holds the run's events up to the fork point (scrubTo), so its state counts them
        const SimulationState state = m_replay->snapshot();
        run.sim = makeSimulation(true);
        run.sim->telemetry() = m_sim->telemetry(); // samples and events so far; restore drops the later ones
        run.sim->restore(state);
    } catch (const std::exception& e) {
        emit error(tr("Fork failed: %1").arg(e.what()));
        return;
    }
    const double t = run.sim->time();
    run.recording = m_recording;
    run.recording.truncate(step);
    run.history = m_history;
    run.history.truncateAfter(t);
    run.consumed = run.sim->telemetry().dropped() + run.sim->telemetry().samples().size();
    run.derailments = run.sim->view().derailments().size();
    run.serial = ++m_serial;
    run.name = tr("Run %1").arg(run.serial);
    run.parent = m_runs[std::size_t(m_current)].serial;
    run.forkTime = t;
    run.layout = m_runs[std::size_t(m_current)].layout;
    run.scenario = m_runs[std::size_t(m_current)].scenario;
    run.beforeEdit = m_runs[std::size_t(m_current)].beforeEdit;
    const QString from = m_runs[std::size_t(m_current)].name;
    m_runs.push_back(std::move(run));
    swapShown(m_runs[std::size_t(m_current)]); // park the run we leave, whole
    m_current = int(m_runs.size()) - 1;
    swapShown(m_runs.back());
    m_scrubbing = false;
    present();
    emit runsChanged();
    emit eventsReplaced();
    emit notice(tr("%1 continues from %2 at t = %3 s; %2 is kept (Replay bar: run selector)")
                    .arg(m_runs.back().name, from)
                    .arg(t, 0, 'f', 2));
    emit advanced(m_sim->time());
}

void SimulationController::swapShown(RunBranch& run) {
    std::swap(m_sim, run.sim);
    std::swap(m_recording, run.recording);
    std::swap(m_history, run.history);
    std::swap(m_consumed, run.consumed);
    std::swap(m_derailments, run.derailments);
    std::swap(m_collisions, run.collisions);
}

void SimulationController::switchRun(int i) {
    if (i < 0 || i >= int(m_runs.size()) || i == m_current) return;
    setRunning(false);
    swapShown(m_runs[std::size_t(m_current)]);
    const bool otherBuild = m_runs[std::size_t(i)].layout != m_runs[std::size_t(m_current)].layout ||
                            m_runs[std::size_t(i)].scenario != m_runs[std::size_t(m_current)].scenario;
    m_current = i;
    swapShown(m_runs[std::size_t(m_current)]);
    m_scrubbing = false;
    if (otherBuild) {     // a run from before an edit: its own layout, trains and vehicles
        m_replay.reset(); // (replays are built from the shown run's layout)
        rebuildParts();
        emit simulationReset();
    }
    present();
    emit runsChanged();
    emit eventsReplaced();
    emit advanced(shownTime());
}

const Simulation* SimulationController::runSimulation(int i) const {
    if (i < 0 || i >= int(m_runs.size())) return nullptr;
    return i == m_current ? m_sim.get() : m_runs[std::size_t(i)].sim.get();
}

QString SimulationController::runLabel(int i) const {
    const RunBranch& r = m_runs.at(std::size_t(i));
    const QString edit = r.beforeEdit > 0 ? tr("before edit %1").arg(r.beforeEdit) : QString();
    if (r.parent < 0) return edit.isEmpty() ? r.name : tr("%1 (%2)").arg(r.name, edit);
    const QString from = tr("from Run %1 at %2 s").arg(r.parent).arg(r.forkTime, 0, 'f', 2);
    return tr("%1 (%2)").arg(r.name, edit.isEmpty() ? from : from + ", " + edit);
}

bool SimulationController::makeRoomForRun() {
    if (int(m_runs.size()) < kMaxRuns) return true;
    int oldest = m_current == 0 ? 1 : 0; // the runs are in the order they were made
    const QString question = tr("TrackLab keeps %1 runs. Drop %2 (recorded up to %3 s) to make room for a "
                                "new one?")
                                 .arg(kMaxRuns)
                                 .arg(m_runs[std::size_t(oldest)].name)
                                 .arg(m_runs[std::size_t(oldest)].sim->time(), 0, 'f', 2);
    if (!m_confirmDrop || !m_confirmDrop(question)) {
        emit notice(tr("Not forked: %1 runs are kept at most").arg(kMaxRuns));
        return false;
    }
    emit notice(tr("%1 dropped").arg(m_runs[std::size_t(oldest)].name));
    m_runs.erase(m_runs.begin() + oldest);
    if (oldest < m_current) --m_current;
    emit runsChanged();
    return true;
}

} // namespace tl::ui
