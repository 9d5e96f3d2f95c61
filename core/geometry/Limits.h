#pragma once
// Bounds on what a layout may ask for, so that any input is handled with bounded time and memory (issue
// 16). Each is far beyond any real railway or coaster layout; docs/layout-format.md lists them. Values
// outside are rejected with the file, the JSON path and the limit (core/layout/LayoutCheck.cpp; the vehicle
// and car counts in physics/spec/VehicleSpec.cpp and physics/spec/TrainSpec.cpp), and the curve constructors
// enforce the ones they depend on themselves.
#include <cstddef>

namespace tl::limits {

constexpr double kMaxCurveLength = 1.0e5;  // one track's length [m] (100 km)
constexpr double kMaxCoordinate = 1.0e7;   // |x|, |y|, |z| of positions and offsets [m] (10 000 km)
constexpr double kMaxCurvature = 1.0e3;    // |kappa| of arcs, helices, clothoids [1/m] (radius >= 1 mm)
constexpr double kMaxTurning = 1.0e4;      // total heading change of one clothoid, length x max|kappa| [rad]
constexpr double kMaxSplineTangent = 10.0; // |tangent handle| (dP/du, 1 = the natural magnitude)
constexpr std::size_t kMaxSplinePoints = 100000;        // control points of one spline
constexpr std::size_t kMaxSplineNodes = 1000000;        // arc-length table sub-intervals of one spline
constexpr std::size_t kMaxSplineNodesPerSegment = 4096; // ... between two control points
constexpr std::size_t kMaxTracks = 100000;              // tracks of one layout
constexpr std::size_t kMaxSignals = 100000;             // signals of one layout
constexpr std::size_t kMaxTwistKeys = 100000;           // keys of one "keys" twist
constexpr std::size_t kMaxVehicles = 1000;              // single vehicles of one layout ("vehicles")
constexpr std::size_t kMaxCarsPerTrain = 1000;          // cars of one train
constexpr std::size_t kMaxCars = 10000;                 // cars of all trains of one layout together

} // namespace tl::limits
