#pragma once
// The "trains" section of a layout (format: docs/trains-format.md): per train its cars (rolling-stock
// names, inline definitions, or {"base": name, ...overrides}), its start (track, s of the head car's
// centre, direction), initial speed and an optional schedule of driver inputs for headless runs.
#include "core/layout/Layout.h"
#include "physics/spec/RollingStock.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace tl {

class RollingStockFiles;

// [t, throttle, brake], or [t, {"uncouple": CAR}]: the train parts behind its car CAR (head = 0) as it is
// at time t -- after couplings it may have more cars than it started with (SimulationCoupling.cpp).
struct ScheduleEntry {
    double t = 0.0;          // from this time on [s]
    double throttle = 0.0;   // [0, 1]
    double brake = 0.0;      // [0, 1]
    int uncouple = -1;       // >= 0: an uncoupling behind this car (throttle and brake stay as they were)
    std::string where;       // the entry's JSON path (an uncoupling the train cannot make names it)
    std::string throwSwitch; // [t, {"throw": SWITCH, "state": k}]: throw a switch (inputs stay as they were)
    int state = -1;          //
    std::string route;       // [t, {"route": ROUTE}]: request a route
};

struct TrainSpec {
    std::string id;                      // unique, names the train in telemetry
    std::vector<RollingStockSpec> cars;  // head first
    std::string track;                   // track of the head car's centre
    double s = 0.0;                      // arc length of the head car's centre on it [m]
    int direction = +1;                  // +1: the head faces increasing s
    double speed = 0.0;                  // initial speed towards the head [m/s]
    std::vector<ScheduleEntry> schedule; // sorted by t; empty = inputs only from the program
    // "protection": supervise the signal ahead with a braking curve (physics/signal/Protection.h); absent =
    // true on a layout with signals, false elsewhere
    bool protection = false;
    // "releaseSpeed" [m/s] (>= 0): protection lets the train creep up to a signal at stop at this speed, as
    // far as it could still stop within the signal's overlap (docs/trains-format.md, "Signals and
    // protection")
    double releaseSpeed = kDefaultReleaseSpeed;
    static constexpr double kDefaultReleaseSpeed = 15.0 / 3.6; // 15 km/h [m/s]
    // "cantDeficiency" [m] (>= 0): the cant deficiency the autopilot allows in curves; it keeps to the
    // permissible speed the checks compute from it (core/checks/PermissibleSpeeds.h)
    double cantDeficiency = kDefaultCantDeficiency;
    static constexpr double kDefaultCantDeficiency = 0.130; // [m] resources/rules/en13803-typical.json
    // "driver": "autopilot" (physics/signal/Autopilot.h) drives it at its permitted speed, obeying signals;
    // absent = the inputs (schedule, keys)
    bool autopilot = false;
};

// The id of the part a train named `id` leaves behind when it is uncoupled: "<id>-2", or the next number
// free among `taken`.
std::string uncoupledId(const std::string& id, const std::vector<std::string>& taken);

// Where a train's cars go from its start, with the given switch states: each car's centre, the head car
// first, or why it does not fit (a car centre or a bogie lies beyond an open end). The one rule of the
// reader (/trains/k/start/s) and of Simulation::addTrain.
struct TrainFit {
    std::vector<TrackPosition> centres; // per car, when it fits
    std::string problem;                // "" if it fits
};
TrainFit fitTrain(const TrainSpec& train, const Layout& layout, const SwitchStates& states);

// The bogie k's offset from its car's centre along the track [m] (the front one ahead).
double bogieOffset(const RollingStockSpec& stock, int k);

// Parse the raw "trains" section (null = none). Names are looked up in `dirs` and in the directory
// "rolling-stock" beside the layout file. Throws LayoutError (file, /trains/k/..., problem); a train that
// does not fit the track from its start (initial switch states) fails at /trains/k/start/s, one that overlaps
// a train listed before it at /trains/k/start (StartOverlap.h). With `files`, the rolling-stock files come
// from it (read from disk once: RollingStockFiles.h).
std::vector<TrainSpec> parseTrains(const nlohmann::json& trains, const Layout& layout,
                                   const std::string& file,
                                   std::vector<std::filesystem::path> dirs = defaultRollingStockDirs(),
                                   RollingStockFiles* files = nullptr);

} // namespace tl
