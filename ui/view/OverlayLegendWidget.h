#pragma once
// The legend of the track colour overlay (View > Track Colour) over the 3D view's top-left corner: the
// quantity and its unit (cant and cant deficiency in mm over the rail-centre distance on a railway, degrees
// on a coaster: render/track/TrackColouring.h), the speed a cant deficiency is for, and a colour bar with
// round tick values drawn with the overlay's own colours. Hidden while the overlay is natural or the design
// checks' (which has its own legend). A Qt overlay transparent for the mouse.
#include "render/track/TrackColouring.h"

#include <QStringList>
#include <QWidget>

namespace tl::ui {

class OverlayLegendWidget : public QWidget {
    Q_OBJECT
public:
    explicit OverlayLegendWidget(QWidget* view);
    void setOverlay(const render::OverlayOptions& o); // shows or hides itself
    QString title() const;                            // e.g. "Cant deficiency at 54.0 km/h (mm)"
    QStringList tickLabels() const;                   // e.g. "-150", "-100", ..., "150"
    const render::OverlayLegend& legend() const { return m_legend; }
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent*) override;

private:
    render::OverlayOptions m_options;
    render::OverlayLegend m_legend;
};

} // namespace tl::ui
