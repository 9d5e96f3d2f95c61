#include "ui/BankDisplay.h"

#include "core/layout/Track.h"
#include "ui/Units.h"

#include <QObject>

#include <cmath>

namespace tl::ui {

BankDisplay BankDisplay::of(const LayoutSpec& spec) {
    return BankDisplay{bankUnit(spec), railCentreDistance(spec)};
}

double BankDisplay::shown(double phi) const {
    return millimetres() ? 1e3 * cantFromBank(phi, railCentre) : phi * Units::instance().angleScale();
}

double BankDisplay::bank(double value) const {
    return millimetres() ? bankFromCant(1e-3 * value, railCentre) : value / Units::instance().angleScale();
}

QString BankDisplay::suffix() const {
    return millimetres() ? QStringLiteral("mm") : Units::instance().angleSuffix();
}

int BankDisplay::decimals() const {
    if (millimetres()) return 1;
    return Units::instance().angle() == Units::Angle::Degrees ? 2 : 4;
}

double BankDisplay::limit() const {
    return millimetres() ? 1e3 * railCentre : 3.14159265358979323846 * Units::instance().angleScale();
}

QString BankDisplay::quantity() const {
    return millimetres() ? QStringLiteral("cant") : QStringLiteral("bank");
}

QString BankDisplay::text(double phi) const {
    if (millimetres() &&
        std::abs(phi) > 0.5 * 3.14159265358979323846 - 1e-6) // rails on edge: no cant, say the angle
        return BankDisplay{BankUnit::Degrees, railCentre}.text(phi);
    const QString u = suffix();
    double value = shown(phi);
    if (std::abs(value) < 0.5 * std::pow(10.0, -decimals())) value = 0.0; // "0.0", never "-0.0"
    return QString::number(value, 'f', decimals()) + (u == QStringLiteral("°") ? u : " " + u);
}

double BankDisplay::deficiency(double v, double kappa, double phi) const {
    if (millimetres()) return 1e3 * cantDeficiency(v, kappa, phi, railCentre);
    return (equilibriumBank(v, kappa) - phi) * Units::instance().angleScale();
}

QString bankReadout(const LayoutSpec& spec, const Track& track, double s) {
    const BankDisplay d = BankDisplay::of(spec);
    const double phi = track.bank(s).wt; // from the vertical (Track::bank), not the Frenet twist
    const bool onEdge = std::abs(phi) > 0.5 * 3.14159265358979323846 - 1e-6; // no cant: an angle
    // railway people state cant as a height, its size, and say which rail is the high one (a positive bank
    // turns wB from B toward -N, the right: the left rail is higher)
    const bool cant = d.millimetres() && !onEdge;
    QString out = (onEdge ? QStringLiteral("bank") : d.quantity()) + " " + d.text(cant ? std::abs(phi) : phi);
    if (d.millimetres() && std::abs(phi) <= 0.5 * 3.14159265358979323846 - 1e-6 &&
        std::abs(d.shown(phi)) >= 0.05)
        out += phi > 0 ? QObject::tr(" (left rail high)") : QObject::tr(" (right rail high)");
    return out + (track.upsideDown(s) ? QObject::tr(" (inverted)") : QString());
}

} // namespace tl::ui
