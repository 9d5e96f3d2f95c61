#pragma once
// The world around the tracks: ground plane, grid, sun light. Z is up.
#include <osg/Group>

namespace tl::render {

struct EnvironmentOptions {
    double halfSize = 500.0;             // half the side of the square ground [m]
    double gridSpacing = 10.0;           // distance between grid lines [m]
    double centreX = 0.0, centreY = 0.0; // ground centre [m]
    double groundZ = 0.0;                // ground height [m]
};

// A group holding the sun (GL light 0, directional), the ground and the grid. Children added to the
// returned group's "scene" child are lit by the sun.
osg::ref_ptr<osg::Group> createEnvironment(const EnvironmentOptions& options = {});
// Without ground (the caller adds createGround() and may replace it).
osg::ref_ptr<osg::Group> createEnvironment(bool withGround);
// The ground plane with its grid: a geode named "ground" (vertices about the centre) under an
// osg::MatrixTransform to (centreX, centreY, groundZ) in double.
osg::ref_ptr<osg::Node> createGround(const EnvironmentOptions& options);

} // namespace tl::render
