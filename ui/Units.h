#pragma once
// The units the user chose for speeds and angles (View > Units, kept in QSettings). Everything inside is
// SI; these convert for display and entry only.
#include <QObject>
#include <QString>

namespace tl::ui {

class Units : public QObject {
    Q_OBJECT
public:
    enum class Speed { KilometresPerHour, MetresPerSecond };
    enum class Angle { Degrees, Radians };

    static Units& instance();

    Speed speed() const { return m_speed; }
    Angle angle() const { return m_angle; }
    void setSpeed(Speed s);
    void setAngle(Angle a);

    double speedScale() const { return m_speed == Speed::KilometresPerHour ? 3.6 : 1.0; } // m/s -> shown
    QString speedSuffix() const { return m_speed == Speed::KilometresPerHour ? "km/h" : "m/s"; }
    double angleScale() const; // rad -> shown
    QString angleSuffix() const { return m_angle == Angle::Degrees ? "°" : "rad"; }

signals:
    void changed();

private:
    Units();
    Speed m_speed = Speed::KilometresPerHour;
    Angle m_angle = Angle::Degrees;
};

} // namespace tl::ui
