#include "ui/Units.h"

#include <QSettings>

#include <numbers>

namespace tl::ui {

Units& Units::instance() {
    static Units units;
    return units;
}

Units::Units() {
    QSettings s;
    m_speed = s.value("units/speed", "km/h").toString() == "m/s" ? Speed::MetresPerSecond
                                                                 : Speed::KilometresPerHour;
    m_angle = s.value("units/angle", "deg").toString() == "rad" ? Angle::Radians : Angle::Degrees;
}

double Units::angleScale() const {
    return m_angle == Angle::Degrees ? 180.0 / std::numbers::pi : 1.0;
}

void Units::setSpeed(Speed sp) {
    if (sp == m_speed) return;
    m_speed = sp;
    QSettings().setValue("units/speed", sp == Speed::MetresPerSecond ? "m/s" : "km/h");
    emit changed();
}

void Units::setAngle(Angle a) {
    if (a == m_angle) return;
    m_angle = a;
    QSettings().setValue("units/angle", a == Angle::Radians ? "rad" : "deg");
    emit changed();
}

} // namespace tl::ui
