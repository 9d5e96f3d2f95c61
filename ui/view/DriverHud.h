#pragma once
// The driver's HUD over the 3D view while the camera rides a train (follow and cab views): a translucent
// panel in the lower left with the train, its speed (red above the limit), the line speed in force and the
// next speed sign with its distance as round signs, the throttle / brake notch, the head car's rider
// g-forces, the simulation rate when it falls behind real time, and on a layout with signals a line more for
// the next signal (a lamp in its aspect's colour, its id, aspect and distance) and one for train protection
// while it has a braking curve (the permitted speed; "PROTECTION BRAKING" while it brakes in full): the panel
// grows upwards by these lines. A Qt overlay (a child widget of the GL view, transparent for the mouse): it
// renders the same under Xvfb's software GL as on a desktop.
#include "ui/sim/HudReadout.h"

#include <QStringList>
#include <QWidget>

namespace tl::ui {

class DriverHud : public QWidget {
    Q_OBJECT
public:
    explicit DriverHud(QWidget* view); // covers `view` and follows its size
    void setReadout(const HudReadout& r);
    const HudReadout& readout() const { return m_r; }
    QRect panelRect() const;   // where the panel is drawn (widget coordinates)
    double scale() const;      // of the panel: 1 in a wide view, down to 0.7 in a narrow one
    QStringList lines() const; // the text shown, line by line (tests); the signal lines last

protected:
    void paintEvent(QPaintEvent*) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QStringList signalLines() const; // none on a layout without signals
    int panelHeight() const;         // unscaled
    HudReadout m_r;
};

} // namespace tl::ui
