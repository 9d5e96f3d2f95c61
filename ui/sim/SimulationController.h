#pragma once
// Runs the physics simulation of the document's layout in the GUI: play / pause / single step / reset at
// a fixed dt driven by real time (scaled by the chosen rate; "as fast as possible" steps for a fixed wall
// time budget per tick), never blocking the UI. Driver inputs go through the Recording, so a run can be
// scrubbed back (a second simulation replays it) and forked from any recorded time. A fork starts a new run
// and keeps the one it leaves (RunBranch): the user switches between runs, nothing recorded is dropped.
// Optionally pauses at a run's first event (a derailment, a collision, a SPAD). Poses the vehicle boxes and
// feeds the telemetry history behind the plots.
// An edit of the layout (Document::changed) restarts at t = 0 from the new layout and keeps the runs
// recorded so far in the run selector ("before edit N"): each replays and forks from the layout it was made
// from. During a gesture (a drag) the run pauses and is stale (isStale()) until the gesture ends; edits
// that no run depends on (notes) leave it alone. docs/architecture.md, "Document changes".
#include "physics/run/Recording.h"
#include "physics/sim/Simulation.h"
#include "physics/spec/RollingStockFiles.h"
#include "ui/sim/RunBranch.h"
#include "ui/sim/RunEvents.h"
#include "ui/sim/TelemetryHistory.h"

#include "core/design/LayoutChange.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <vector>

namespace tl::render {
class VehicleNodes;
}

namespace tl::ui {

class Document;

// What one box of the vehicle scene stands for.
// train and car: where the part's car is in the shown simulation now (coupling and uncoupling renumber
// them); origin: the car's place in the build order, which they do not change (SimulationView::carOrigin).
struct VehiclePart {
    enum Kind { Vehicle, CarBody, Bogie } kind = Vehicle;
    int vehicle = -1, train = -1, car = -1, bogie = -1;
    int origin = -1;
};

class SimulationController : public QObject {
    Q_OBJECT
public:
    SimulationController(Document* doc, render::VehicleNodes* vehicles, QObject* parent = nullptr);
    ~SimulationController() override;

    bool isRunning() const { return m_tick.isActive(); }
    const Simulation* simulation() const { return m_sim.get(); } // the live run (nullptr if none)
    const Simulation* shown() const;                             // what the 3D view shows now
    bool isScrubbing() const { return m_scrubbing; }
    const Recording& recording() const { return m_recording; }
    const TelemetryHistory& history() const { return m_history; }
    const std::vector<VehiclePart>& parts() const { return m_parts; }
    std::int64_t shownStep() const;
    double shownTime() const;
    // The layout's bodies as the shown state has them (id -> world pose); empty without a simulation.
    std::map<std::string, Pose> bodyPoses() const;
    // The boxes drawn for the shown run's bodies (id -> full dimensions): dynamic bodies, and kinematic
    // ones whose "box" the file gives (a turntable's deck).
    std::map<std::string, Vec3> bodyBoxes() const;
    QString lastError() const { return m_error; }
    // The layout is being edited (a drag is under way): the run is paused and restarts when it ends.
    bool isStale() const { return m_stale; }
    int simulationBuilds() const { return m_builds; } // simulations built for runs so far (benchmarks)

    void setRate(double rate) { m_rate = rate; } // simulated s per real s; <= 0: as fast as possible
    double rate() const { return m_rate; }
    // Simulated seconds per real second reached while running, over the last second or so (NaN before).
    double achievedRate() const { return m_achieved; }

    // Driver inputs for train i (recorded).
    void setThrottle(int train, double value);
    void setBrake(int train, double value);
    // Uncouple `train` behind its car `car`: the cars behind become a train of their own, brakes on
    // (Simulation::uncouple); recorded like the driver's inputs (a fork while scrubbing). Returns the error
    // ("" when done).
    QString uncouple(int train, int car);
    void setDirection(int train, int direction);
    // The signaller's inputs (docs/user-guide.md, "Switches and routes during a run"): throw switch `sw`
    // (Layout::switches() index) to branch `state`, or set route `route` (Layout::routeList() index), in the
    // live run (Simulation::throwSwitch / requestRoute) -- never in the file. Recorded like the driver's
    // inputs, so a replay or a fork does the same (while scrubbing: a fork first, unless the run refuses it
    // there). Returns why the run refused it ("" when done).
    QString throwSwitch(int sw, int state);
    QString requestRoute(int route);
    // A run is under way: running, paused after t = 0, or replayed. Clicks on switches and signals then act
    // on the run (ui/sim/RunClicks.h); at t = 0 they edit the layout.
    bool isUnderWay() const;

    // Runs: the first is made by reset(), each fork adds one. The shown run's parts are the members above.
    static constexpr int kMaxRuns = 8; // a fork beyond this asks to drop the oldest run not shown
    int runCount() const { return int(m_runs.size()); }
    int currentRun() const { return m_current; }
    const RunBranch& runInfo(int i) const { return m_runs.at(std::size_t(i)); } // name, parent, fork time
    const Simulation* runSimulation(int i) const;                               // run i's live simulation
    QString runLabel(int i) const; // "Run 2 (from Run 1 at 61.50 s)", "Run 1 (before edit 2)"
    // Asked before a run is dropped (returns true to drop it); unset: never drop, refuse the fork.
    void setConfirmDrop(std::function<bool(const QString& question)> ask) { m_confirmDrop = std::move(ask); }

    // Pause at the first event of a run -- a derailment, a collision or a SPAD (RunEvents.h); the event is
    // announced by stoppedAtEvent.
    void setStopAtFirstEvent(bool on) { m_stopAtFirstEvent = on; }
    bool stopAtFirstEvent() const { return m_stopAtFirstEvent; }
    // Seconds of per-step telemetry the live simulation keeps (the plots have their own history);
    // 0 keeps the whole run (to compare runs sample by sample). Applies to the runs made from now on.
    void setTelemetryWindow(double seconds);

public slots:
    void setRunning(bool on);
    void stepOnce();
    void reset(); // rebuild from the document's layout at time 0 (the runs made so far are dropped)
    // Simulation > Reset (Ctrl+R): read the rolling-stock files again (a changed or unreadable one is
    // reported), then reset().
    void reload();
    int rollingStockDiskReads() const { return m_stockFiles.diskReads(); } // rolling-stock files read so far
    void scrubTo(std::int64_t step); // pause and show the recorded state at that step
    void returnToLive();             // show the live state again
    void forkHere();                 // a new run continues from the scrubbed state (the old one is kept)
    void switchRun(int run);         // show run i (paused, at its newest state)

signals:
    void runningChanged(bool running);
    void advanced(double time);    // the shown state changed
    void bodiesMoved();            // present() shows the layout's moving bodies elsewhere: bodyPoses()
    void simulationReset();        // a new simulation (vehicles, trains, sources) exists
    void derailed(int eventIndex); // a new derailment event in simulation()->view().derailments()
    void eventsReplaced();         // the shown run changed (fork, switch): its events as a whole
    void runsChanged();            // a run was added, dropped or switched to
    void staleChanged(bool stale); // isStale()
    void collided(int eventIndex); // a new collision event in simulation()->view().collisions()
    void trainsChanged();          // the shown simulation's trains coupled or uncoupled (or another is shown)
    void stoppedAtEvent(const tl::ui::RunEvent& event); // paused at the run's first event (a SPAD too)
    void notice(const QString& message);                // for the status bar (a fork was made, ...)
    void error(const QString& message);

private:
    void onDocumentChanged(const design::LayoutChange& change);
    // A new run at time 0 from the document's layout; keepRuns: the runs recorded so far stay (an edit).
    void startRun(bool keepRuns);
    // The vehicle boxes and parts of the shown simulation's trains and vehicles (and their plot sources).
    std::vector<HistorySource> rebuildParts();
    void tick();
    void advanceBy(double simSeconds, double wallBudget);
    void stepLive();
    void present();
    void consumeTelemetry();
    // From the shown run's layout and scenario (RunBranch).
    std::unique_ptr<Simulation> makeSimulation(bool telemetry);
    void swapShown(RunBranch& run); // exchange the shown run's parts with a parked run's
    bool makeRoomForRun();
    bool forkForInput(); // a driver input while scrubbing: fork first (false: refused, input ignored) // at
                         // kMaxRuns: drop the oldest run not shown (asks first)
    // A throw or a route (throwSwitch, requestRoute): tried on the replay first while scrubbing (undone
    // there), so a refusal makes no fork; then applied to the live run through the recording.
    QString signallerInput(const DriverInput& in);

    Document* m_doc;
    render::VehicleNodes* m_vehicles;
    std::unique_ptr<Simulation> m_sim;
    // The document's scenario (bodies, vehicles, trains with their rolling stock: physics/spec/Scenario.h),
    // parsed when stale (the document changed, or reload()); the rolling-stock files it read, each read
    // from disk once until reload().
    std::shared_ptr<const Scenario> m_scenario;
    bool m_scenarioStale = true;
    RollingStockFiles m_stockFiles;
    std::unique_ptr<Simulation> m_replay; // for scrubbing (built on demand from the same layout)
    Recording m_recording;
    TelemetryHistory m_history;
    std::vector<VehiclePart> m_parts;
    const Simulation* m_partsShown = nullptr; // the simulation and make-up m_parts' trains and cars are of
    std::uint64_t m_partsMakeup = 0;
    QTimer m_tick;
    QElapsedTimer m_clock;
    double m_rate = 1.0;
    double m_pending = 0.0;                   // simulated time owed [s]
    double m_achieved = std::nan("");         // achieved rate (achievedRate)
    double m_rateSim = 0.0, m_rateWall = 0.0; // simulated / real seconds since the last measurement
    bool m_scrubbing = false;
    std::size_t m_consumed = 0;    // telemetry samples already taken into the history
    std::size_t m_derailments = 0; // derailment events already announced
    std::size_t m_collisions = 0;  // collision events already announced
    QString m_error;
    std::vector<RunBranch> m_runs; // every run; the shown one's parts are parked in the members above
    int m_current = 0;             // index of the shown run in m_runs
    int m_serial = 0;              // serial of the newest run
    int m_edits = 0;               // edits that restarted the run since the document was opened
    int m_builds = 0;              // simulations built (simulationBuilds)
    bool m_stale = false;          // isStale()
    bool m_newDocument = false;    // documentReset came: its changed() drops the runs
    bool m_stopAtFirstEvent = true;
    double m_telemetryWindow = Telemetry::kLiveWindow; // [s] (the GUI keeps its own history)
    void applyTelemetryWindow(Telemetry& t) const;
    std::function<bool(const QString&)> m_confirmDrop;
};

} // namespace tl::ui
