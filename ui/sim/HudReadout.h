#pragma once
// What the driver's HUD shows for one train (DriverHud draws it): speed, the line speed in force and the
// next speed sign ahead with its distance (core/layout/LineSpeed.h, from the head bogie in the direction of
// travel), the throttle / brake notch, the head car's rider channels, the simulation rate when it falls
// behind the one asked for, and on a layout with signals the next signal ahead and train protection
// (SimulationView::trainSignal). Plain data from the shown simulation state: tests compare it with the run.
#include "core/layout/LineSpeed.h"
#include "physics/monitor/RiderChannels.h"
#include "physics/sim/Simulation.h"

#include <QString>

#include <cmath>
#include <optional>

namespace tl::ui {

// The next signal ahead of a train and its protection (physics/sim/SimulationView.h, TrainSignalView).
struct HudSignal {
    QString id;                    // the next signal ahead governing the train ("": none within reach)
    Aspect aspect = Aspect::Clear; // what it shows
    double distance = 0.0;         // from the head to it [m]
    // protection's supervised speed now: its braking curve, or the release speed near the signal [m/s]
    std::optional<double> permitted;
    bool intervening = false; // protection brakes the train in full
};

struct HudReadout {
    bool valid = false;           // a train to show
    QString train;                // its id
    double speed = 0.0;           // towards the direction of travel [m/s]
    std::optional<double> limit;  // line speed in force [m/s]
    std::optional<double> next;   // next speed sign ahead [m/s]
    double nextDistance = 0.0;    // to it [m]
    QString nextTrack;            // the track it stands at
    double throttle = 0.0;        // [0, 1]
    double brake = 0.0;           // [0, 1]
    QString notch;                // "N", "P3", "B2", "P 63 %" (notchText)
    RiderChannels rider;          // head car [g]
    bool derailed = false;        //
    bool overLimit = false;       // speed above the limit in force
    std::optional<double> behind; // the achieved sim rate while below the one asked for [-]
    // a layout with signals: the next one and train protection (none: the HUD has no signal line)
    std::optional<HudSignal> signal;
};

// "N" with neither, "P<k>" / "B<k>" on a notch of `notches` (P1 = 1/notches), else "P 63 %"; both: "P2 B1".
QString notchText(double throttle, double brake, int notches);

// The readout of train `train` (none: valid = false). requested / achieved: the simulation rate asked for
// (<= 0: as fast as possible) and reached (NaN: not measured); `behind` is set when achieved < 0.95 x
// requested.
// `speeds`: lineSpeeds(sim->layout()) when the caller keeps them (they change only with the layout, not
// every frame); null: made here.
HudReadout hudReadout(const Simulation* sim, int train, int notches, double requested = 1.0,
                      double achieved = std::nan(""), const std::vector<LineSpeedOf>* speeds = nullptr);

} // namespace tl::ui
