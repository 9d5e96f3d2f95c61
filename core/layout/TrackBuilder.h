#pragma once
// Builds the geometry objects of a track from its spec (core/curves, core/twists).
// Constructors' std::invalid_argument propagate; Layout::compile maps them to LayoutError paths.
#include "core/curves/AlignmentCurve.h"
#include "core/geometry/Curve.h"
#include "core/geometry/Twist.h"
#include "core/layout/LayoutSpec.h"
#include "core/twists/UpReference.h"

namespace tl {

// Curve in its local coordinates (start at the origin, heading +x, up +z).
CurvePtr buildCurve(const CurveSpec& spec);
// An "alignment" curve (core/layout/AlignmentCurveSpec.h); a horizontal vienneseBend takes its cant term's
// cantStart / cantEnd from the cant profile at its two ends (railHeadDistance b of the profile).
std::shared_ptr<const AlignmentCurve> buildAlignmentCurve(const CurveSpec& spec);

// Twist profile. `bodyToCurve` rotates body-frame vectors into curve-local ones (the inverse of the
// placement rotation): a "directional" twist's "up" is given in the body's frame. `curveLength` [m] is the
// span of a "linear" twist. A missing "up" means body +z.
// bankOn: null for a Frenet-measured twist; for an up-frame track the level frame the profile is a bank
// on: a "cant" then gets its smooth ramp (SmoothBankTwist: Bloss ramp on a clothoid, moving average of
// "smoothing" metres on a spline).
TwistPtr buildTwist(const TwistSpec& spec, const Quat& bodyToCurve, double curveLength,
                    const UpReferencePtr& bankOn = nullptr);

// The twist a track uses: its profile as is (Frenet), or UpFrameTwist(up, profile as a bank) (Up); an
// "alignment" track: UpFrameTwist(up, its cant profile: core/twists/CantProfileTwist.h).
// `up` is the track's up reference (Track::upReference()).
TwistPtr buildTrackTwist(const TrackSpec& spec, const Quat& bodyToCurve, double curveLength,
                         const UpReferencePtr& up);

} // namespace tl
