#pragma once
// The cant profile of an IFC 4.3 alignment (IfcAlignmentCant, IfcAlignmentCantSegmentTypeEnum) over the
// horizontal distance u (docs/layout-format.md, "Alignments"). Each segment moves the cant of the left and
// of the right rail [m] from its start to its end values by one law in xi = (u - from) / Lh:
//   constant        f = 0 (the start values throughout)
//   linear          f = xi
//   bloss, helmert, cosine, sine, vienneseBend: f = the shape of the horizontal transition of the same
//                   name (core/curves/TransitionSpiral.h: 3xi^2 - 2xi^3, ..., 35xi^4 - 84xi^5 + 70xi^6 -
//                   20xi^7)
//   cantLeft(u) = startCantLeft + (endCantLeft - startCantLeft) f,   likewise on the right
// (xi = (u - lawFrom) / lawLength for a part of a longer law).
// The cant D = cantRight - cantLeft [m] over the rail head distance b gives IFC's bank angle
//   psi = asin(D / b),  > 0 when the right rail is higher: the track leans toward +y (left), the cant of a
//   left turn (a curve of radius > 0 in IFC and TrackLab).
// TrackLab's bank (the "up" frame's twist, docs/layout-format.md "The up frame") is the opposite angle:
// phi = -psi (a positive phi turns the track's up toward the right).
#include <optional>
#include <string>
#include <vector>

namespace tl {

struct CantSegmentSpec {
    enum class Type { Constant, Linear, Bloss, Helmert, Cosine, Sine, VienneseBend };
    Type type = Type::Constant;
    double from = 0.0;           // horizontal distance of its start [m]
    double length = 0.0;         // horizontal length Lh [m] > 0
    double startCantLeft = 0.0;  // [m]
    double endCantLeft = 0.0;    // [m]
    double startCantRight = 0.0; // [m]
    double endCantRight = 0.0;   // [m]
    // A part of a longer law (an IFC cant segment split where a horizontal segment ends): the law runs from
    // lawFrom over lawLength (start/end cants are its ends), this segment covers [from, from + length] of
    // it. Absent: the segment itself (lawFrom = from, lawLength = length).
    std::optional<double> lawFrom;   // [m]
    std::optional<double> lawLength; // [m] > 0
};

const char* cantTypeName(CantSegmentSpec::Type t);                           // "constant", "linear", ...
std::optional<CantSegmentSpec::Type> cantTypeNamed(const std::string& name); // the inverse

class CantProfile {
public:
    static constexpr double kJoinTolerance = 1e-3; // [m] gaps and overlaps between segments

    // Segments in order covering [0, horizontalLength] (as core/curves/VerticalProfile.h), or none (cant 0).
    // Throws std::invalid_argument naming the segment ("cant segment 1: ...") for b <= 0, a length <= 0,
    // non-finite values, gaps, overlaps, a constant segment whose end values differ from its start, or a
    // cant |D| >= b.
    CantProfile(std::vector<CantSegmentSpec> segments, double railHeadDistance, double horizontalLength);

    struct Value {
        double cant = 0.0;  // D = right - left [m]
        double dcant = 0.0; // dD/du [-]
        double psi = 0.0;   // IFC's bank asin(D / b) [rad], > 0 toward +y
        double dpsi = 0.0;  // dpsi/du [rad/m]
    };
    Value at(double u) const; // u clamped to [0, horizontalLength]

    double railHeadDistance() const { return b_; }
    const std::vector<CantSegmentSpec>& segments() const { return segments_; }

private:
    std::vector<CantSegmentSpec> segments_;
    double b_;
    double horizontalLength_;
};

} // namespace tl
