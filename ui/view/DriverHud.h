#pragma once
// The driver's HUD over the 3D view while the camera rides a train (follow and cab views): a translucent
// panel in the lower left with the train, its speed (red above the limit), the line speed in force and the
// next speed sign with its distance as round signs, the throttle / brake notch, the head car's rider
// g-forces, and the simulation rate when it falls behind real time. A Qt overlay (a child widget of the GL
// view, transparent for the mouse): it renders the same under Xvfb's software GL as on a desktop.
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
    QStringList lines() const; // the text shown, line by line (tests)

protected:
    void paintEvent(QPaintEvent*) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    HudReadout m_r;
};

} // namespace tl::ui
