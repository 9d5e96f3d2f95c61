#include "ui/view/DriverHud.h"

#include "ui/Units.h"

#include <QEvent>
#include <QFontMetrics>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace tl::ui {

namespace {
constexpr int kMargin = 12; // from the view's edges [px]
constexpr int kWidth = 360, kHeight = 178;
constexpr int kSignalLine = 24; // a signal line's height, added to kHeight

QString speedText(double v) {
    const Units& u = Units::instance();
    return QString::number(std::abs(v) * u.speedScale(), 'f', 0);
}
QString distanceText(double d) {
    return d >= 1000 ? QString("%1 km").arg(d / 1000, 0, 'f', 2) : QString("%1 m").arg(d, 0, 'f', 0);
}
QString g(double x) {
    return QString("%1%2 g").arg(x >= 0 ? "+" : "−").arg(std::abs(x), 0, 'f', 2);
}
QString aspectText(Aspect a) {
    return a == Aspect::Stop      ? DriverHud::tr("stop")
           : a == Aspect::Caution ? DriverHud::tr("caution")
                                  : DriverHud::tr("clear");
}
QColor lampColour(Aspect a) {
    return a == Aspect::Stop      ? QColor(240, 50, 40)
           : a == Aspect::Caution ? QColor(250, 195, 40)
                                  : QColor(70, 215, 100);
}

// A round speed sign: white disc, red ring, the number in black.
void drawSign(QPainter& p, const QPointF& c, double r, const QString& text) {
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(200, 20, 20));
    p.drawEllipse(c, r, r);
    p.setBrush(Qt::white);
    p.drawEllipse(c, 0.78 * r, 0.78 * r);
    QFont f = p.font();
    f.setBold(true);
    f.setPixelSize(int(r * (text.size() > 2 ? 0.72 : 0.9)));
    p.setFont(f);
    p.setPen(Qt::black);
    p.drawText(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r), Qt::AlignCenter, text);
}
} // namespace

DriverHud::DriverHud(QWidget* view) : QWidget(view) {
    setObjectName("driverHud");
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setFocusPolicy(Qt::NoFocus);
    setGeometry(view->rect());
    view->installEventFilter(this);
    hide();
}

bool DriverHud::eventFilter(QObject* watched, QEvent* event) {
    if (watched == parent() && event->type() == QEvent::Resize) setGeometry(parentWidget()->rect());
    return QWidget::eventFilter(watched, event);
}

void DriverHud::setReadout(const HudReadout& r) {
    m_r = r;
    update();
}

double DriverHud::scale() const {
    // the panel keeps to about 40 % of the view's width (down to 70 % of its size): in a narrow view
    // beside the docks it must not cover the track ahead
    return std::clamp(0.4 * width() / kWidth, 0.7, 1.0);
}

int DriverHud::panelHeight() const {
    if (!m_r.signal) return kHeight;
    const bool protection = m_r.signal->permitted || m_r.signal->intervening;
    return kHeight + kSignalLine * (protection ? 2 : 1);
}

QRect DriverHud::panelRect() const {
    const int w = int(std::lround(kWidth * scale())), h = int(std::lround(panelHeight() * scale()));
    return QRect(kMargin, height() - kMargin - h, w, h);
}

QStringList DriverHud::signalLines() const {
    QStringList l;
    if (!m_r.signal) return l;
    const HudSignal& s = *m_r.signal;
    l << (s.id.isEmpty() ? tr("no signal ahead")
                         : tr("Signal %1 %2 %3").arg(s.id, aspectText(s.aspect), distanceText(s.distance)));
    QStringList protection;
    if (s.permitted)
        protection << tr("permitted %1 %2").arg(speedText(*s.permitted), Units::instance().speedSuffix());
    if (s.intervening) protection << tr("PROTECTION BRAKING");
    if (!protection.isEmpty()) l << protection.join("   ");
    return l;
}

QStringList DriverHud::lines() const {
    if (!m_r.valid) return {};
    const Units& u = Units::instance();
    QStringList l;
    l << QString("%1  %2").arg(m_r.train, m_r.derailed ? tr("DERAILED") : m_r.notch);
    l << QString("%1 %2").arg(speedText(m_r.speed), u.speedSuffix());
    l << (m_r.limit ? tr("limit %1 %2").arg(speedText(*m_r.limit), u.speedSuffix()) : tr("no limit"));
    l << (m_r.next ? tr("next %1 in %2").arg(speedText(*m_r.next), distanceText(m_r.nextDistance))
                   : tr("no sign ahead"));
    l << tr("vert %1   lat %2   long %3")
             .arg(g(m_r.rider.vertical), g(m_r.rider.lateral), g(m_r.rider.longitudinal));
    if (m_r.behind) l << tr("sim %1× real time").arg(*m_r.behind, 0, 'f', 2);
    l << signalLines();
    return l;
}

void DriverHud::paintEvent(QPaintEvent*) {
    if (!m_r.valid) return;
    const QStringList l = lines();
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.translate(panelRect().topLeft()); // drawn at full size, scaled to panelRect()
    p.scale(scale(), scale());
    const QRect box(0, 0, kWidth, panelHeight());
    QPainterPath path;
    path.addRoundedRect(QRectF(box), 10, 10);
    p.fillPath(path, QColor(15, 20, 30, 190));

    const int x = box.left() + 14;
    int y = box.top() + 8;
    QFont f = font();
    // train and notch
    f.setPixelSize(16);
    f.setBold(true);
    p.setFont(f);
    p.setPen(QColor(230, 230, 230));
    p.drawText(QRect(x, y, kWidth - 200, 22), Qt::AlignLeft | Qt::AlignVCenter, m_r.train);
    const QString notch = m_r.derailed ? tr("DERAILED") : m_r.notch;
    const QColor notchColour = m_r.derailed       ? QColor(255, 80, 70)
                               : m_r.brake > 0    ? QColor(255, 170, 60)
                               : m_r.throttle > 0 ? QColor(120, 220, 120)
                                                  : QColor(200, 200, 200);
    p.setPen(notchColour);
    p.drawText(QRect(box.right() - 184, y, 170, 22), Qt::AlignRight | Qt::AlignVCenter, notch);
    y += 24;
    // speed, large
    f.setPixelSize(44);
    p.setFont(f);
    p.setPen(m_r.overLimit ? QColor(255, 90, 80) : Qt::white);
    const QString v = speedText(m_r.speed);
    const int advance = QFontMetrics(f).horizontalAdvance(v);
    p.drawText(QRect(x, y, advance + 4, 50), Qt::AlignLeft | Qt::AlignVCenter, v);
    f.setPixelSize(16);
    f.setBold(false);
    p.setFont(f);
    p.setPen(QColor(220, 220, 220));
    p.drawText(QRect(x + advance + 6, y + 22, 60, 24), Qt::AlignLeft | Qt::AlignVCenter,
               Units::instance().speedSuffix());
    // the limit in force and the next sign, as signs
    const double r = 22;
    const QPointF now(box.right() - 150, y + 25), next(box.right() - 60, y + 25);
    if (m_r.limit) drawSign(p, now, r, speedText(*m_r.limit));
    if (m_r.next) drawSign(p, next, r * 0.8, speedText(*m_r.next));
    f.setPixelSize(12);
    p.setFont(f);
    p.setPen(QColor(210, 210, 210));
    p.drawText(QRectF(now.x() - 40, now.y() + r + 1, 80, 16), Qt::AlignCenter,
               m_r.limit ? tr("limit") : tr("no limit"));
    p.drawText(QRectF(next.x() - 45, next.y() + r + 1, 90, 16), Qt::AlignCenter,
               m_r.next ? tr("in %1").arg(distanceText(m_r.nextDistance)) : tr("no sign ahead"));
    y += 70;
    // rider g-forces
    f.setPixelSize(15);
    p.setFont(f);
    p.setPen(QColor(235, 235, 235));
    p.drawText(QRect(x, y, kWidth - 28, 22), Qt::AlignLeft | Qt::AlignVCenter, l[4]);
    y += 24;
    if (m_r.behind) {
        p.setPen(QColor(255, 170, 60));
        p.drawText(QRect(x, y, kWidth - 28, 22), Qt::AlignLeft | Qt::AlignVCenter, l[5]);
    } else {
        p.setPen(QColor(170, 170, 170));
        f.setPixelSize(12);
        p.setFont(f);
        p.drawText(QRect(x, y, kWidth - 28, 22), Qt::AlignLeft | Qt::AlignVCenter,
                   tr("rider g: vertical, lateral (+ left), longitudinal"));
    }
    // the next signal, its lamp in its aspect's colour, and protection
    const QStringList sl = signalLines();
    if (sl.isEmpty()) return;
    y += kSignalLine;
    const HudSignal& s = *m_r.signal;
    f.setPixelSize(15);
    f.setBold(false);
    p.setFont(f);
    int tx = x;
    if (!s.id.isEmpty()) {
        p.setPen(QColor(20, 20, 20));
        p.setBrush(lampColour(s.aspect));
        p.drawEllipse(QPointF(x + 7, y + 11), 6.5, 6.5);
        tx += 20;
    }
    p.setPen(QColor(235, 235, 235));
    p.drawText(QRect(tx, y, kWidth - 14 - tx, 22), Qt::AlignLeft | Qt::AlignVCenter, sl[0]);
    if (sl.size() < 2) return;
    y += kSignalLine;
    f.setBold(s.intervening);
    p.setFont(f);
    p.setPen(s.intervening ? QColor(255, 80, 70) : QColor(235, 235, 235));
    p.drawText(QRect(x, y, kWidth - 28, 22), Qt::AlignLeft | Qt::AlignVCenter, sl[1]);
}

} // namespace tl::ui
