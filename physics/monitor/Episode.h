#pragma once
// One step of an episode (EpisodeState, RuntimeState.h): a quantity against its limit. An episode opens in
// the step the value first exceeds the limit, follows its peak and duration while it stays over (dips at or
// under the limit shorter than `gap` included), and closes once the value has stayed under for `gap`. The
// caller keeps one event per episode: it creates the event on Opened and copies peak and duration on
// Opened / Updated.
#include "physics/state/RuntimeState.h"

namespace tl {

enum class EpisodeStep { None, Opened, Updated, Closed };

inline EpisodeStep updateEpisode(EpisodeState& e, double value, double limit, double dt, double gap) {
    const bool over = value > limit;
    if (e.event < 0) {
        if (!over) return EpisodeStep::None;
        e.peak = value;
        e.duration = dt;
        e.quiet = 0.0;
        return EpisodeStep::Opened; // the caller sets e.event
    }
    if (over) {
        e.peak = value > e.peak ? value : e.peak;
        e.duration += e.quiet + dt;
        e.quiet = 0.0;
        return EpisodeStep::Updated;
    }
    e.quiet += dt;
    if (e.quiet < gap - 1e-12) return EpisodeStep::None;
    e = EpisodeState{};
    return EpisodeStep::Closed;
}

} // namespace tl
