#include "ui/panels/ForceKeysEditor.h"

#include "core/layout/LayoutSpec.h"
#include "core/twists/KeysTwist.h"
#include "ui/Units.h"
#include "ui/commands/EditLayout.h"
#include "ui/document/Document.h"

#include <QChart>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QMouseEvent>
#include <QPushButton>
#include <QScatterSeries>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <optional>

namespace tl::ui {

namespace {
constexpr std::array<ForceKeysEditor::Law, 3> kLaws{
    ForceKeysEditor::Law::Normal, ForceKeysEditor::Law::Lateral, ForceKeysEditor::Law::Roll};
std::size_t index(ForceKeysEditor::Law law) {
    return std::size_t(law);
}
} // namespace

ForceKeysEditor::ForceKeysEditor(Document* doc, QWidget* parent) : QWidget(parent), m_doc(doc) {
    auto* layout = new QVBoxLayout(this);
    auto* bar = new QHBoxLayout;
    m_lawBox = new QComboBox(this);
    m_lawBox->setObjectName("forceLaw");
    m_lawBox->addItems({tr("Normal force"), tr("Lateral force"), tr("Roll rate")});
    bar->addWidget(m_lawBox);
    m_convert = new QPushButton(this);
    m_convert->setObjectName("forceKeysConvert");
    bar->addWidget(m_convert);
    m_add = new QPushButton(tr("Add key"), this);
    m_add->setObjectName("forceKeyAdd");
    m_add->setToolTip(tr("Add a key halfway to the next one (or double-click the chart)"));
    bar->addWidget(m_add);
    m_delete = new QPushButton(tr("Delete key"), this);
    m_delete->setObjectName("forceKeyDelete");
    m_delete->setToolTip(tr("Delete the selected key (or press Delete in the chart)"));
    bar->addWidget(m_delete);
    bar->addStretch(1);
    layout->addLayout(bar);
    bar = new QHBoxLayout; // the selected key (or a constant law) in numbers
    bar->addWidget(new QLabel(tr("x"), this));
    m_x = new QDoubleSpinBox(this);
    m_x->setObjectName("forceKeyX");
    m_x->setDecimals(3);
    m_x->setRange(-1e5, 1e5); // the layout says what is outside the section
    m_x->setKeyboardTracking(false);
    bar->addWidget(m_x);
    bar->addWidget(new QLabel(tr("value"), this));
    m_value = new QDoubleSpinBox(this);
    m_value->setObjectName("forceKeyValue");
    m_value->setDecimals(3);
    m_value->setKeyboardTracking(false);
    bar->addWidget(m_value);
    m_info = new QLabel(this);
    m_info->setObjectName("forceKeysInfo");
    m_info->setWordWrap(true);
    bar->addWidget(m_info, 1);
    layout->addLayout(bar);
    m_error = new QLabel(this);
    m_error->setObjectName("forceKeysError");
    m_error->setWordWrap(true);
    m_error->setStyleSheet("color: #b00020;");
    // room for the reason before there is one: the chart below must not move while a key is dragged through a
    // step the layout refuses
    m_error->setMinimumHeight(2 * m_error->fontMetrics().lineSpacing());
    layout->addWidget(m_error);

    auto* chart = new QChart;
    chart->legend()->setAlignment(Qt::AlignTop);
    chart->setMargins(QMargins(2, 2, 2, 2));
    m_axisX = new QValueAxis;
    m_axisG = new QValueAxis;
    m_axisG->setTitleText(tr("force [g]"));
    m_axisR = new QValueAxis;
    chart->addAxis(m_axisX, Qt::AlignBottom);
    chart->addAxis(m_axisG, Qt::AlignLeft);
    chart->addAxis(m_axisR, Qt::AlignRight);
    const QPen pens[3] = {QPen(QColor(30, 90, 200), 2), QPen(QColor(200, 80, 30), 2),
                          QPen(QColor(20, 150, 70), 1.5, Qt::DashLine)};
    for (Law law : kLaws) {
        const std::size_t i = index(law);
        m_lines[i] = new QLineSeries;
        m_lines[i]->setPen(pens[i]);
        m_keys[i] = new QScatterSeries;
        m_keys[i]->setMarkerSize(11);
        m_keys[i]->setColor(QColor(250, 200, 30));
        m_keys[i]->setBorderColor(QColor(60, 60, 60));
        m_keys[i]->setSelectedColor(QColor(220, 30, 30));
        chart->addSeries(m_lines[i]);
        chart->addSeries(m_keys[i]);
        QValueAxis* y = law == Law::Roll ? m_axisR : m_axisG;
        for (QXYSeries* s : {static_cast<QXYSeries*>(m_lines[i]), static_cast<QXYSeries*>(m_keys[i])}) {
            s->attachAxis(m_axisX);
            s->attachAxis(y);
        }
        const auto markers = chart->legend()->markers(m_keys[i]);
        for (QLegendMarker* m : markers)
            m->setVisible(false);
    }
    m_view = new QChartView(chart, this);
    m_view->setObjectName("forceKeysChart");
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setMinimumHeight(200);
    m_view->setFocusPolicy(Qt::StrongFocus);
    m_view->viewport()->installEventFilter(this);
    m_view->installEventFilter(this);
    layout->addWidget(m_view, 1);

    connect(doc, &Document::changed, this, [this](const design::LayoutChange& c) {
        if (c.touchesTrack(m_track))
            refresh();
        else
            m_error->setText(m_doc->compileError());
    });
    connect(&Units::instance(), &Units::changed, this, &ForceKeysEditor::refresh);
    connect(m_lawBox, &QComboBox::currentIndexChanged, this, [this](int i) { setLaw(Law(i)); });
    connect(m_convert, &QPushButton::clicked, this, [this] {
        if (keysOf(m_law).empty())
            toKeys();
        else
            toConstant();
    });
    connect(m_add, &QPushButton::clicked, this, [this] {
        // halfway from the selected key (else the first) to the next one, or to the section's end
        const auto keys = keysOf(m_law);
        const double end = extent();
        if (keys.empty()) return addKey(0.5 * end, constantOf(m_law));
        const std::size_t k = m_selected >= 0 ? std::size_t(m_selected) : 0;
        double a = 0.0, b = end; // the stretch it goes halfway along
        if (k + 1 < keys.size())
            a = keys[k].first, b = keys[k + 1].first;
        else if (keys[k].first < end)
            a = keys[k].first;
        else if (k > 0)
            a = keys[k - 1].first, b = keys[k].first;
        const double x = 0.5 * (a + b);
        addKey(x, lawAt(m_law, x));
    });
    connect(m_delete, &QPushButton::clicked, this, [this] { deleteKey(m_selected); });
    connect(m_x, &QDoubleSpinBox::valueChanged, this, [this](double x) {
        // as typed: keys out of order or outside the section are the layout's to refuse, with its reason
        const CurveSpec* c = section();
        auto keys = keysOf(m_law);
        if (!c || m_selected < 0 || m_selected >= int(keys.size())) return;
        CurveSpec curve = *c;
        curve.keys[fileKey(m_law)][std::size_t(m_selected)].first = x;
        push(curve, tr("Set force key x"),
             QString("force-key-x:%1:%2:%3").arg(m_track).arg(int(m_law)).arg(m_selected));
    });
    connect(m_value, &QDoubleSpinBox::valueChanged, this, [this](double shown) {
        const CurveSpec* c = section();
        if (!c) return;
        const double v = shown / scale(m_law);
        auto keys = keysOf(m_law);
        if (keys.empty()) return setConstant(v);
        if (m_selected < 0 || m_selected >= int(keys.size())) return;
        CurveSpec curve = *c;
        curve.keys[fileKey(m_law)][std::size_t(m_selected)].second = v;
        push(curve, tr("Set force key value"),
             QString("force-key-value:%1:%2:%3").arg(m_track).arg(int(m_law)).arg(m_selected));
    });
    refresh();
}

const char* ForceKeysEditor::fileKey(Law law) {
    switch (law) {
    case Law::Normal:
        return "normalG";
    case Law::Lateral:
        return "lateralG";
    case Law::Roll:
        break;
    }
    return "rollRate";
}

// the defaults of docs/layout-format.md: 1 g normal, no lateral force, no roll
double ForceKeysEditor::fallback(Law law) {
    return law == Law::Normal ? 1.0 : 0.0;
}

double ForceKeysEditor::scale(Law law) const {
    return law == Law::Roll ? Units::instance().angleScale() : 1.0;
}

const CurveSpec* ForceKeysEditor::section() const {
    const LayoutSpec& spec = m_doc->spec();
    if (m_track < 0 || m_track >= int(spec.tracks.size())) return nullptr;
    const CurveSpec& c = spec.tracks[std::size_t(m_track)].curve;
    return c.type == "force" ? &c : nullptr;
}

bool ForceKeysEditor::showsForceSection() const {
    return section() != nullptr;
}

bool ForceKeysEditor::byTime() const {
    const CurveSpec* c = section();
    return c && c->params.count("duration") > 0;
}

double ForceKeysEditor::extent() const {
    const CurveSpec* c = section();
    if (!c) return 0.0;
    const auto it = c->params.find(byTime() ? "duration" : "length");
    return it != c->params.end() && std::isfinite(it->second) ? std::max(0.0, it->second) : 0.0;
}

std::vector<std::pair<double, double>> ForceKeysEditor::keysOf(Law law) const {
    const CurveSpec* c = section();
    if (!c) return {};
    const auto it = c->keys.find(fileKey(law));
    return it != c->keys.end() ? it->second : std::vector<std::pair<double, double>>{};
}

double ForceKeysEditor::constantOf(Law law) const {
    const CurveSpec* c = section();
    if (!c) return fallback(law);
    const auto it = c->params.find(fileKey(law));
    return it != c->params.end() ? it->second : fallback(law);
}

// The value the integrator uses at x (core/curves/ForceSection.cpp: the keys twist's interpolation); NaN for
// keys it cannot interpolate (out of order: the layout refuses them).
double ForceKeysEditor::lawAt(Law law, double x) const {
    const auto keys = keysOf(law);
    if (keys.empty()) return constantOf(law);
    try {
        return KeysTwist(keys).at(x, Frame{}).wt;
    } catch (const std::exception&) {
        return std::numeric_limits<double>::quiet_NaN();
    }
}

QScatterSeries* ForceKeysEditor::keySeries() const {
    return m_keys[index(m_law)];
}

int ForceKeysEditor::keyCount() const {
    return int(keySeries()->count());
}

QPointF ForceKeysEditor::keyPosition(int k) const {
    const QPointF scene = m_view->chart()->mapToPosition(keySeries()->at(k), keySeries());
    return m_view->mapFromScene(scene);
}

QList<QPointF> ForceKeysEditor::curve(Law law) const {
    return m_lines[index(law)]->points();
}

QString ForceKeysEditor::message() const {
    return m_error->text();
}

void ForceKeysEditor::setTrack(int track) {
    if (track != m_track) m_selected = -1;
    m_track = track;
    refresh();
}

void ForceKeysEditor::setLaw(Law law) {
    if (law != m_law) m_selected = -1;
    m_law = law;
    if (m_lawBox->currentIndex() != int(law)) {
        const QSignalBlocker block(m_lawBox);
        m_lawBox->setCurrentIndex(int(law));
    }
    refresh();
}

void ForceKeysEditor::selectKey(int k) {
    m_selected = k >= 0 && k < keyCount() ? k : -1;
    keySeries()->deselectAllPoints();
    if (m_selected >= 0) keySeries()->selectPoint(m_selected);
    refreshFields();
}

void ForceKeysEditor::push(const CurveSpec& curve, const QString& text, const QString& mergeKey) {
    if (!section()) return;
    LayoutSpec spec = m_doc->spec();
    CurveSpec& c = spec.tracks[std::size_t(m_track)].curve;
    if (c == curve) return;
    c = curve;
    m_doc->undoStack()->push(new EditLayout(m_doc, std::move(spec), text, mergeKey));
}

void ForceKeysEditor::moveKey(int k, double x, double value, const QString& mergeKey) {
    const CurveSpec* c = section();
    auto keys = keysOf(m_law);
    if (!c || k < 0 || k >= int(keys.size()) || !std::isfinite(x) || !std::isfinite(value)) return;
    // between its neighbours (keys stay strictly increasing) and inside the section
    const double end = extent(), gap = std::min(0.01, 1e-3 * end);
    const double lo = k > 0 ? keys[std::size_t(k - 1)].first + gap : 0.0;
    const double hi = k + 1 < int(keys.size()) ? keys[std::size_t(k + 1)].first - gap : end;
    CurveSpec curve = *c;
    curve.keys[fileKey(m_law)][std::size_t(k)] = {std::clamp(x, lo, std::max(lo, hi)), value};
    push(curve, tr("Move force key"), mergeKey);
}

void ForceKeysEditor::addKey(double x, double value) {
    const CurveSpec* c = section();
    if (!c || !std::isfinite(x) || !std::isfinite(value)) return;
    const double end = extent(), gap = std::min(0.01, 1e-3 * end);
    x = std::clamp(x, 0.0, end);
    CurveSpec curve = *c;
    auto& keys = curve.keys[fileKey(m_law)];
    if (keys.empty()) { // a constant becomes keys at both ends first
        const double v = constantOf(m_law);
        curve.params.erase(fileKey(m_law));
        keys = {{0.0, v}};
        if (end > 0.0) keys.push_back({end, v});
    }
    const auto it =
        std::lower_bound(keys.begin(), keys.end(), x,
                         [](const std::pair<double, double>& k, double at) { return k.first < at; });
    if ((it != keys.end() && std::abs(it->first - x) < gap) ||
        (it != keys.begin() && std::abs(std::prev(it)->first - x) < gap))
        return; // a key is there already
    const int k = int(it - keys.begin());
    keys.insert(it, {x, value});
    push(curve, tr("Add force key"));
    selectKey(k);
}

void ForceKeysEditor::deleteKey(int k) {
    const CurveSpec* c = section();
    const auto keys = keysOf(m_law);
    if (!c || k < 0 || k >= int(keys.size())) return;
    if (keys.size() == 1) return toConstant(); // its last key: the law is that value
    CurveSpec curve = *c;
    auto& edited = curve.keys[fileKey(m_law)];
    edited.erase(edited.begin() + k);
    m_selected = -1;
    push(curve, tr("Delete force key"));
    selectKey(-1);
}

void ForceKeysEditor::setConstant(double value) {
    const CurveSpec* c = section();
    if (!c || !std::isfinite(value)) return;
    CurveSpec curve = *c;
    curve.keys.erase(fileKey(m_law));
    curve.params[fileKey(m_law)] = value;
    push(curve, tr("Set force section %1").arg(m_lawBox->itemText(int(m_law)).toLower()),
         QString("force-constant:%1:%2").arg(m_track).arg(int(m_law)));
}

void ForceKeysEditor::toKeys() {
    const CurveSpec* c = section();
    if (!c || !keysOf(m_law).empty()) return;
    const double v = constantOf(m_law), end = extent();
    CurveSpec curve = *c;
    curve.params.erase(fileKey(m_law));
    auto& keys = curve.keys[fileKey(m_law)];
    keys = {{0.0, v}};
    if (end > 0.0) keys.push_back({end, v});
    push(curve, tr("Make %1 keys").arg(m_lawBox->itemText(int(m_law)).toLower()));
}

void ForceKeysEditor::toConstant() {
    const CurveSpec* c = section();
    const auto keys = keysOf(m_law);
    if (!c || keys.empty()) return;
    const double v = keys.front().second;
    CurveSpec curve = *c;
    curve.keys.erase(fileKey(m_law));
    if (v == fallback(m_law)) // the file's default: the key is left out, as a new section leaves it
        curve.params.erase(fileKey(m_law));
    else
        curve.params[fileKey(m_law)] = v;
    m_selected = -1;
    push(curve, tr("Make %1 constant").arg(m_lawBox->itemText(int(m_law)).toLower()));
}

void ForceKeysEditor::refresh() {
    m_error->setText(m_doc->compileError());
    const CurveSpec* c = section();
    for (Law law : kLaws) {
        m_lines[index(law)]->clear();
        m_keys[index(law)]->clear();
        m_keys[index(law)]->setVisible(law == m_law);
        const auto markers = m_view->chart()->legend()->markers(m_keys[index(law)]);
        for (QLegendMarker* m : markers) // the legend names the laws, not their keys
            m->setVisible(false);
    }
    const QString angle = Units::instance().angleSuffix() + "/s";
    m_lines[index(Law::Normal)]->setName(tr("normal force [g]"));
    m_lines[index(Law::Lateral)]->setName(tr("lateral force [g] (+ left)"));
    m_lines[index(Law::Roll)]->setName(tr("roll rate [%1]").arg(angle));
    m_axisR->setTitleText(tr("roll rate [%1]").arg(angle));
    if (!c) {
        m_info->setText(tr("Select a force section (Track > Force Section makes one) to edit its keys"));
        m_selected = -1;
        refreshFields();
        return;
    }
    const double end = extent();
    const bool time = byTime();
    m_axisX->setTitleText(time ? tr("t [s]") : tr("heartline x [m]"));
    double gLo = 0.0, gHi = 1.0, rLo = 0.0, rHi = 0.0;
    const int n = 200;
    for (Law law : kLaws) {
        const std::size_t i = index(law);
        const double k = scale(law);
        double& lo = law == Law::Roll ? rLo : gLo;
        double& hi = law == Law::Roll ? rHi : gHi;
        // the integrator's interpolation (core/curves/ForceSection.cpp), made once for the samples
        const auto keys = keysOf(law);
        std::optional<KeysTwist> interpolation;
        bool drawable = true; // keys the layout refuses (out of order) have no curve
        if (!keys.empty()) try {
                interpolation.emplace(keys);
            } catch (const std::exception&) {
                drawable = false;
            }
        const double constant = constantOf(law);
        QList<QPointF> line;
        for (int j = 0; j <= n && drawable; ++j) {
            const double x = end * j / n;
            const double v = (interpolation ? interpolation->at(x, Frame{}).wt : constant) * k;
            if (!std::isfinite(v)) continue;
            line.append({x, v});
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
        QList<QPointF> points;
        for (const auto& [x, v] : keys) {
            points.append({x, v * k});
            lo = std::min(lo, v * k);
            hi = std::max(hi, v * k);
        }
        if (line.isEmpty()) line = points; // keys the layout refuses: drawn as given
        m_lines[i]->replace(line);
        m_keys[i]->replace(points);
    }
    if (m_dragKey < 0) { // the scale stays still while a key is dragged (the mouse maps through it)
        m_axisX->setRange(0.0, end > 0.0 ? end : 1.0);
        const double gPad = std::max(1.0, 0.5 * (gHi - gLo)); // room to drag a key beyond the others
        m_axisG->setRange(gLo - gPad, gHi + gPad);
        const double rPad = std::max(0.2 * scale(Law::Roll), 0.5 * (rHi - rLo));
        m_axisR->setRange(rLo - rPad, rHi + rPad);
        m_axisX->applyNiceNumbers();
        m_axisG->applyNiceNumbers();
        m_axisR->applyNiceNumbers();
    }
    const auto keys = keysOf(m_law);
    if (m_selected >= int(keys.size())) m_selected = -1;
    keySeries()->deselectAllPoints();
    if (m_selected >= 0) keySeries()->selectPoint(m_selected);
    const QString id = QString::fromStdString(m_doc->spec().tracks[std::size_t(m_track)].id);
    const QString extentText = time ? tr("%1 s").arg(end, 0, 'f', 2) : tr("%1 m").arg(end, 0, 'f', 2);
    m_info->setText(keys.empty() ? tr("%1 (%2): %3 is constant; Make keys, Add key or a double-click "
                                      "gives it keys")
                                       .arg(id, extentText, m_lawBox->currentText().toLower())
                                 : tr("%1 (%2): %3 has %n key(s); drag them, double-click adds one, Delete "
                                      "removes the selected one",
                                      "", int(keys.size()))
                                       .arg(id, extentText, m_lawBox->currentText().toLower()));
    refreshFields();
}

void ForceKeysEditor::refreshFields() {
    const QSignalBlocker bx(m_x), bv(m_value);
    const CurveSpec* c = section();
    const auto keys = keysOf(m_law);
    const bool selected = c && m_selected >= 0 && m_selected < int(keys.size());
    const double k = scale(m_law);
    m_lawBox->setEnabled(c != nullptr);
    m_convert->setEnabled(c != nullptr);
    m_convert->setText(keys.empty() ? tr("Make keys") : tr("Make constant"));
    m_add->setEnabled(c != nullptr);
    m_delete->setEnabled(selected);
    m_x->setSuffix(byTime() ? " s" : " m");
    if (m_law == Law::Roll) {
        m_value->setSuffix(" " + Units::instance().angleSuffix() + "/s");
        m_value->setDecimals(Units::instance().angle() == Units::Angle::Degrees ? 2 : 4);
        m_value->setRange(-1e5, 1e5);
    } else {
        m_value->setSuffix(" g");
        m_value->setDecimals(3);
        m_value->setRange(-100.0, 100.0);
    }
    m_x->setEnabled(selected);
    m_value->setEnabled(c != nullptr && (keys.empty() || selected));
    if (selected) {
        m_x->setValue(keys[std::size_t(m_selected)].first);
        m_value->setValue(keys[std::size_t(m_selected)].second * k);
    } else {
        m_x->setValue(0.0);
        m_value->setValue(c && keys.empty() ? constantOf(m_law) * k : 0.0);
    }
}

int ForceKeysEditor::keyNear(const QPointF& pos) const {
    int best = -1;
    double nearest = 9.0; // [px]
    for (int k = 0; k < keyCount(); ++k)
        if (const double d = QLineF(keyPosition(k), pos).length(); d < nearest) nearest = d, best = k;
    return best;
}

bool ForceKeysEditor::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_view) { // the keyboard: Delete removes the selected key
        const bool keyEvent = event->type() == QEvent::ShortcutOverride || event->type() == QEvent::KeyPress;
        if (keyEvent && m_selected >= 0) {
            auto* e = static_cast<QKeyEvent*>(event);
            if (e->key() == Qt::Key_Delete || e->key() == Qt::Key_Backspace) {
                // before Edit > Delete Point (the window's shortcut) sees it
                if (event->type() == QEvent::ShortcutOverride)
                    event->accept();
                else
                    deleteKey(m_selected);
                return true;
            }
        }
        return QWidget::eventFilter(watched, event);
    }
    if (watched != m_view->viewport() || !section()) return QWidget::eventFilter(watched, event);
    auto toValue = [this](const QPointF& pos) {
        return m_view->chart()->mapToValue(m_view->mapToScene(pos.toPoint()), keySeries());
    };
    switch (event->type()) {
    case QEvent::MouseButtonPress: {
        auto* e = static_cast<QMouseEvent*>(event);
        m_view->setFocus(Qt::MouseFocusReason);
        if (e->button() != Qt::LeftButton) break;
        const int k = keyNear(e->position());
        selectKey(k);
        if (k < 0) break;
        // the key follows the mouse's offset from here: a press does not move it, a vertical drag keeps x
        m_dragKey = k;
        m_dragFrom = e->position();
        m_dragKeyStart = keySeries()->at(k);
        m_dragPerPixel = (toValue(e->position() + QPointF(100, 100)) - toValue(e->position())) / 100.0;
        ++m_drags;
        m_doc->beginGesture(); // the run waits for the end of the drag
        return true;
    }
    case QEvent::MouseMove: {
        if (m_dragKey < 0) break;
        auto* e = static_cast<QMouseEvent*>(event);
        const QPointF d = e->position() - m_dragFrom; // [px]
        const QPointF to = m_dragKeyStart + QPointF(d.x() * m_dragPerPixel.x(), d.y() * m_dragPerPixel.y());
        moveKey(m_dragKey, to.x(), to.y() / scale(m_law),
                QString("force-key-drag:%1:%2:%3").arg(m_track).arg(int(m_law)).arg(m_drags));
        return true;
    }
    case QEvent::MouseButtonRelease:
        if (m_dragKey >= 0) {
            const int k = m_dragKey;
            m_dragKey = -1;
            m_doc->endGesture();
            refresh(); // rescale now
            selectKey(k);
            return true;
        }
        break;
    case QEvent::MouseButtonDblClick: {
        auto* e = static_cast<QMouseEvent*>(event);
        m_view->setFocus(Qt::MouseFocusReason); // (Delete then removes the new key)
        if (e->button() != Qt::LeftButton || keyNear(e->position()) >= 0) break;
        const QPointF v = toValue(e->position());
        addKey(v.x(), v.y() / scale(m_law));
        return true;
    }
    default:
        break;
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace tl::ui
