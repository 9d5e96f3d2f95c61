#pragma once
// Runs the physics simulation of the document's layout in the GUI: play / pause / single step / reset at
// a fixed dt driven by real time (scaled by the chosen rate; "as fast as possible" steps for a fixed wall
// time budget per tick), never blocking the UI. Driver inputs go through the Recording, so a run can be
// scrubbed back (a second simulation replays it) and forked from any recorded time. Poses the vehicle
// boxes and feeds the telemetry history behind the plots.
#include "physics/Recording.h"
#include "physics/Simulation.h"
#include "ui/sim/TelemetryHistory.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <cmath>
#include <memory>

namespace tl::render {
class VehicleNodes;
}

namespace tl::ui {

class Document;

// What one box of the vehicle scene stands for.
struct VehiclePart {
    enum Kind { Vehicle, CarBody, Bogie } kind = Vehicle;
    int vehicle = -1, train = -1, car = -1, bogie = -1;
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
    QString lastError() const { return m_error; }

    void setRate(double rate) { m_rate = rate; } // simulated s per real s; <= 0: as fast as possible
    double rate() const { return m_rate; }
    // Simulated seconds per real second reached while running, over the last second or so (NaN before).
    double achievedRate() const { return m_achieved; }

    // Driver inputs for train i (recorded).
    void setThrottle(int train, double value);
    void setBrake(int train, double value);
    void setDirection(int train, int direction);

public slots:
    void setRunning(bool on);
    void stepOnce();
    void reset();                    // rebuild from the document's layout at time 0
    void scrubTo(std::int64_t step); // pause and show the recorded state at that step
    void returnToLive();             // show the live state again
    void forkHere();                 // the live run continues from the scrubbed state (the rest is dropped)

signals:
    void runningChanged(bool running);
    void advanced(double time);    // the shown state changed
    void simulationReset();        // a new simulation (vehicles, trains, sources) exists
    void derailed(int eventIndex); // a new derailment event in simulation()->derailments()
    void error(const QString& message);

private:
    void tick();
    void advanceBy(double simSeconds, double wallBudget);
    void stepLive();
    void present();
    void consumeTelemetry();

    Document* m_doc;
    render::VehicleNodes* m_vehicles;
    std::unique_ptr<Simulation> m_sim;
    std::unique_ptr<Simulation> m_replay; // for scrubbing (built on demand from the same layout)
    Recording m_recording;
    TelemetryHistory m_history;
    std::vector<VehiclePart> m_parts;
    QTimer m_tick;
    QElapsedTimer m_clock;
    double m_rate = 1.0;
    double m_pending = 0.0;                   // simulated time owed [s]
    double m_achieved = std::nan("");         // achieved rate (achievedRate)
    double m_rateSim = 0.0, m_rateWall = 0.0; // simulated / real seconds since the last measurement
    bool m_scrubbing = false;
    std::size_t m_consumed = 0;    // telemetry samples already taken into the history
    std::size_t m_derailments = 0; // derailment events already announced
    QString m_error;
};

} // namespace tl::ui
