#include "physics/spec/StartPlace.h"

namespace tl {

StartPlace readStartPlace(const SpecReader& r, const Layout& layout) {
    StartPlace p;
    p.track = r.string("track");
    const int ti = layout.trackIndex(p.track);
    if (ti < 0) r.fail("track", "no track with id \"" + p.track + "\"");
    p.s = r.number("s");
    const double length = layout.track(std::size_t(ti)).length();
    if (p.s < 0 || p.s > length)
        r.fail("s",
               "must lie on the track: 0 <= s <= " + std::to_string(length) + ", got " + std::to_string(p.s));
    const double dir = r.number("direction", 1.0);
    if (dir != 1.0 && dir != -1.0) r.fail("direction", "expected 1 or -1");
    p.direction = int(dir);
    return p;
}

} // namespace tl
