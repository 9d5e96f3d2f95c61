#pragma once
// The driver's desk for one train: throttle and brake sliders, direction, speed (km/h), place on the track.
#include <QWidget>

class QComboBox;
class QLabel;
class QSlider;

namespace tl::ui {

class SimulationController;

class DrivePanel : public QWidget {
    Q_OBJECT
public:
    explicit DrivePanel(SimulationController* sim, QWidget* parent = nullptr);
    int train() const; // selected train index, -1 if none
    QSlider* throttleSlider() const { return m_throttle; }
    QSlider* brakeSlider() const { return m_brake; }
    QLabel* speedLabel() const { return m_speed; }

public slots:
    void rebuild(); // trains changed
    void refresh(); // readouts
    void nudgeThrottle(int percent);
    void nudgeBrake(int percent);

private:
    SimulationController* m_sim;
    QComboBox* m_train;
    QSlider* m_throttle;
    QSlider* m_brake;
    QComboBox* m_direction;
    QLabel* m_throttleValue;
    QLabel* m_brakeValue;
    QLabel* m_speed;
    QLabel* m_place;
    bool m_updating = false;
};

} // namespace tl::ui
