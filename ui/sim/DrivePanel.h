#pragma once
// The driver's desk for one train: throttle and brake sliders, direction, speed (km/h), place on the track.
// With "Notches" on (the default) both sliders snap to kNotches notches (P1..P5, B1..B5: 20 % each) and the
// keys step one notch; off, they are continuous and the keys step 10 %.
#include <QWidget>

class QCheckBox;
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
    QCheckBox* notchesBox() const { return m_notches; }
    static constexpr int kNotches = 5; // per slider: 100 / kNotches % a notch
    bool notched() const;

public slots:
    void rebuild();                  // trains changed
    void refresh();                  // readouts
    void nudgeThrottle(int percent); // notched: one notch in the sign's direction; else by percent
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
    QCheckBox* m_notches;
    bool m_updating = false;
};

} // namespace tl::ui
