#include "render/track/TrackMesh.h"

#include "render/LocalOrigin.h"
#include "render/track/MeshBuffer.h"
#include "render/track/TrackLine.h"

#include <osg/Geode>
#include <osg/LOD>
#include <osg/MatrixTransform>
#include <osg/PolygonOffset>

#include <algorithm>
#include <cmath>

namespace tl::render {

namespace {

const osg::Vec4 kRailColour(0.55f, 0.55f, 0.58f, 1.f);
const osg::Vec4 kSleeperColour(0.42f, 0.33f, 0.24f, 1.f);
const osg::Vec4 kBallastColour(0.50f, 0.48f, 0.45f, 1.f);

struct Sample {
    double s;
    TwistedFrame f;
    osg::Vec4 colour; // overlay colour of the ballast / ribbon
};

// A point at (n across, b up) in the track's cross-section at sample f.
Vec3 at(const TwistedFrame& f, double n, double b) {
    return f.F.P + n * f.wN + b * f.wB;
}

// Extrude the rectangle [n0, n1] x [b0, b1] of the cross-section along the samples (4 lit sides).
void extrudeBox(MeshBuffer& m, const std::vector<Sample>& samples, double n0, double n1, double b0, double b1,
                const osg::Vec4& colour, bool bottom = true) {
    struct Side {
        double na, ba, nb, bb; // edge from (na, ba) to (nb, bb)
        double nn, nbn;        // outward normal in (n, b)
    };
    const Side sides[4] = {
        {n1, b1, n0, b1, 0, 1}, {n0, b1, n0, b0, -1, 0}, {n0, b0, n1, b0, 0, -1}, {n1, b0, n1, b1, 1, 0}};
    for (const Side& side : sides) {
        if (!bottom && side.nbn < 0) continue;
        unsigned prevA = 0, prevB = 0;
        for (std::size_t i = 0; i < samples.size(); ++i) {
            const TwistedFrame& f = samples[i].f;
            const Vec3 normal = side.nn * f.wN + side.nbn * f.wB;
            const unsigned a = m.addVertex(at(f, side.na, side.ba), normal, colour);
            const unsigned b = m.addVertex(at(f, side.nb, side.bb), normal, colour);
            if (i > 0) m.addQuad(prevA, a, b, prevB);
            prevA = a;
            prevB = b;
        }
    }
}

// The ballast: a trapezoid (top width wt at height bt, foot width wf at bf) coloured per sample.
void extrudeTrapezoid(MeshBuffer& m, const std::vector<Sample>& samples, double wt, double bt, double wf,
                      double bf) {
    const double corners[4][2] = {{wf / 2, bf}, {wt / 2, bt}, {-wt / 2, bt}, {-wf / 2, bf}};
    for (int e = 0; e < 3; ++e) {
        const double* p = corners[e];
        const double* q = corners[e + 1];
        const double dn = q[0] - p[0], db = q[1] - p[1];
        const double len = std::hypot(dn, db);
        const double nn = db / len, nb = -dn / len; // outward (profile runs counter-clockwise)
        unsigned prevA = 0, prevB = 0;
        for (std::size_t i = 0; i < samples.size(); ++i) {
            const TwistedFrame& f = samples[i].f;
            const Vec3 normal = nn * f.wN + nb * f.wB;
            const unsigned a = m.addVertex(at(f, p[0], p[1]), normal, samples[i].colour);
            const unsigned b = m.addVertex(at(f, q[0], q[1]), normal, samples[i].colour);
            if (i > 0) m.addQuad(prevA, a, b, prevB);
            prevA = a;
            prevB = b;
        }
    }
}

void addRail(MeshBuffer& m, const std::vector<Sample>& samples, const TrackStyle& st, double centre) {
    const double head = 0.048, foot = 0.030, web = 0.017;
    extrudeBox(m, samples, centre - st.railHeadWidth / 2, centre + st.railHeadWidth / 2, -head, 0.0,
               kRailColour);
    extrudeBox(m, samples, centre - web / 2, centre + web / 2, -st.railHeight + foot, -head, kRailColour,
               false);
    extrudeBox(m, samples, centre - st.railFootWidth / 2, centre + st.railFootWidth / 2, -st.railHeight,
               -st.railHeight + foot, kRailColour, false);
}

void addSleepers(MeshBuffer& m, const Track& track, double s0, double s1, const TrackStyle& st) {
    const double top = -st.railHeight, bottom = top - st.sleeperHeight;
    const double hl = st.sleeperLength / 2, hw = st.sleeperWidth / 2;
    const double first = std::ceil((s0 - st.sleeperSpacing / 2) / st.sleeperSpacing);
    for (double k = std::max(0.0, first);; ++k) {
        const double s = (k + 0.5) * st.sleeperSpacing;
        if (s >= s1 || s > track.length()) break;
        if (s < s0) continue;
        const TwistedFrame f = track.localFrame(s);
        const Vec3 T = f.F.T * hw, N = f.wN * hl, B = f.wB;
        const Vec3 c = f.F.P + top * B, d = f.F.P + bottom * B;
        // top, two long sides, two ends
        m.addFlatQuad(c - T - N, c + T - N, c + T + N, c - T + N, kSleeperColour);
        m.addFlatQuad(d + T - N, d + T + N, c + T + N, c + T - N, kSleeperColour);
        m.addFlatQuad(d - T + N, d - T - N, c - T - N, c - T + N, kSleeperColour);
        m.addFlatQuad(d - T - N, d + T - N, c + T - N, c - T - N, kSleeperColour);
        m.addFlatQuad(d + T + N, d - T + N, c - T + N, c + T + N, kSleeperColour);
    }
}

// Roller-coaster look: two tubular rails, a box spine below the centre, cross ties every 1.5 m with a strut
// to the spine, and (for tracks on the ground) a support column down to the ground every 12 m.
void addCoaster(MeshBuffer& m, const std::vector<Sample>& chunk, const Track& track, const TrackStyle& st,
                bool supports) {
    const osg::Vec4 rail(0.85f, 0.2f, 0.15f, 1.f), steel(0.75f, 0.75f, 0.78f, 1.f);
    const double half = st.railSpacing() / 2, r = 0.05;
    extrudeBox(m, chunk, half - r, half + r, -2 * r, 0.0, rail);
    extrudeBox(m, chunk, -half - r, -half + r, -2 * r, 0.0, rail);
    extrudeBox(m, chunk, -0.2, 0.2, -0.95, -0.55, rail);
    const double s0 = chunk.front().s, s1 = chunk.back().s;
    for (double s = std::ceil(s0 / 1.5) * 1.5; s < s1; s += 1.5) {
        const TwistedFrame f = track.localFrame(s);
        const Vec3 T = f.F.T * 0.06;
        auto box = [&](double n0, double n1, double b0, double b1) {
            const Vec3 a = at(f, n0, b0), b = at(f, n1, b0), c = at(f, n1, b1), d = at(f, n0, b1);
            m.addFlatQuad(d - T, c - T, c + T, d + T, steel); // top
            m.addFlatQuad(a + T, b + T, b - T, a - T, steel); // bottom
            m.addFlatQuad(a - T, b - T, c - T, d - T, steel); // back
            m.addFlatQuad(b + T, a + T, d + T, c + T, steel); // front
        };
        box(-half, half, -0.16, -0.1);  // tie
        box(-0.04, 0.04, -0.55, -0.16); // strut to the spine
    }
    if (!supports) return;
    for (double s = std::ceil(s0 / 12.0) * 12.0; s < s1; s += 12.0) {
        const TwistedFrame f = track.localFrame(s);
        const Vec3 top = at(f, 0.0, -0.95);
        if (top.z() < 1.0) continue; // at ground level: no column
        const double w = 0.18;
        const Vec3 x(w, 0, 0), y(0, w, 0), down(top.x(), top.y(), -1.0);
        m.addFlatQuad(down - x - y, down + x - y, top + x - y, top - x - y, steel);
        m.addFlatQuad(down + x - y, down + x + y, top + x + y, top + x - y, steel);
        m.addFlatQuad(down + x + y, down - x + y, top - x + y, top + x + y, steel);
        m.addFlatQuad(down - x + y, down - x - y, top - x - y, top - x + y, steel);
    }
}

osg::ref_ptr<osg::Geode> ribbon(const std::vector<Sample>& samples, const TrackStyle& st,
                                const Vec3& origin) {
    MeshBuffer m(origin);
    const double w = st.ballastTopWidth / 2, b = -st.railHeight;
    unsigned prevA = 0, prevB = 0;
    for (std::size_t i = 0; i < samples.size(); ++i) {
        const TwistedFrame& f = samples[i].f;
        const unsigned a = m.addVertex(at(f, -w, b), f.wB, samples[i].colour);
        const unsigned c = m.addVertex(at(f, w, b), f.wB, samples[i].colour);
        if (i > 0) m.addQuad(prevA, a, c, prevB);
        prevA = a;
        prevB = c;
    }
    osg::ref_ptr<osg::Geode> g = new osg::Geode;
    g->addDrawable(m.finish());
    // pushed back in depth: kilometres away the centre line (lineHeight above) must not z-fight with it
    static osg::ref_ptr<osg::StateSet> behind = [] {
        osg::ref_ptr<osg::StateSet> ss = new osg::StateSet;
        ss->setAttributeAndModes(new osg::PolygonOffset(2.f, 8.f));
        return ss;
    }();
    g->setStateSet(behind.get());
    return g;
}

} // namespace

std::vector<double> meshSamples(const Track& track, const TrackStyle& style) {
    std::vector<double> out;
    const double L = track.length();
    double s = 0.0;
    out.push_back(0.0);
    while (s < L) {
        const TwistedFrame f = track.curveFrame(s);
        const double rate = f.omega().norm(); // [rad/m]
        double ds = style.maxSampleSpacing;
        if (rate > 1e-12) ds = std::min(ds, style.maxTurnPerSample / rate);
        ds = std::max(ds, 0.02);
        s = std::min(L, s + ds);
        out.push_back(s);
    }
    return out;
}

Vec3 trackMeshOrigin(const Track& track) {
    return track.placement().translation();
}

osg::ref_ptr<osg::MatrixTransform> buildTrackMesh(const Track& track, const TrackStyle& st,
                                                  const OverlayOptions& overlay, TrackMeshStats* stats) {
    // every vertex relative to the track's start (in double, MeshBuffer), put back by a double transform
    const Vec3 origin = trackMeshOrigin(track);
    osg::ref_ptr<osg::MatrixTransform> group = localOriginTransform(origin);
    group->setName(track.id());
    const std::vector<double> ss = meshSamples(track, st);
    std::vector<Sample> all;
    all.reserve(ss.size());
    for (double s : ss) {
        Sample smp{s, track.localFrame(s), kBallastColour};
        const double value =
            overlay.overlay == TrackOverlay::PeakYQ ? (overlay.peaks ? overlay.peaks->at(track.id(), s) : 0.0)
            : overlay.overlay == TrackOverlay::Risk ? (overlay.risk ? overlay.risk->at(track.id(), s) : NAN)
                                                    : overlayValue(track, s, overlay);
        smp.colour = overlay.overlay == TrackOverlay::Checks
                         ? (overlay.ranges ? overlay.ranges->at(track.id(), s) : kBallastColour)
                         : overlayColour(value, overlay, kBallastColour);
        all.push_back(smp);
    }
    TrackMeshStats local;
    local.samples = all.size();
    const double sleeperBottom = -st.railHeight - st.sleeperHeight;
    std::size_t begin = 0;
    while (begin + 1 < all.size()) {
        std::size_t end = begin + 1;
        while (end + 1 < all.size() && all[end].s - all[begin].s < st.chunkLength)
            ++end;
        const std::vector<Sample> chunk(all.begin() + std::ptrdiff_t(begin),
                                        all.begin() + std::ptrdiff_t(end) + 1);

        if (!st.detailed) { // a huge layout: the ribbon only
            osg::ref_ptr<osg::Geode> far = ribbon(chunk, st, origin);
            local.vertices += far->getDrawable(0)->asGeometry()->getVertexArray()->getNumElements();
            group->addChild(far);
            ++local.chunks;
            begin = end;
            continue;
        }
        MeshBuffer detail(origin);
        if (st.look == TrackLook::Coaster) {
            addCoaster(detail, chunk, track, st, track.onGround());
        } else {
            addRail(detail, chunk, st, st.railSpacing() / 2);
            addRail(detail, chunk, st, -st.railSpacing() / 2);
            addSleepers(detail, track, chunk.front().s, chunk.back().s, st);
            extrudeTrapezoid(detail, chunk, st.ballastTopWidth, sleeperBottom + 0.02, st.ballastFootWidth,
                             sleeperBottom - st.ballastHeight);
        }
        local.vertices += detail.vertexCount();
        osg::ref_ptr<osg::Geode> detailed = new osg::Geode;
        detailed->addDrawable(detail.finish());
        if (!st.levelsOfDetail) { // an export: the detailed mesh alone
            group->addChild(detailed);
            ++local.chunks;
            begin = end;
            continue;
        }
        osg::ref_ptr<osg::Geode> far = ribbon(chunk, st, origin);
        local.vertices += far->getDrawable(0)->asGeometry()->getVertexArray()->getNumElements();

        osg::ref_ptr<osg::LOD> lod = new osg::LOD;
        lod->setRangeMode(osg::LOD::DISTANCE_FROM_EYE_POINT);
        lod->addChild(detailed, 0.f, float(st.detailDistance));
        lod->addChild(far, float(st.detailDistance), 1e7f);
        // far away the rails and ballast shrink below a pixel: a line of fixed screen width over them
        std::vector<Vec3> line;
        std::vector<osg::Vec4> lineColours;
        for (const Sample& smp : chunk) {
            line.push_back(at(smp.f, 0.0, st.lineHeight) - origin);
            lineColours.push_back(overlay.overlay == TrackOverlay::None ? trackLineColour(st.look)
                                                                        : smp.colour);
        }
        lod->addChild(buildTrackLine(line, lineColours, st.lineWidth), float(st.lineDistance), 1e7f);
        group->addChild(lod);
        ++local.chunks;
        begin = end;
    }
    if (stats) *stats = local;
    return group;
}

} // namespace tl::render
