#include "core/design/EndState.h"

#include "core/design/DesignEdit.h"

#include <algorithm>
#include <cmath>

namespace tl::design {

namespace {
const Track& trackOf(const Layout& layout, const std::string& id) {
    const int i = layout.trackIndex(id);
    if (i < 0) throw DesignError("There is no track \"" + id + "\".");
    return layout.track(std::size_t(i));
}
double endS(const Track& t, TrackEnd e) {
    return e == TrackEnd::Start ? 0.0 : t.length();
}
} // namespace

EndState endState(const Layout& layout, const EndRef& end) {
    const Track& t = trackOf(layout, end.track);
    EndState st;
    st.end = end;
    st.body = t.body();
    st.level = levelEndFrame(t, end.end);
    const TwistedFrame f = t.localFrame(endS(t, end.end));
    st.curvature = f.F.kappa * f.F.N; // d T / ds: the same vector whichever way the track is run
    st.kh = st.curvature.dot(st.level.linear().col(1));
    st.kv = st.curvature.dot(st.level.linear().col(2));
    st.pitch = std::asin(std::clamp(st.direction().z(), -1.0, 1.0));
    return st;
}

JointMismatch jointMismatch(const Layout& layout, const EndRef& from, const EndRef& into) {
    const Track& a = trackOf(layout, from.track);
    const Track& b = trackOf(layout, into.track);
    const TwistedFrame fa = a.frameInWorld(endS(a, from.end), layout.initialBodyPose(a.body()));
    const TwistedFrame fb = b.frameInWorld(endS(b, into.end), layout.initialBodyPose(b.body()));
    const Vec3 da = (from.end == TrackEnd::End ? 1.0 : -1.0) * fa.F.T;
    const Vec3 db = (into.end == TrackEnd::Start ? 1.0 : -1.0) * fb.F.T;
    JointMismatch m;
    m.gap = (fa.F.P - fb.F.P).norm();
    m.angle = std::atan2(da.cross(db).norm(), da.dot(db));
    m.curvature = (fa.F.kappa * fa.F.N - fb.F.kappa * fb.F.N).norm();
    return m;
}

} // namespace tl::design
