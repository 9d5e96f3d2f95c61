#pragma once
// LayoutSpec: the layout file as plain data (what the GUI edits through undo commands and what is saved).
// It mirrors docs/layout-format.md key by key. Every struct keeps the keys it does not know in `extra`
// so that load -> save keeps them. Values are in the file's units (SI: m, rad, m/s). Nothing here is
// checked on construction: parse (LayoutJson.h) checks types, checkLayoutSpec (LayoutCheck.h) checks
// values and references, Layout::compile builds the geometry.
#include "core/curves/CoasterEnergy.h"
#include "core/geometry/Frame.h"
#include "core/layout/SharedList.h"

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tl {

using Json = nlohmann::json;

enum class TrackEnd { Start, End }; // Start: s = 0, End: s = length

inline const char* endName(TrackEnd e) {
    return e == TrackEnd::Start ? "start" : "end";
}
inline TrackEnd otherEnd(TrackEnd e) {
    return e == TrackEnd::Start ? TrackEnd::End : TrackEnd::Start;
}

// One end of a track, by track id: ["A", "end"] in the file.
struct EndRef {
    std::string track;            // track id
    TrackEnd end = TrackEnd::End; // which end
    bool operator==(const EndRef&) const = default;
};

// A rigid pose: {"position": [x,y,z], "rotation": [w,x,y,z]} (rotation: unit quaternion, local -> parent).
struct PoseSpec {
    Vec3 position = Vec3::Zero();     // [m] in the parent frame
    Quat rotation = Quat::Identity(); // local -> parent (stored as given; normalized when compiled)
    Json extra = Json::object();      // unknown keys, kept on round trip
    bool isIdentity() const { return position.isZero(0.0) && rotation.coeffs() == Quat::Identity().coeffs(); }
    bool operator==(const PoseSpec& o) const {
        return position == o.position && rotation.coeffs() == o.rotation.coeffs() && extra == o.extra;
    }
};

// Where the curve's start frame sits in its body: either an explicit pose, or "after" another track's end
// (the start frame then equals that end's frame, continued in the direction of travel), then "offset".
struct PlacementSpec {
    PoseSpec pose;               // explicit placement (used when `after` is empty); "position"/"rotation"
    std::optional<EndRef> after; // "after": ["A", "end"]
    PoseSpec offset;             // "offset": pose relative to the `after` frame (identity by default)
    Json extra = Json::object(); // unknown keys
    bool operator==(const PlacementSpec&) const = default;
};

// A control point of a spline: [x,y,z] or {"position": [x,y,z], "tangent": [tx,ty,tz]} (curve-local [m]).
struct SplinePointSpec {
    Vec3 position = Vec3::Zero();
    std::optional<Vec3> tangent; // optional tangent handle (direction; its length is the handle weight)
    Json extra = Json::object(); // unknown keys (object form only)
    bool operator==(const SplinePointSpec&) const = default;
};

// A curve: "type" plus its numeric parameters under their file keys, e.g.
//   line: length [m]; arc: radius [m], angle [rad] (positive turns toward local +y);
//   helix: radius [m], pitch [m per turn], length [m] or turns [-];
//   clothoid: length [m], curvatureStart [1/m] (default 0), curvatureEnd [1/m] (default 0);
//   spline: points, closed (default false);
//   force: length [m] or duration [s], speed [m/s] (optional), step [m] (optional); normalG, lateralG [g]
//          and rollRate [rad/s] each a number (in params) or keys (in keys) (core/curves/ForceSection.h).
struct CurveSpec {
    std::string type = "line";
    std::map<std::string, double> params; // numeric parameters by file key
    std::vector<SplinePointSpec> points;  // spline only
    // force only: the laws given as keys [[x, value], ...] by file key (x in m or s, see ForceSection.h)
    std::map<std::string, std::vector<std::pair<double, double>>> keys;
    bool closed = false;         // spline only
    Json extra = Json::object(); // unknown keys
    bool operator==(const CurveSpec&) const = default;
};

// A twist profile: "type" plus parameters; recursive for "sum". Numeric parameters by file key:
//   constant: angle [rad]; linear: start [rad], end [rad] (over the track's length);
//   cant: designSpeed [m/s], maxAngle [rad], g [m/s^2] (default 9.81), smoothing [m] (up frame on a
//         spline: width of the moving average, default 10).
struct TwistSpec {
    std::string type = "constant";
    std::map<std::string, double> params;        // numeric parameters by file key
    std::vector<std::pair<double, double>> keys; // keys only: (s [m], angle [rad])
    std::optional<Vec3> up;                      // directional only: "up" in the parent BODY's frame
    std::vector<TwistSpec> of;                   // sum only: the summed profiles
    Json extra = Json::object();                 // unknown keys
    bool operator==(const TwistSpec&) const = default;
};

// Which frame a track's twist is measured from ("frame" in the file).
//   Frenet: wt turns the curve's (continued) Frenet frame (the twist of docs/trackjoint.md; version-1 files
//   without "frame"). Up: the twist is a bank from the vertical: 0 = rails level across (UpReference,
//   UpFrameTwist), and a
//       "cant" banks by the lateral curvature with smooth (constant-rate-free) ramps (SmoothBankTwist).
//       What a version-2 file means without "frame" (core/layout/FormatVersion.h).
enum class TrackFrame { Frenet, Up };

inline const char* trackFrameName(TrackFrame f) {
    return f == TrackFrame::Up ? "up" : "frenet";
}

struct TrackSpec {
    std::string id;                 // unique, non-empty
    CurveSpec curve;                //
    std::optional<TwistSpec> twist; // absent = no twist (up frame: bank 0)
    // "frame": absent = "up" in a version-2 file, "frenet" in a version-1 file (the reader sets it; a
    // TrackSpec built in code is "frenet" until it says otherwise: the editor always says).
    TrackFrame frame = TrackFrame::Frenet;
    PlacementSpec placement;         // absent = identity
    std::string body = "ground";     // "ground" or the name of an entry of "bodies"
    std::optional<double> lineSpeed; // "lineSpeed" [m/s] > 0: a speed sign at the track's start
    // "heartline" [m] >= 0: the curve is the riders' heartline, the rails run h below it along the track's
    // up (core/layout/HeartlineRails.h); absent = 0: the curve is the rail centre line
    std::optional<double> heartline;
    Json extra = Json::object(); // unknown keys (e.g. "name", "notes")
    bool operator==(const TrackSpec&) const = default;
};

// Two track ends joined (either end to either end).
struct ConnectionSpec {
    EndRef a, b;
    Json extra = Json::object();
    bool operator==(const ConnectionSpec&) const = default;
};

// A switch: the `at` end leads to branches[state]; coming back from any branch leads to `at`.
struct SwitchSpec {
    std::string id;
    EndRef at;                    // the trunk end (the "points")
    std::vector<EndRef> branches; // two or more
    int state = 0;                // index into branches
    Json extra = Json::object();
    bool operator==(const SwitchSpec&) const = default;
};

// How a layout is drawn and how it states bank ("look"): railway cant in mm, coaster bank in degrees.
enum class LayoutLook { Railway, Coaster };

inline const char* layoutLookName(LayoutLook l) {
    return l == LayoutLook::Coaster ? "coaster" : "railway";
}

// A drive section ("drives"): a stretch of one track where the track itself moves the bogies on it, a
// lift-hill chain or a booster / brake run (docs/layout-format.md, "Drive sections"). Layout::compile
// resolves it into a TrackDrive (core/layout/TrackDrive.h).
enum class DriveKind { Chain, Booster, Brake };

inline const char* driveKindName(DriveKind k) {
    return k == DriveKind::Chain ? "chain" : k == DriveKind::Booster ? "booster" : "brake";
}

struct DriveSpec {
    std::string id;                    // "id"; absent: "drive N" (N = its index)
    DriveKind kind = DriveKind::Chain; // "kind": "chain" (pull only) or "booster" (both ways)
    std::string track;                 // "track": track id (required)
    double from = 0.0;                 // "from": section start s [m]
    std::optional<double> to;          // "to": section end s [m]; absent = the track's length
    int direction = +1;                // "direction": +1 toward increasing s, -1 toward decreasing s
    double speed = 0.0;                // "speed": target speed [m/s] >= 0 (required)
    double maxForce = 0.0;             // "maxForce": per bogie [N] > 0 (required)
    // "dispatchInterval" [s] > 0, brakes only: a station's brake, which lets a train go no sooner than this
    // after the last one it let go; absent = a block brake
    std::optional<double> dispatchInterval;
    Json extra = Json::object(); // unknown keys
    bool operator==(const DriveSpec&) const = default;
};

// A buffer stop ("bufferStops"): a track's open end closed by a stop (docs/layout-format.md, "Buffer stops").
// Layout::compile resolves it into a BufferStop (core/layout/BufferStop.h).
struct BufferStopSpec {
    EndRef end;                   // "end": ["TRACK", "start"|"end"] (required)
    bool friction = true;         // "kind": "friction" (default) or "fixed"
    std::optional<double> force;  // "force" [N] > 0, friction only; absent = 400 kN
    std::optional<double> stroke; // "stroke" [m] > 0, friction only; absent = 3 m
    Json extra = Json::object();  // unknown keys
    bool operator==(const BufferStopSpec&) const = default;
};

// A signal ("signals"): docs/layout-format.md, "Signals". It governs trains travelling in its direction; a
// stop signal's block runs to the next stop signal in that direction on every branch. Layout::compile
// resolves it into a Signal (core/layout/Signal.h).
enum class SignalKind { Block, Home, Distant };

inline const char* signalKindName(SignalKind k) {
    return k == SignalKind::Home ? "home" : k == SignalKind::Distant ? "distant" : "block";
}

struct SignalSpec {
    std::string id;     // "id" (required, unique)
    std::string track;  // "track": track id (required)
    double s = 0.0;     // "s": where it stands on the track [m] (required)
    int direction = +1; // "direction": +1 governs trains moving along increasing s, -1 decreasing
    SignalKind kind = SignalKind::Block; // "kind": "block" (default), "home" or "distant"
    std::optional<double> overlap;       // "overlap" [m] >= 0, stop signals only; absent = 50 m
    Json extra = Json::object();         // unknown keys
    bool operator==(const SignalSpec&) const = default;
};

// A route ("routes"): from an entry signal to the next stop signal, the switches it sets and locks
// (docs/layout-format.md, "Routes"). Layout::compile resolves it into a Route (core/layout/Route.h).
struct RouteSpec {
    std::string id;                                    // "id" (required, unique)
    std::string from, to;                              // "from", "to": signal ids (required)
    std::vector<std::pair<std::string, int>> switches; // "switches": [[SWITCH, state], ...]
    std::optional<double> overlap;                     // "overlap" [m] >= 0; absent = the exit signal's
    Json extra = Json::object();                       // unknown keys
    bool operator==(const RouteSpec&) const = default;
};

// An alignment ("alignments"): a chain of tracks with its stationing (docs/alignments.md, "Stationing";
// docs/layout-format.md, "Alignments"). The station of a place is startStation + its horizontal distance
// [m] from the chain's start, restarted by each station equation at its distance. Layout::compile resolves
// it into an Alignment (core/layout/Alignment.h), which checks what the chain names and how it connects.
struct AlignmentSpec {
    std::string id;                                   // "id" (required, unique)
    std::vector<std::pair<std::string, int>> tracks;  // "tracks": [[TRACK, direction], ...] in order
    double startStation = 0.0;                        // "startStation" [m] (required)
    std::vector<std::pair<double, double>> equations; // "stationEquations": [[distance, station], ...] [m]
    Json extra = Json::object();                      // unknown keys (e.g. "ifc", the IFC entity)
    bool operator==(const AlignmentSpec&) const = default;
};

struct LayoutSpec {
    static constexpr const char* formatName = "tracklab-layout";
    // The version this build writes; it reads 1 and 2 (core/layout/FormatVersion.h says what changed).
    static constexpr int currentVersion = 2;

    int version = currentVersion;
    SharedList<TrackSpec> tracks; // (an edit copies the tracks it changes: SharedList.h)
    std::vector<ConnectionSpec> connections;
    std::vector<SwitchSpec> switches;
    std::optional<LayoutLook> look; // "look"; absent = railway
    std::optional<double>
        railCentreDistance; // "railCentreDistance" [m]; absent = 1.5 (core/units/CantUnits.h)
    std::optional<double>
        coasterFriction;               // "coasterFriction": mu >= 0; absent = 0 (core/curves/CoasterEnergy.h)
    std::optional<double> coasterDrag; // "coasterDrag": c [1/m] >= 0; absent = 0
    std::vector<DriveSpec> drives;     // "drives"; absent = none
    std::vector<BufferStopSpec> bufferStops; // "bufferStops"; absent = none
    std::vector<SignalSpec> signalSpecs;     // "signals"; absent = none
    std::vector<RouteSpec> routeSpecs;       // "routes"; absent = none
    std::vector<AlignmentSpec> alignmentSpecs; // "alignments"; absent = none
    Json bodies;                 // raw "bodies" section (owned by the physics issue); null = absent
    Json vehicles;               // raw "vehicles" section; null = absent
    Json trains;                 // raw "trains" section; null = absent
    Json extra = Json::object(); // unknown top-level keys (e.g. "description", "notes")
    bool operator==(const LayoutSpec&) const = default;

    LayoutLook lookOrDefault() const { return look.value_or(LayoutLook::Railway); }
    // The energy model's resistance (core/curves/CoasterEnergy.h): both 0 when the keys are absent.
    CoasterResistance coasterResistance() const {
        return CoasterResistance{coasterFriction.value_or(0.0), coasterDrag.value_or(0.0)};
    }

    // Index of the track with this id, or -1.
    int trackIndex(const std::string& id) const {
        for (std::size_t i = 0; i < tracks.size(); ++i)
            if (tracks[i].id == id) return int(i);
        return -1;
    }
};

} // namespace tl
