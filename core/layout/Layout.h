#pragma once
// Layout: the compiled, immutable track network built from a LayoutSpec: tracks (by index and id),
// connections, switches, initial body poses, and the traversal queries the simulation uses.
//
// Traversal: a vehicle moving along track t in direction d (+1 = increasing s, -1 = decreasing) reaches
// the end (d > 0 ? End : Start). There it continues on the track attached to that end: through a
// connection, through a switch entered at its "at" end (to branches[state]), or back from a branch to the
// switch's "at" end (a trailing move, whatever the state). The new direction is +1 when entering at a
// start, -1 when entering at an end (so it flips where two like ends meet). Switch states are runtime data
// (SwitchStates, one branch index per switch, in the order of switches()).
//
// Every walk over the network goes through Layout: next() (one end, as set), branchesAcross() (one end,
// every way), walkRoute() (hop by hop along the route as set) and advance() (a distance); all are defined
// in core/layout/LayoutTraversal.cpp.
#include "core/layout/Alignment.h"
#include "core/layout/BufferStop.h"
#include "core/layout/LayoutSpec.h"
#include "core/layout/Route.h"
#include "core/layout/Signal.h"
#include "core/layout/Track.h"
#include "core/layout/TrackDrive.h"

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace tl {

using SwitchStates = std::vector<int>; // branch index per switch (index = position in Layout::switches())

struct TrackEndIndex {
    int track = -1;               // track index
    TrackEnd end = TrackEnd::End; //
    bool operator==(const TrackEndIndex&) const = default;
};

struct Connection {
    TrackEndIndex a, b;
};

struct Switch {
    std::string id;
    TrackEndIndex at;                    // trunk end
    std::vector<TrackEndIndex> branches; // >= 2
    int initialState = 0;                // state in the file
};

// What is beyond one track end.
struct Transition {
    bool open = true;                 // nothing attached: the vehicle runs off the open end
    int track = -1;                   // track entered
    TrackEnd entry = TrackEnd::Start; // end of `track` through which it is entered
    int direction = +1;               // direction of motion on `track` (+1 along s, -1 against)
    int viaConnection = -1;           // connection index crossed, or -1
    int viaSwitch = -1;               // switch index crossed, or -1
    int branch = -1;                  // switch branch taken (facing) or come from (trailing), or -1
    bool trailing = false;            // came back from a branch to the switch's "at" end
    bool trailedAgainst = false;      // trailing from a branch the switch is not set for (run through)
};

// A vehicle's place on the network.
struct TrackPosition {
    int track = 0;      // track index
    double s = 0.0;     // arc length [m]
    int direction = +1; // vehicle orientation: +1 faces increasing s, -1 decreasing
};

// One end crossed by Layout::walkRoute.
struct RouteHop {
    int hop = 0;           // 0 for the first end crossed, then 1, 2, ...
    TrackEndIndex left;    // the end crossed (of the track left)
    Transition via;        // the crossing (never open): via.track entered at via.entry, moving via.direction
    double distance = 0.0; // from the walk's start to where via.track is entered [m]
};

// Why Layout::walkRoute stopped.
enum class WalkStop {
    Visitor,  // visit returned false
    OpenEnd,  // an open end (nothing attached)
    NoBranch, // a facing switch set to a state that is no branch
    HopLimit, // 2 x trackCount() + 2 ends crossed
};

struct AdvanceResult {
    TrackPosition position;           // where it ends up (at the open end if stopped)
    bool stoppedAtOpenEnd = false;    // ran into an open end
    TrackEnd openEnd = TrackEnd::End; // which end of position.track, when stopped
    double leftover = 0.0;            // distance not travelled when stopped [m] (>= 0)
    int crossings = 0;                // ends crossed
};

// The level frame of a track end as a pose in the track's body: x = the direction of travel leaving the
// track through that end, z = the body's +z made perpendicular to x, y = z x x. A track placed "after"
// that end starts on it.
Pose levelEndFrame(const Track& t, TrackEnd end);

class Layout {
public:
    Layout() = default; // empty layout

    // Compile; throws LayoutError (file, JSON path, problem), e.g. a curve constructor's complaint as
    // /tracks/i/curve, a placement cycle as /tracks/i/placement/after.
    // `reuse`: a previous compile whose unchanged curves are shared instead of rebuilt (editing: a drag
    // recompiles one spline, not all of them).
    static Layout compile(const LayoutSpec& spec, const std::string& file = {},
                          const Layout* reuse = nullptr);
    // loadLayoutSpec + compile.
    static Layout load(const std::filesystem::path& path);

    const LayoutSpec& spec() const { return spec_; }
    std::size_t trackCount() const { return tracks_.size(); }
    const std::vector<Track>& tracks() const { return tracks_; }
    const Track& track(std::size_t index) const { return tracks_.at(index); }
    int trackIndex(std::string_view id) const;         // -1 if unknown
    const Track& trackById(std::string_view id) const; // throws std::out_of_range
    const std::vector<Connection>& connections() const { return connections_; }
    const std::vector<Switch>& switches() const { return switches_; }
    int switchIndex(std::string_view id) const; // -1 if unknown
    SwitchStates initialSwitchStates() const;
    // The drive sections ("drives"), in file order, resolved to track indices.
    const std::vector<TrackDrive>& drives() const { return drives_; }
    const std::vector<BufferStop>& bufferStops() const { return bufferStops_; } // (BufferStop.h)
    // The buffer stop closing a track's end, or null.
    const BufferStop* bufferStop(int track, TrackEnd end) const;
    // The signals ("signals"), in file order, with their blocks (Signal.h).
    const std::vector<Signal>& signalList() const { return signals_; }
    int signalIndex(std::string_view id) const; // -1 if unknown
    // The routes ("routes"), in file order, with their paths and flank switches (Route.h).
    const std::vector<Route>& routeList() const { return routes_; }
    // The alignments ("alignments"), in file order, with their stationing (Alignment.h).
    const std::vector<Alignment>& alignmentList() const { return alignments_; }
    int alignmentIndex(std::string_view id) const; // -1 if unknown
    // The station [m] of (track, s) on the first alignment (in file order) holding the track, or nullopt
    // when it lies on none (docs/alignments.md, "Stationing"; its text: stationLabel in Alignment.h).
    std::optional<double> station(int track, double s) const;

    // Pose of a body at the start ("bodies"[k]."pose", identity if absent; identity for "ground").
    Pose initialBodyPose(const std::string& body) const;
    // Frame of track t at s in world coordinates with every body at its initial pose.
    TwistedFrame frameInWorld(std::size_t track, double s) const;

    // Where a vehicle goes after crossing end `end` of track `track`. Throws std::out_of_range for a bad
    // track index or a switch state outside its branches (states shorter than switches() use the file's).
    Transition next(int track, TrackEnd end, const SwitchStates& states) const;

    // Every way across end `end` of `track`: each branch of a facing switch (in branch order, whatever its
    // state; Transition::branch = the branch), else the one way next() gives (a connection, a trailing move
    // with trailedAgainst from `states`, a closed curve onto itself); none at an open end. Throws
    // std::out_of_range for a bad track index only.
    std::vector<Transition> branchesAcross(int track, TrackEnd end, const SwitchStates& states) const;

    // Walk the route as the switches are set from `from`, moving along from.direction (>= 0: increasing s,
    // < 0: decreasing): cross the end ahead, enter the next track, run its whole length to its far end, cross
    // that, and so on. visit is called once per end crossed, with the track entered and the distance from
    // from.s (taken as given, not clamped) to its entry: the room left on from.track plus the whole lengths
    // of the tracks entered before. The walk stops (and says why) when visit returns false, at an open end,
    // at a facing switch set to no branch (no throw: visit is not called for it), or after 2 x trackCount()
    // + 2 ends crossed (enough to walk any loop once; a closed curve with nothing attached goes round
    // itself until then). Throws std::out_of_range for a bad from.track only.
    WalkStop walkRoute(const TrackPosition& from, const SwitchStates& states,
                       const std::function<bool(const RouteHop&)>& visit) const;

    // Move by ds [m] along the vehicle's orientation (ds < 0 moves backwards), crossing as many ends as
    // needed. A closed curve with nothing attached wraps onto itself.
    AdvanceResult advance(const TrackPosition& from, double ds, const SwitchStates& states) const;

private:
    enum class AttachKind { None, Connection, SwitchAt, SwitchBranch };
    struct Attachment {
        AttachKind kind = AttachKind::None;
        int index = -1;      // connection or switch index
        int branch = -1;     // branch index (SwitchBranch)
        TrackEndIndex other; // the other end (Connection)
    };
    const Attachment& attachment(int track, TrackEnd end) const;
    // next() without the throw: `noBranch` set (and an open Transition) where a facing switch's state is
    // no branch.
    Transition crossing(int track, TrackEnd end, const SwitchStates& states, bool& noBranch) const;

    LayoutSpec spec_;
    std::vector<Track> tracks_;
    std::vector<Connection> connections_;
    std::vector<Switch> switches_;
    std::vector<Attachment> attach_; // 2 per track: [2 t + (end == End)]
    std::vector<std::pair<std::string, Pose>> bodyPoses_;
    std::vector<TrackDrive> drives_;
    std::vector<BufferStop> bufferStops_;
    std::vector<Signal> signals_;
    std::vector<Route> routes_;
    std::vector<Alignment> alignments_;
    std::unordered_map<std::string, int> trackIds_; // id -> index: lookups stay O(1) for 100k tracks
};

} // namespace tl
