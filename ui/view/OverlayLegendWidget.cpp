#include "ui/view/OverlayLegendWidget.h"

#include "ui/Units.h"

#include <QFontMetrics>
#include <QPainter>

namespace tl::ui {

namespace {
constexpr int kPad = 8, kBarWidth = 260, kBarHeight = 14;

QColor qcolour(const osg::Vec4& c) {
    return QColor::fromRgbF(c.r(), c.g(), c.b(), 1.0);
}
} // namespace

OverlayLegendWidget::OverlayLegendWidget(QWidget* view) : QWidget(view) {
    setObjectName("overlayLegend");
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setFocusPolicy(Qt::NoFocus);
    move(8, 8);
    hide();
}

void OverlayLegendWidget::setOverlay(const render::OverlayOptions& o) {
    m_options = o;
    m_legend = render::overlayLegend(o);
    const bool on = o.overlay != render::TrackOverlay::None && o.overlay != render::TrackOverlay::Checks &&
                    !m_legend.quantity.empty();
    if (on) {
        resize(sizeHint());
        show();
        raise();
        update();
    } else {
        hide();
    }
}

QString OverlayLegendWidget::title() const {
    QString t = QString::fromStdString(m_legend.quantity);
    if (!t.isEmpty()) t[0] = t[0].toUpper();
    if (m_options.overlay == render::TrackOverlay::CantDeficiency) {
        const Units& u = Units::instance();
        t += tr(" at %1 %2").arg(m_options.speed * u.speedScale(), 0, 'f', 1).arg(u.speedSuffix());
    }
    if (!m_legend.unit.empty()) t += QString(" (%1)").arg(QString::fromStdString(m_legend.unit));
    if (m_options.overlay == render::TrackOverlay::Risk) t += tr("; grey: no run reached");
    if (m_options.overlay == render::TrackOverlay::EstimatedSpeed ||
        m_options.overlay == render::TrackOverlay::EstimatedVertical ||
        m_options.overlay == render::TrackOverlay::EstimatedLateral)
        t += m_options.measured ? tr("; grey: no train of the run passed")
                                : tr("; grey: the train stalls, or no speed is known");
    return t;
}

QStringList OverlayLegendWidget::tickLabels() const {
    QStringList out;
    for (double v : m_legend.ticks())
        out << QString::number(v, 'f', m_legend.decimals()).replace('-', QChar(0x2212));
    return out;
}

QSize OverlayLegendWidget::sizeHint() const {
    const QFontMetrics fm(font());
    const int w =
        std::max(kBarWidth, fm.horizontalAdvance(title())) + 2 * kPad + fm.horizontalAdvance("−150");
    return QSize(w, kPad + fm.height() + 4 + kBarHeight + 4 + fm.height() + kPad);
}

void OverlayLegendWidget::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QColor(136, 136, 136));
    p.setBrush(QColor(255, 255, 255, 215));
    p.drawRect(rect().adjusted(0, 0, -1, -1));
    const QFontMetrics fm(font());
    p.setPen(Qt::black);
    p.drawText(QPoint(kPad, kPad + fm.ascent()), title());
    // the bar: the overlay's own colour at every pixel column
    const int x0 = kPad + fm.horizontalAdvance("−150") / 2, y0 = kPad + fm.height() + 4;
    const double lo = m_legend.lo, hi = m_legend.hi;
    for (int i = 0; i < kBarWidth; ++i) {
        const double v = lo + (hi - lo) * (i + 0.5) / kBarWidth;
        p.fillRect(QRect(x0 + i, y0, 1, kBarHeight), qcolour(render::overlayColour(v, m_options, {})));
    }
    p.setPen(QColor(60, 60, 60));
    p.setBrush(Qt::NoBrush);
    p.drawRect(QRect(x0, y0, kBarWidth, kBarHeight));
    const std::vector<double> ticks = m_legend.ticks();
    const QStringList labels = tickLabels();
    for (std::size_t k = 0; k < ticks.size(); ++k) {
        const int x = x0 + int(std::lround((ticks[k] - lo) / (hi - lo) * kBarWidth));
        p.drawLine(x, y0 + kBarHeight, x, y0 + kBarHeight + 3);
        const QString& s = labels[int(k)];
        p.drawText(QPoint(x - fm.horizontalAdvance(s) / 2, y0 + kBarHeight + 4 + fm.ascent()), s);
    }
}

} // namespace tl::ui
