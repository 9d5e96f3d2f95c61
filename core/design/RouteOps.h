#pragma once
// Route operations of the designer (the signal's Properties form, ui/panels/PropertySignal.cpp): add a route
// from an entry signal to an exit signal with the switch states found by searching the track network, delete
// one, set its overlap. docs/layout-format.md, "Routes"; docs/user-guide.md, "Signals".
//
// The search walks from the entry signal in its direction across every track end (Layout::branchesAcross,
// core/layout/LayoutTraversal.cpp: every branch of a facing switch, the one way back through a trailing
// one) and so tries every combination of switch states along the way, as the block walk of
// core/layout/Signals.cpp walks every branch. A way never enters a track twice in the same direction and
// crosses a switch it meets twice the same way (a route sets each switch once). It stops at the exit
// signal as Layout::compile's route walk does (core/layout/Routes.cpp): reaching it travelling against it
// ends that way. The route lists every switch its way crosses, facing or trailing, in the order crossed;
// switches in the overlap beyond the exit signal are left to lie as the file sets them.
//
// Each operation returns the edited spec and an undo-step name, leaves its input untouched and throws
// DesignError with a sentence for the user when it cannot be done. Deleting a signal deletes the routes
// from or to it in the same edit (core/design/SignalOps.h).
#include "core/design/DesignEdit.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tl {
class Layout;
}

namespace tl::design {

using SwitchChoices = std::vector<std::pair<std::string, int>>; // [(switch id, state)], as RouteSpec has

// One way from an entry signal to an exit signal.
struct RouteWay {
    std::string to;         // the exit signal's id
    SwitchChoices switches; // every switch crossed, in order, with the state the way needs
    double length = 0.0;    // entry to exit signal along the way [m]
    int ways = 1;           // how many ways reach that exit (this one is the shortest)
};

// "R1", "R2", ... (or prefix + k): the first id no route of `spec` has.
std::string uniqueRouteId(const LayoutSpec& spec, const std::string& prefix = "R");

// The shortest way from stop signal `from` in its direction to stop signal `to`, honouring `choices` (a
// switch listed there is only crossed in that state). Throws DesignError: an unknown or distant signal or
// switch, a state that is no branch, no way ("no way from S1 to S2 in S1's direction"), an exit signal met
// only travelling against it, a chosen switch no way crosses.
RouteWay findRouteWay(const Layout& layout, const std::string& from, const std::string& to,
                      const SwitchChoices& choices = {});

// Every stop signal a route from `from` could end at, each with its shortest way, nearest first (the
// Properties form's "Add route to..." list). Empty for an unknown or distant signal.
std::vector<RouteWay> routeExits(const Layout& layout, const std::string& from);

// A route from `from` to `to` along findRouteWay's way, with id `id` (empty: uniqueRouteId) and the exit
// signal's overlap. The edit is of layout.spec() and is compiled before it is returned (Layout::compile's
// refusal becomes the DesignError's reason). Throws DesignError as findRouteWay does, and when the id is
// taken. The description names the route and, with several ways, says the shortest was taken.
DesignEdit addRoute(const Layout& layout, const std::string& from, const std::string& to,
                    const SwitchChoices& choices = {}, const std::string& id = {});

// Delete route `id`.
DesignEdit deleteRoute(const LayoutSpec& spec, const std::string& id);

// Set route `id`'s overlap [m] (>= 0); nullopt: the exit signal's.
DesignEdit setRouteOverlap(const LayoutSpec& spec, const std::string& id, std::optional<double> overlap);

} // namespace tl::design
