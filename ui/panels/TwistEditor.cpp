#include "ui/panels/TwistEditor.h"

#include "core/layout/LayoutSpec.h"
#include "core/twists/KeysTwist.h"
#include "ui/BankDisplay.h"
#include "ui/Units.h"
#include "ui/commands/EditLayout.h"
#include "ui/document/Document.h"

#include <QChart>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QMouseEvent>
#include <QScatterSeries>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace tl::ui {

namespace {
// how the open layout's bank is shown: cant in mm for railways, degrees for coasters (ui/BankDisplay.h)
BankDisplay display(const Document* doc) {
    return BankDisplay::of(doc->spec());
}
constexpr double kG = 9.81;
} // namespace

TwistEditor::TwistEditor(Document* doc, QWidget* parent) : QWidget(parent), m_doc(doc) {
    auto* layout = new QVBoxLayout(this);
    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Equilibrium bank at"), this));
    m_speed = new QDoubleSpinBox(this);
    m_speed->setObjectName("equilibriumSpeed");
    m_speed->setRange(0, 500);
    m_speed->setDecimals(1); // a design speed of 18 m/s is 64.8 km/h, not 65
    m_speed->setSuffix(" " + Units::instance().speedSuffix());
    m_speed->setValue(90 / 3.6 * Units::instance().speedScale()); // 90 km/h
    m_speedSI = 25.0;
    bar->addWidget(m_speed);
    m_info = new QLabel(this);
    // room for both lines (the deficiency, and an excess once there is one): the chart below must not move
    // while a key is dragged through the equilibrium cant
    m_info->setMinimumHeight(2 * m_info->fontMetrics().lineSpacing());
    bar->addWidget(m_info, 1);
    layout->addLayout(bar);

    auto* chart = new QChart;
    chart->legend()->setAlignment(Qt::AlignTop);
    chart->setMargins(QMargins(2, 2, 2, 2));
    m_twist = new QLineSeries;
    m_twist->setName(tr("track twist [°]"));
    m_twist->setPen(QPen(QColor(30, 90, 200), 2));
    m_equilibrium = new QLineSeries;
    m_equilibrium->setName(tr("equilibrium bank [°]"));
    m_equilibrium->setPen(QPen(QColor(200, 80, 30), 1.5, Qt::DashLine));
    m_keys = new QScatterSeries;
    m_keys->setName(tr("keys"));
    m_keys->setMarkerSize(11);
    m_keys->setColor(QColor(250, 200, 30));
    m_keys->setBorderColor(QColor(60, 60, 60));
    chart->addSeries(m_equilibrium);
    chart->addSeries(m_twist);
    chart->addSeries(m_keys);
    // the rider g of the track colouring, on its own axis at the right (hidden without one)
    m_verticalG = new QLineSeries;
    m_verticalG->setPen(QPen(QColor(20, 150, 70), 1.5));
    m_lateralG = new QLineSeries;
    m_lateralG->setPen(QPen(QColor(120, 120, 120), 1.5, Qt::DotLine));
    chart->addSeries(m_verticalG);
    chart->addSeries(m_lateralG);
    m_axisG = new QValueAxis;
    m_axisG->setTitleText(tr("rider [g]"));
    m_axisS = new QValueAxis;
    m_axisS->setTitleText(tr("s [m]"));
    m_axisA = new QValueAxis;
    m_axisA->setTitleText(tr("angle [°]"));
    chart->addAxis(m_axisS, Qt::AlignBottom);
    chart->addAxis(m_axisA, Qt::AlignLeft);
    chart->addAxis(m_axisG, Qt::AlignRight);
    for (QLineSeries* g : {m_verticalG, m_lateralG}) {
        g->attachAxis(m_axisS);
        g->attachAxis(m_axisG);
        g->setVisible(false);
    }
    m_axisG->setVisible(false);
    for (auto* s : {static_cast<QXYSeries*>(m_twist), static_cast<QXYSeries*>(m_equilibrium),
                    static_cast<QXYSeries*>(m_keys)}) {
        s->attachAxis(m_axisS);
        s->attachAxis(m_axisA);
    }
    m_view = new QChartView(chart, this);
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setMinimumHeight(200);
    m_view->viewport()->installEventFilter(this);
    layout->addWidget(m_view, 1);

    connect(doc, &Document::changed, this, [this](const design::LayoutChange& c) {
        // the shown track's curve, twist or frame, or the rail-centre distance cant is measured over; during
        // a drag of its curve in the 3D view, once the drag ends (a drag of its keys here: every step)
        if (c.interim && !c.has(design::LayoutChange::TrackTwist)) return;
        if (c.touchesTrack(m_track) || c.has(design::LayoutChange::Look)) refresh();
    });
    connect(m_speed, &QDoubleSpinBox::valueChanged, this, &TwistEditor::refresh);
    connect(&Units::instance(), &Units::changed, this, [this] {
        const double v = m_speedSI;
        m_speed->setSuffix(" " + Units::instance().speedSuffix());
        m_speed->setValue(v * Units::instance().speedScale());
        applyUnitNames();
        refresh();
    });
    connect(m_speed, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        m_speedSI = v / Units::instance().speedScale();
        emit speedChanged(speed());
    });
    applyUnitNames();
    refresh();
}

void TwistEditor::applyUnitNames() {
    const BankDisplay d = display(m_doc);
    const QString u = d.suffix();
    if (d.millimetres()) {
        // the axis title stays short (a long one is cut off in a low dock); the rail-centre distance is
        // in the series' name
        // the cant's size; its colour says which rail is raised
        m_twist->setName(tr("cant [mm] over %1 mm, left rail high").arg(1e3 * d.railCentre, 0, 'f', 0));
        m_equilibrium->setName(tr("equilibrium cant [mm]"));
        m_axisA->setTitleText(tr("cant [mm]"));
    } else {
        m_twist->setName(tr("bank from the vertical [%1]").arg(u));
        m_equilibrium->setName(tr("equilibrium bank [%1]").arg(u));
        m_axisA->setTitleText(tr("bank [%1]").arg(u));
    }
}

// The speed the track's bank is built for: its cant's design speed, else its "lineSpeed", else 0.
double TwistEditor::designSpeed(const TrackSpec& t, const LayoutSpec&) {
    const TwistSpec* cant = t.twist && t.twist->type == "cant" ? &*t.twist : nullptr;
    if (t.twist && t.twist->type == "sum")
        for (const auto& part : t.twist->of)
            if (part.type == "cant") cant = &part;
    if (cant && cant->params.count("designSpeed")) return cant->params.at("designSpeed");
    return t.lineSpeed.value_or(0.0);
}

void TwistEditor::setTrack(int track) {
    const bool changed = track != m_track;
    m_track = track;
    const LayoutSpec& spec = m_doc->spec();
    if (changed && track >= 0 && track < int(spec.tracks.size())) {
        const double v = designSpeed(spec.tracks[std::size_t(track)], spec);
        if (v > 0) {
            m_speedSI = v;
            const QSignalBlocker block(m_speed);
            m_speed->setValue(v * Units::instance().speedScale());
        }
    }
    refresh();
    if (changed) emit speedChanged(speed());
}

void TwistEditor::setSpeed(double v) {
    m_speed->setValue(v * Units::instance().speedScale());
}
double TwistEditor::speed() const {
    return m_speed->value() / Units::instance().speedScale();
}
QList<QPointF> TwistEditor::twistCurve() const {
    return m_twist->points();
}
QList<QPointF> TwistEditor::equilibriumCurve() const {
    return m_equilibrium->points();
}
QList<QPointF> TwistEditor::verticalGCurve() const {
    return m_verticalG->isVisible() ? m_verticalG->points() : QList<QPointF>();
}
QList<QPointF> TwistEditor::lateralGCurve() const {
    return m_lateralG->isVisible() ? m_lateralG->points() : QList<QPointF>();
}
QList<QList<QPointF>> TwistEditor::rightRailHighCurves() const {
    QList<QList<QPointF>> out;
    for (const QLineSeries* r : m_rightHigh)
        if (r->count() > 0) out.append(r->points());
    return out;
}
QString TwistEditor::info() const {
    return m_info->text();
}
QString TwistEditor::axisTitle() const {
    return m_axisA->titleText();
}
int TwistEditor::keyCount() const {
    return int(m_keys->count());
}

QPointF TwistEditor::keyPosition(int k) const {
    const QPointF scene = m_view->chart()->mapToPosition(m_keys->at(k), m_keys);
    return m_view->mapFromScene(scene);
}

TwistSpec* TwistEditor::editableKeys(LayoutSpec& spec, int track, bool create) {
    if (track < 0 || track >= int(spec.tracks.size())) return nullptr;
    auto& twist = spec.tracks[std::size_t(track)].twist;
    if (twist && twist->type == "keys") return &*twist;
    if (twist && twist->type == "sum")
        for (auto& part : twist->of)
            if (part.type == "keys") return &part;
    if (!create) return nullptr;
    TwistSpec keys;
    keys.type = "keys";
    if (!twist) {
        twist = keys;
        return &*twist;
    }
    if (twist->type != "sum") { // manual keys on top of the existing profile (e.g. cant)
        TwistSpec sum;
        sum.type = "sum";
        sum.of.push_back(*twist);
        twist = sum;
    }
    twist->of.push_back(keys);
    return &twist->of.back();
}

double TwistEditor::othersAt(double s) const {
    const auto layout = m_doc->layout();
    if (!layout || m_track < 0 || m_track >= int(layout->trackCount())) return 0.0;
    const Track& t = layout->track(std::size_t(m_track));
    const double total = t.bank(s).wt;
    LayoutSpec spec = m_doc->spec();
    const TwistSpec* keys = editableKeys(spec, m_track, false);
    if (!keys || keys->keys.empty()) return total;
    try {
        return total - KeysTwist(keys->keys).at(s, Frame{}).wt;
    } catch (const std::exception&) {
        return total;
    }
}

void TwistEditor::refresh() {
    m_twist->clear();
    m_equilibrium->clear();
    m_keys->clear();
    for (QLineSeries* r : m_rightHigh)
        r->clear();
    m_verticalG->clear();
    m_lateralG->clear();
    for (QLineSeries* g : {m_verticalG, m_lateralG})
        g->setVisible(false);
    m_axisG->setVisible(false);
    const auto layout = m_doc->layout();
    if (!layout || m_track < 0 || m_track >= int(layout->trackCount()) ||
        layout->track(std::size_t(m_track)).id() != m_doc->spec().tracks[std::size_t(m_track)].id) {
        m_info->setText(tr("no track selected"));
        return;
    }
    const Track& t = layout->track(std::size_t(m_track));
    const BankDisplay d = display(m_doc);
    applyUnitNames(); // the layout's look may have changed
    const double L = t.length(), v = speed();
    QList<QPointF> twist, eq;
    QList<QList<QPointF>> rightHigh;   // runs of samples where the right rail is raised (railways)
    const bool size = d.millimetres(); // the cant's size, not signed
    bool lastRight = false;
    double lo = size ? 0 : -1, hi = 1;
    const int n = 400;
    // the largest deficiency (> 0: cant missing) and the largest excess (< 0: too much), each with its place
    double worstDeficiency = -std::numeric_limits<double>::infinity(), worstS = 0;
    double worstExcess = 0, excessS = 0;
    for (int i = 0; i <= n; ++i) {
        const double s = L * i / n;
        // the bank from the vertical and the equilibrium bank for the lateral (level) curvature
        const double kappaL = t.upReference()->levelFrame(s).kappa;
        const double bank = t.bank(s).wt;
        double a = d.shown(bank), e = d.shown(-std::atan(v * v * kappaL / kG));
        if (size) { // a right-high run takes the samples on either side of it too, so it meets the line
            const bool right = a < 0;
            a = std::abs(a), e = std::abs(e);
            if (right && !lastRight) {
                rightHigh.append(QList<QPointF>());
                if (!twist.isEmpty()) rightHigh.back().append(twist.back());
            }
            if (right || lastRight) rightHigh.back().append(QPointF(s, a));
            lastRight = right;
        }
        twist.append({s, a});
        eq.append({s, e});
        lo = std::min({lo, a, e});
        hi = std::max({hi, a, e});
        // equilibrium minus actual, both leaning into the curve: > 0 where cant is missing
        const double deficiency = d.deficiency(v, std::abs(kappaL), bankIntoCurve(bank, kappaL));
        if (deficiency > worstDeficiency) worstDeficiency = deficiency, worstS = s;
        if (deficiency < worstExcess) worstExcess = deficiency, excessS = s;
    }
    m_twist->replace(twist);
    m_equilibrium->replace(eq);
    if (const RiderG g = m_riderG ? m_riderG() : RiderG{}; g.vertical && g.lateral) {
        QList<QPointF> vertical, lateral;
        double gLo = -1.0, gHi = 2.0;
        for (int i = 0; i <= n; ++i) {
            const double s = L * i / n, v = g.vertical->at(t.id(), s), l = g.lateral->at(t.id(), s);
            if (!std::isfinite(v) || !std::isfinite(l)) continue; // stalls, or no run passed
            vertical.append({s, v});
            lateral.append({s, l});
            gLo = std::min({gLo, v, l});
            gHi = std::max({gHi, v, l});
        }
        m_verticalG->setName(g.measured ? tr("measured vertical g") : tr("estimated vertical g"));
        m_lateralG->setName(g.measured ? tr("measured lateral g (+ left)")
                                       : tr("estimated lateral g (+ left)"));
        m_verticalG->replace(vertical);
        m_lateralG->replace(lateral);
        for (QLineSeries* series : {m_verticalG, m_lateralG})
            series->setVisible(true);
        m_axisG->setVisible(true);
        m_axisG->setRange(std::floor(gLo), std::ceil(gHi));
        m_axisG->setTickCount(int(std::ceil(gHi) - std::floor(gLo)) + 1); // a tick at every whole g
    }
    // the right-high runs reuse their series (added or removed series would reflow the legend, and with it
    // the plot area a dragged key is mapped through); one legend entry names them all
    while (m_rightHigh.size() < std::max<qsizetype>(1, rightHigh.size())) {
        auto* r = new QLineSeries;
        r->setName(tr("right rail high"));
        r->setPen(QPen(QColor(150, 40, 160), 2));
        m_view->chart()->addSeries(r);
        r->attachAxis(m_axisS);
        r->attachAxis(m_axisA);
        const auto markers = m_view->chart()->legend()->markers(r);
        for (QLegendMarker* m : markers)
            m->setVisible(m_rightHigh.isEmpty());
        m_rightHigh.append(r);
    }
    for (qsizetype i = 0; i < m_rightHigh.size(); ++i) {
        m_rightHigh[i]->replace(i < rightHigh.size() ? rightHigh[i] : QList<QPointF>());
        if (i == 0) m_rightHigh[i]->setVisible(size); // a coaster's signed bank has no raised rail
    }
    LayoutSpec spec = m_doc->spec();
    if (const TwistSpec* keys = editableKeys(spec, m_track, false))
        for (const auto& [s, a] : keys->keys) {
            const double shown = size ? std::abs(d.shown(a + othersAt(s))) : d.shown(a + othersAt(s));
            m_keys->append(s, shown);
            lo = std::min(lo, shown);
            hi = std::max(hi, shown);
        }
    if (m_dragKey < 0) { // keep the scale still while a key is dragged (the mouse maps through it)
        m_axisS->setRange(0, L);
        const double pad = 0.1 * (hi - lo);
        m_axisA->setRange(size ? 0.0 : lo - pad, hi + pad); // a size starts at 0
        m_axisS->applyNiceNumbers();                        // round tick values
        m_axisA->applyNiceNumbers();
    }
    const int decimals = d.decimals() == 2 ? 1 : d.decimals();
    QString info;
    if (worstDeficiency > 0)
        info = tr("%1: largest cant deficiency %2 %4 at s = %3 m")
                   .arg(QString::fromStdString(t.id()))
                   .arg(worstDeficiency, 0, 'f', decimals)
                   .arg(worstS, 0, 'f', 0)
                   .arg(d.suffix());
    else
        info = tr("%1: no cant deficiency").arg(QString::fromStdString(t.id()));
    if (worstExcess < 0) // an excess stated as its size, on a line of its own
        info += "\n" + tr("largest cant excess %1 %3 at s = %2 m")
                           .arg(-worstExcess, 0, 'f', decimals)
                           .arg(excessS, 0, 'f', 0)
                           .arg(d.suffix());
    m_info->setText(info);
    m_worstDeficiency = worstDeficiency;
}

double TwistEditor::bankFromChart(double s, double shown) const {
    const BankDisplay d = display(m_doc);
    if (!d.millimetres()) return d.bank(shown);
    const auto layout = m_doc->layout();
    double side = 1.0; // left rail high
    if (layout && m_track >= 0 && m_track < int(layout->trackCount())) {
        const Track& t = layout->track(std::size_t(m_track));
        const double sc = std::clamp(s, 0.0, t.length());
        const double bank = t.bank(sc).wt, lean = -t.upReference()->levelFrame(sc).kappa;
        if (std::abs(d.shown(bank)) >= 0.05) // 0.05 mm: on a side already
            side = bank < 0 ? -1.0 : 1.0;
        else if (lean != 0.0) // level here: the side the curve leans to
            side = lean < 0 ? -1.0 : 1.0;
    }
    return d.bank(side * std::max(0.0, shown));
}

int TwistEditor::keyNear(const QPointF& pos) const {
    for (int k = 0; k < int(m_keys->count()); ++k)
        if (QLineF(keyPosition(k), pos).length() < 9.0) return k;
    return -1;
}

void TwistEditor::moveKey(int k, double s, double angle) {
    LayoutSpec spec = m_doc->spec();
    TwistSpec* keys = editableKeys(spec, m_track, false);
    if (!keys || k < 0 || k >= int(keys->keys.size())) return;
    // keep s strictly between the neighbours and on the track
    const double L = m_doc->layout()->track(std::size_t(m_track)).length();
    const double lo = k > 0 ? keys->keys[std::size_t(k - 1)].first + 0.01 : 0.0;
    const double hi = k + 1 < int(keys->keys.size()) ? keys->keys[std::size_t(k + 1)].first - 0.01 : L;
    keys->keys[std::size_t(k)] = {std::clamp(s, lo, std::max(lo, hi)), angle};
    m_doc->undoStack()->push(new EditLayout(m_doc, std::move(spec), tr("Move twist key"),
                                            QString("twist-key:%1:%2").arg(m_track).arg(k)));
}

void TwistEditor::addKey(double s, double angle) {
    LayoutSpec spec = m_doc->spec();
    TwistSpec* keys = editableKeys(spec, m_track, true);
    if (!keys) return;
    auto it = std::lower_bound(keys->keys.begin(), keys->keys.end(), s,
                               [](const std::pair<double, double>& k, double x) { return k.first < x; });
    if (it != keys->keys.end() && std::abs(it->first - s) < 0.01) return;
    keys->keys.insert(it, {s, angle});
    m_doc->undoStack()->push(new EditLayout(m_doc, std::move(spec), tr("Add twist key")));
}

void TwistEditor::deleteKey(int k) {
    LayoutSpec spec = m_doc->spec();
    TwistSpec* keys = editableKeys(spec, m_track, false);
    if (!keys || k < 0 || k >= int(keys->keys.size()) || keys->keys.size() <= 1) return;
    keys->keys.erase(keys->keys.begin() + k);
    m_doc->undoStack()->push(new EditLayout(m_doc, std::move(spec), tr("Delete twist key")));
}

bool TwistEditor::eventFilter(QObject* watched, QEvent* event) {
    if (watched != m_view->viewport() || m_track < 0) return QWidget::eventFilter(watched, event);
    auto toValue = [this](const QPointF& pos) {
        return m_view->chart()->mapToValue(m_view->mapToScene(pos.toPoint()), m_twist);
    };
    switch (event->type()) {
    case QEvent::MouseButtonPress: {
        auto* e = static_cast<QMouseEvent*>(event);
        const int k = keyNear(e->position());
        if (e->button() == Qt::LeftButton && k >= 0) {
            m_dragKey = k;
            m_doc->beginGesture(); // the run waits for the end of the drag
            return true;
        }
        if (e->button() == Qt::RightButton && k >= 0) {
            deleteKey(k);
            return true;
        }
        break;
    }
    case QEvent::MouseMove: {
        if (m_dragKey < 0) break;
        auto* e = static_cast<QMouseEvent*>(event);
        const QPointF v = toValue(e->position());
        moveKey(m_dragKey, v.x(), bankFromChart(v.x(), v.y()) - othersAt(v.x()));
        return true;
    }
    case QEvent::MouseButtonRelease:
        if (m_dragKey >= 0) {
            m_dragKey = -1;
            m_doc->endGesture();
            refresh(); // rescale now
            return true;
        }
        break;
    case QEvent::MouseButtonDblClick: {
        auto* e = static_cast<QMouseEvent*>(event);
        const QPointF v = toValue(e->position());
        addKey(v.x(), bankFromChart(v.x(), v.y()) - othersAt(v.x()));
        return true;
    }
    default:
        break;
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace tl::ui
