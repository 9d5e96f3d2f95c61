#pragma once
// The 3D mesh of one track, built from its twisted frames wF(s) in the parent body's coordinates:
// two rails with a head/web/foot profile at the gauge, sleepers, a ballast bed (coloured by the chosen
// overlay), split into chunks with a level of detail (a flat ribbon far away).
#include "core/layout/Track.h"
#include "render/track/TrackColouring.h"
#include "render/track/TrackStyle.h"

#include <osg/MatrixTransform>

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

// Where the vertices of a track's mesh are measured from: its start in body coordinates (the placement's
// translation) [m].
Vec3 trackMeshOrigin(const Track& track);

// Build the node of one track (body coordinates). The node is an osg::MatrixTransform translating by
// trackMeshOrigin(track) in double (osg::Matrixd); its vertices are relative to that origin (the difference
// taken in double, then stored as float), so a track millions of metres from the world's origin (national
// grid coordinates, e.g. x = 2 600 000 m) keeps vertices of at most its own extent and draws without float
// jitter: OSG composes the transform with the view matrix in double (docs/alignments.md, "Limits"). The
// node's name is the track id. Each child chunk is an osg::LOD (detailed mesh, ribbon, centre line), or
// with style.levelsOfDetail false a plain osg::Geode holding the detailed mesh (or the ribbon when
// !style.detailed).
osg::ref_ptr<osg::MatrixTransform> buildTrackMesh(const Track& track, const TrackStyle& style,
                                                  const OverlayOptions& overlay,
                                                  TrackMeshStats* stats = nullptr);

} // namespace tl::render
