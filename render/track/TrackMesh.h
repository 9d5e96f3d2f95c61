#pragma once
// The 3D mesh of one track, built from its twisted frames wF(s) in the parent body's coordinates:
// two rails with a head/web/foot profile at the gauge, sleepers, a ballast bed (coloured by the chosen
// overlay), split into chunks with a level of detail (a flat ribbon far away).
#include "core/layout/Track.h"
#include "render/track/TrackColouring.h"
#include "render/track/TrackStyle.h"

#include <osg/Group>

#include <vector>

namespace tl::render {

// Arc lengths at which the mesh samples the track: spaced so the frame turns by at most
// style.maxTurnPerSample between samples, never more than style.maxSampleSpacing apart, ends included.
std::vector<double> meshSamples(const Track& track, const TrackStyle& style);

struct TrackMeshStats {
    std::size_t samples = 0;  // frames evaluated
    std::size_t vertices = 0; // detailed + ribbon vertices
    std::size_t chunks = 0;
};

// Build the node of one track (body coordinates). The node's name is the track id. Each chunk is an
// osg::LOD (detailed mesh, ribbon, centre line), or with style.levelsOfDetail false a plain osg::Geode
// holding the detailed mesh (or the ribbon when !style.detailed).
osg::ref_ptr<osg::Group> buildTrackMesh(const Track& track, const TrackStyle& style,
                                        const OverlayOptions& overlay, TrackMeshStats* stats = nullptr);

} // namespace tl::render
