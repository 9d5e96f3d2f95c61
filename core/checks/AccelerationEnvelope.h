#pragma once
// An acceleration-duration envelope (ASTM F2291 style) checked on a signal sampled in time: pure functions,
// no layout, so that tests can feed synthetic pulses. The envelope is the standard's limit line given by
// its corners [g, seconds] in order of duration: the line holds the first corner's level up to its
// duration, runs straight from corner to corner, and holds the last corner's level for ever. A level a
// (on the envelope's side: above for positive corners, below for negative ones) may be held - the
// signal at a or beyond it - continuously for at most allowed(a): the longest duration at which the line
// is still at a or beyond. Beyond the first corner's level: never; within the last corner's: for ever.
// Two corners with one level make a plateau (e.g. [4, 2], [4, 4]: 4 g for up to 4 s, but above 4 g
// only on the ramp from the corner before).
#include <vector>

namespace tl {

struct EnvelopeCorner {
    double g = 0.0;       // level, in the signal's unit (all corners of one envelope on one side of 0)
    double seconds = 0.0; // duration [s] > 0, increasing from corner to corner; |g| does not grow
};

struct EnvelopeViolation {
    double t0 = 0.0;       // start of the time at or beyond `level` [s]
    double t1 = 0.0;       // its end [s]
    double level = 0.0;    // the level held too long
    double duration = 0.0; // t1 - t0 [s]
    double allowed = 0.0;  // the longest the envelope allows at `level` [s] (0: never beyond it)
    double peak = 0.0;     // the most extreme value in [t0, t1]
    double tPeak = 0.0;    // where [s]
};

// Why an envelope is malformed (nullptr if it is well-formed); `index` gets the offending corner (-1: none).
const char* envelopeProblem(const std::vector<EnvelopeCorner>& corners, int& index);

// The longest time the level may be held (+inf within the last corner's level, 0 beyond the first's).
double envelopeAllowed(const std::vector<EnvelopeCorner>& corners, double level);

// Check a signal a(t) (t increasing, linear between samples; the same unit as the corners) against a
// well-formed envelope. Exact for the linearly interpolated signal: every corner level and every sample
// value on the envelope's ramps is tried. Violations that overlap in time are merged into one: the one
// held longest relative to what it is allowed. In order of time.
std::vector<EnvelopeViolation> checkEnvelope(const std::vector<double>& t, const std::vector<double>& a,
                                             const std::vector<EnvelopeCorner>& corners);

} // namespace tl
