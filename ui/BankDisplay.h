#pragma once
// How the user sees and types bank (display and entry only; files and the model keep radians):
// a railway layout states cant E [mm] over its rail-centre distance b, E = b sin(phi)
// (core/units/CantUnits.h), a coaster ("look": "coaster") its bank in the chosen angle unit (View > Units;
// degrees by default).
#include "core/units/CantUnits.h"

#include <QString>

namespace tl {
class Track;
}

namespace tl::ui {

struct BankDisplay {
    BankUnit unit = BankUnit::CantMm;
    double railCentre = defaultRailCentreDistance; // b [m]

    static BankDisplay of(const LayoutSpec& spec); // the layout's look and rail-centre distance

    bool millimetres() const { return unit == BankUnit::CantMm; }
    double shown(double phi) const;  // bank [rad] -> mm of cant or the angle unit
    double bank(double shown) const; // back; cant beyond b is taken as b (phi = pi/2)
    QString suffix() const;          // "mm", "°" or "rad"
    int decimals() const;            // 1 (mm), 2 (°), 4 (rad)
    double limit() const;            // largest |shown| an entry field offers (b in mm, or 180°)
    QString quantity() const;        // "cant" or "bank"
    QString text(double phi) const;  // e.g. "149.8 mm" or "12.00°" (mm only for |phi| <= 90°)
    // Cant deficiency at speed v [m/s] on lateral curvature kappa [1/m] with bank phi, shown:
    // equilibrium minus actual (mm over b, or the angle unit).
    double deficiency(double v, double kappa, double phi) const;
};

// The status bar's readout of a track's bank from the vertical at s, e.g. "cant 149.8 mm (right rail
// high)" on a railway (the cant's size and its raised rail), "bank -48.00° (inverted)" on a coaster.
QString bankReadout(const LayoutSpec& spec, const Track& track, double s);

} // namespace tl::ui
