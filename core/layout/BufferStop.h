#pragma once
// A buffer stop as the simulation and the scene use it: a BufferStopSpec (core/layout/LayoutSpec.h) with its
// track resolved to an index and its defaults filled in. Layout::compile builds them (Layout::bufferStops()).
// docs/layout-format.md, "Buffer stops": a friction stop slides back with a constant retarding force over its
// stroke, then gives way (the train overruns it); a fixed stop is a spring of kFixedStiffness over
// kFixedStroke, solid beyond. A train meets a stop through its own end buffers.
#include "core/layout/LayoutSpec.h"

namespace tl {

struct BufferStop {
    static constexpr double kFixedStiffness = 5e7;  // [N/m]
    static constexpr double kFixedStroke = 0.05;    // [m]
    static constexpr double kFrictionForce = 400e3; // default retarding force [N]
    static constexpr double kFrictionStroke = 3.0;  // default slide [m]
    int track = -1;                                 // track index
    TrackEnd end = TrackEnd::End;                   // the end it closes
    bool friction = true;                           // "friction" (slides) or "fixed" (a stiff spring)
    double force = kFrictionForce;                  // friction: retarding force [N]
    double stroke = kFrictionStroke;                // friction: slide; fixed: kFixedStroke [m]
};

} // namespace tl
