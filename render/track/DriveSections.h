#pragma once
// Drive sections of a layout (core/layout/TrackDrive.h: a coaster's lift-hill chain, boosters and station
// brakes) drawn along their tracks, so the user sees where the track itself moves the train:
//   chain   - a strip between the rails in black and hazard yellow, links every 0.5 m;
//   booster - a strip of blue and white fins, every 1 m;
// each with a line of its colour above the track that stays a few pixels wide far away, and a label at
// the section's middle naming it ("lift: chain lift 3.5 m/s ->"). Built in world coordinates at the
// bodies' initial poses, each section relative to its start under a double transform (render/LocalOrigin.h),
// so a layout millions of metres from the world's origin draws without float jitter.
#include "core/layout/Layout.h"
#include "core/layout/TrackDrive.h"
#include "render/track/TrackStyle.h"

#include <osg/Group>
#include <osg/MatrixTransform>
#include <osg/Vec4>

#include <string>
#include <vector>

namespace tl::render {

struct DriveSectionColours {
    static osg::Vec4 chain() { return {0.98f, 0.80f, 0.05f, 1.f}; }   // hazard yellow (with black links)
    static osg::Vec4 booster() { return {0.10f, 0.45f, 0.95f, 1.f}; } // blue (with white fins)
};

// The label of a drive section as the view names it, e.g. "lift: chain lift 3.5 m/s" or
// "station: booster 1.5 m/s".
std::string driveSectionLabel(const TrackDrive& d);

// Where a section's vertices are measured from: the centre line at its start, d.from (world) [m].
Vec3 driveSectionOrigin(const Layout& layout, const TrackDrive& d);

// One child per section (named by the section's id): an osg::MatrixTransform translating by
// driveSectionOrigin (osg::Matrixd) holding the strip (geode "driveStrip"), the far-view line (geode
// "trackLine") and the label, all relative to it. `drives` come from Layout::drives().
osg::ref_ptr<osg::Group> buildDriveSections(const Layout& layout, const std::vector<TrackDrive>& drives,
                                            const TrackStyle& style);

} // namespace tl::render
