#pragma once
// Dimensions of the rendered track (metres). wF.P is the centre line at rail-top level; wF.N points
// across the track (left), wF.B up out of the rail plane.
namespace tl::render {

enum class TrackLook { Railway, Coaster };

struct TrackStyle {
    TrackLook look = TrackLook::Railway;
    double gauge = 1.435;           // distance between the rails' inner head edges [m]
    double railHeadWidth = 0.072;   // [m]
    double railFootWidth = 0.150;   // [m]
    double railHeight = 0.172;      // UIC 60-like rail [m]
    double sleeperSpacing = 0.60;   // centre to centre [m]
    double sleeperLength = 2.60;    // across the track [m]
    double sleeperWidth = 0.26;     // along the track [m]
    double sleeperHeight = 0.18;    // [m]
    double ballastTopWidth = 3.2;   // [m]
    double ballastFootWidth = 5.0;  // [m]
    double ballastHeight = 0.35;    // below the sleepers' underside [m]
    double maxTurnPerSample = 0.03; // max angle the frame may turn between mesh samples [rad]
    double maxSampleSpacing = 2.0;  // [m]
    double chunkLength = 250.0;     // tracks are split into chunks this long (culling, LOD) [m]
    double detailDistance = 600.0;  // beyond this camera distance a chunk shows a plain ribbon [m]
    bool detailed = true;           // false: only the ribbon (rails, sleepers, ballast cost ~8 KB per m)
    bool levelsOfDetail = true;     // false (exports): only the detailed mesh, no LOD, ribbon or centre line

    // Meshes of a huge layout must fit in memory (a 1 000 km line used to abort in OSG with bad_alloc):
    // above kDetailBudget of track in total only ribbons are built, and the samples are spaced so that the
    // whole layout has at most about kRibbonSamples of them.
    static constexpr double kDetailBudget = 50000.0; // [m] of detailed track (~400 MB of meshes)
    static constexpr double kRibbonSamples = 500000.0;
    TrackStyle withinBudget(double totalLength) const {
        TrackStyle st = *this;
        if (totalLength > kDetailBudget) {
            st.detailed = false;
            if (totalLength / st.maxSampleSpacing > kRibbonSamples)
                st.maxSampleSpacing = totalLength / kRibbonSamples;
        }
        return st;
    }
    double lineDistance = 250.0; // beyond this camera distance a chunk also shows its centre line [m]
    float lineWidth = 3.f;       // width of that centre line on screen [pixels]
    double lineHeight = 0.15;    // the centre line's height above the rail top (along wB) [m]

    // The look a layout asks for with its top-level "look": "railway" (default) or "coaster" (coaster gauge).
    static TrackStyle forLook(TrackLook look) {
        TrackStyle st;
        st.look = look;
        if (look == TrackLook::Coaster) st.gauge = 1.1;
        return st;
    }

    // distance between the rails' centre lines [m]
    double railSpacing() const { return gauge + railHeadWidth; }
};

} // namespace tl::render
