#pragma once
// Runs the physics simulation of the document's layout in the GUI: play / pause / single step / reset,
// at a fixed dt driven by real time (scaled by the chosen rate), never blocking the UI (each tick simulates
// at most 50 ms of wall time). Poses the vehicle boxes and feeds the live plot.
#include "physics/Simulation.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <memory>

namespace tl::render {
class VehicleNodes;
}

namespace tl::ui {

class Document;
class LivePlot;

class SimulationController : public QObject {
    Q_OBJECT
public:
    SimulationController(Document* doc, render::VehicleNodes* vehicles, LivePlot* plot,
                         QObject* parent = nullptr);
    ~SimulationController() override;

    bool isRunning() const { return m_tick.isActive(); }
    const Simulation* simulation() const { return m_sim.get(); }
    QString lastError() const { return m_error; }
    void setRate(double rate) { m_rate = rate; } // simulated seconds per real second
    double rate() const { return m_rate; }

public slots:
    void setRunning(bool on);
    void stepOnce();
    void reset(); // rebuild the simulation from the document's layout, time 0

signals:
    void runningChanged(bool running);
    void advanced(double time);
    void error(const QString& message);

private:
    bool ensureSimulation();
    void tick();
    void advanceBy(double simSeconds);
    void present();

    Document* m_doc;
    render::VehicleNodes* m_vehicles;
    LivePlot* m_plot;
    std::unique_ptr<Simulation> m_sim;
    QTimer m_tick;
    QElapsedTimer m_clock;
    double m_rate = 1.0;
    double m_pending = 0.0; // simulated time owed [s]
    QString m_error;
    int m_speedSeries = -1, m_lateralSeries = -1, m_verticalSeries = -1;
    std::size_t m_plotted = 0; // telemetry samples already sent to the plot
};

} // namespace tl::ui
