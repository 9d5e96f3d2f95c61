#include "ui/panels/PropertyPanel.h"

#include "core/design/TrackOps.h"
#include "ui/commands/ApplyDesignEdit.h"

#include "core/layout/LayoutSpec.h"
#include "ui/BankDisplay.h"
#include "ui/Units.h"
#include "ui/commands/EditLayout.h"
#include "ui/document/Document.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>
#include <numbers>

namespace tl::ui {

namespace {
// the units the user chose (View > Units): angles and speeds are shown and typed in them
double deg() {
    return Units::instance().angleScale();
}
double kmh() {
    return Units::instance().speedScale();
}
QString degUnit() {
    return Units::instance().angleSuffix();
}
QString kmhUnit() {
    return Units::instance().speedSuffix();
}

struct ParamInfo {
    const char* key;
    const char* label;
    QString unit;
    double scale, min, max;
    int decimals;
    bool bank = false;     // a bank angle: cant in mm on a railway layout (ui/BankDisplay.h), else as given
    double fallback = 0.0; // shown while the key is absent (its default)
};

std::vector<ParamInfo> curveParams(const std::string& type) {
    if (type == "line") return {{"length", "Length", "m", 1, 0.01, 1e6, 3}};
    if (type == "arc")
        return {{"radius", "Radius", "m", 1, 0.1, 1e6, 3},
                {"angle", "Angle", degUnit(), deg(), -3600, 3600, 3}};
    if (type == "helix")
        return {{"radius", "Radius", "m", 1, 0.1, 1e5, 3},
                {"pitch", "Pitch", "m/turn", 1, -1e4, 1e4, 3},
                {"length", "Length", "m", 1, 0.01, 1e6, 3}};
    if (type == "clothoid")
        return {{"length", "Length", "m", 1, 0.01, 1e6, 3},
                {"curvatureStart", "Curvature at start", "1/m", 1, -10, 10, 6},
                {"curvatureEnd", "Curvature at end", "1/m", 1, -10, 10, 6}};
    if (type == "force") // a force section (core/curves/ForceSection.h); its extent and speed are shown apart
        return {{"normalG", "Normal force", "g", 1, -10, 10, 3, false, 1.0},
                {"lateralG", "Lateral force", "g", 1, -10, 10, 3, false, 0.0},
                {"rollRate", "Roll rate", degUnit() + "/s", deg(), -3600, 3600, 2, false, 0.0}};
    // IFC 4.3's transitions: signed radii (> 0 left), 0 = straight (docs/layout-format.md)
    const bool spiral = type == "bloss" || type == "helmert" || type == "cosine" || type == "sine";
    if (spiral || type == "vienneseBend" || type == "cubic") {
        std::vector<ParamInfo> p{{"length", "Length", "m", 1, 0.01, 1e6, 3}};
        if (type != "cubic")
            p.push_back({"radiusStart", "Radius at start (0 straight)", "m", 1, -1e6, 1e6, 3});
        p.push_back({"radiusEnd", "Radius at end (0 straight)", "m", 1, -1e6, 1e6, 3});
        if (type == "vienneseBend") {
            p.push_back({"cantStart", "Cant at start", "m", 1, -1, 1, 4});
            p.push_back({"cantEnd", "Cant at end", "m", 1, -1, 1, 4});
            p.push_back({"gravityCentreHeight", "Centre of gravity height", "m", 1, 0, 10, 3});
        }
        return p;
    }
    return {};
}

std::vector<ParamInfo> twistParams(const std::string& type) {
    if (type == "constant") return {{"angle", "Angle", degUnit(), deg(), -180, 180, 2, true}};
    if (type == "linear")
        return {{"start", "Start angle", degUnit(), deg(), -180, 180, 2, true},
                {"end", "End angle", degUnit(), deg(), -180, 180, 2, true}};
    if (type == "cant")
        return {{"designSpeed", "Design speed", kmhUnit(), kmh(), 0, 1000, 1},
                {"maxAngle", "Maximum cant", degUnit(), deg(), 0, 90, 2, true}};
    return {};
}

TwistSpec defaultTwist(const std::string& type) {
    TwistSpec t;
    t.type = type;
    if (type == "constant") t.params["angle"] = 0.0;
    if (type == "linear") t.params["start"] = 0.0, t.params["end"] = 0.0;
    if (type == "cant") t.params["designSpeed"] = 25.0, t.params["maxAngle"] = 0.12;
    if (type == "keys") t.keys = {{0.0, 0.0}};
    if (type == "directional") t.up = Vec3::UnitZ();
    return t;
}
} // namespace

PropertyPanel::PropertyPanel(Document* doc, QWidget* parent) : QWidget(parent), m_doc(doc) {
    auto* outer = new QVBoxLayout(this);
    m_form = new QFormLayout;
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    outer->addLayout(m_form);
    m_error = new QLabel(this);
    m_error->setObjectName("propertyError");
    m_error->setWordWrap(true);
    m_error->setStyleSheet("color: #b00020;");
    outer->addWidget(m_error);
    outer->addStretch();
    connect(doc, &Document::changed, this, [this](const design::LayoutChange& c) {
        using C = design::LayoutChange;
        if (c.interim)
            return; // a drag: the status bar shows where the point is; the fields follow at its end
        if (c.touchesTrack(m_track) || c.has(C::Look | C::Bodies | C::Switches | C::Connections | C::Drives))
            scheduleRebuild();
        else if (m_signal >= 0 &&
                 c.has(C::Signals | C::Routes | C::TrackList | C::TrackGeometry | C::TrackDetails))
            scheduleRebuild(); // (its s runs to its track's length)
    });
    connect(&Units::instance(), &Units::changed, this, &PropertyPanel::scheduleRebuild);
    rebuild();
}

void PropertyPanel::setSelection(int track, int point) {
    m_track = track;
    m_point = point;
    if (track >= 0) m_signal = -1;
    scheduleRebuild();
}

void PropertyPanel::setSignal(int signal) {
    m_signal = signal;
    if (signal >= 0) m_track = m_point = -1;
    scheduleRebuild();
}

void PropertyPanel::scheduleRebuild() {
    // deferred: a field's own signal may have caused the change, it must not be deleted inside it
    if (m_rebuildPending) return;
    m_rebuildPending = true;
    QTimer::singleShot(0, this, [this] {
        m_rebuildPending = false;
        rebuild();
    });
}

void PropertyPanel::commit(const QString& text, const QString& field,
                           const std::function<void(LayoutSpec&)>& change) {
    LayoutSpec s = m_doc->spec();
    change(s);
    if (s == m_doc->spec()) return;
    m_doc->undoStack()->push(
        new EditLayout(m_doc, std::move(s), text, QString("prop:%1:%2").arg(m_track).arg(field)));
}

void PropertyPanel::addSection(const QString& title) {
    auto* l = new QLabel("<b>" + title + "</b>", this);
    m_form->addRow(l);
}

void PropertyPanel::addNumber(const QString& label, double value, const QString& unit, double min, double max,
                              int decimals, double scale, const QString& field,
                              std::function<void(LayoutSpec&, double)> apply) {
    auto* box = new QDoubleSpinBox(this);
    box->setDecimals(scale == 1.0 && unit == "rad" ? 4 : decimals);
    addField(
        box, label, value, unit, min, max, [scale](double x) { return x * scale; },
        [scale](double x) { return x / scale; }, field, std::move(apply));
}

void PropertyPanel::addBank(const QString& label, double value, bool positive, const QString& field,
                            std::function<void(LayoutSpec&, double)> apply) {
    // railway cant in mm over the rail-centre distance, a coaster's bank in the angle unit; an angle beyond
    // 90 deg is no cant (sin would fold it): it stays an angle
    BankDisplay d = BankDisplay::of(m_doc->spec());
    if (d.millimetres() && std::abs(value) > 0.5 * std::numbers::pi) d.unit = BankUnit::Degrees;
    auto* box = new QDoubleSpinBox(this);
    box->setDecimals(d.decimals());
    // a cant twist's maxAngle is in [0, pi/2): its cant stays below b, its angle below 90 deg
    const double top = !positive         ? d.limit()
                       : d.millimetres() ? std::floor(0.999 * d.limit())
                                         : 0.5 * d.limit();
    const QString shownLabel =
        d.millimetres() ? QString(label).replace(tr("angle"), tr("cant")).replace(tr("Angle"), tr("Cant"))
                        : label;
    addField(
        box, shownLabel, value, d.suffix(), positive ? 0.0 : -top, top, [d](double x) { return d.shown(x); },
        [d](double x) { return d.bank(x); }, field, std::move(apply));
}

void PropertyPanel::addField(QDoubleSpinBox* box, const QString& label, double value, const QString& unit,
                             double min, double max, std::function<double(double)> toShown,
                             std::function<double(double)> fromShown, const QString& field,
                             std::function<void(LayoutSpec&, double)> apply) {
    box->setObjectName("field:" + field);
    box->setRange(min, max);
    box->setSuffix(unit.isEmpty() ? QString() : " " + unit);
    box->setKeyboardTracking(false); // commit on Enter, focus change or arrow step, not per keystroke
    box->setValue(toShown(value));
    connect(box, &QDoubleSpinBox::valueChanged, this, [this, label, field, fromShown, apply](double v) {
        commit(tr("Set %1").arg(label.toLower()), field, [&](LayoutSpec& s) { apply(s, fromShown(v)); });
    });
    m_form->addRow(label, box);
}

void PropertyPanel::rebuild() {
    while (m_form->rowCount() > 0)
        m_form->removeRow(0);
    m_error->setText(m_doc->compileError());
    const LayoutSpec& spec = m_doc->spec();
    if (m_signal >= 0 && m_signal < int(spec.signalSpecs.size())) return rebuildSignal();
    if (m_track < 0 || m_track >= int(spec.tracks.size())) {
        m_form->addRow(new QLabel(tr("Select a track or a control point in the 3D view or the outliner, or a "
                                     "signal with Track > Signal."),
                                  this));
        return;
    }
    const std::size_t ti = std::size_t(m_track);
    const TrackSpec& t = spec.tracks[ti];

    addSection(tr("Track"));
    auto* id = new QLineEdit(QString::fromStdString(t.id), this);
    id->setObjectName("field:id");
    connect(id, &QLineEdit::editingFinished, this, [this, id, ti] {
        // the one rename path (core/design/TrackOps.h): every reference follows, or nothing changes
        const std::string from = m_doc->spec().tracks[ti].id, to = id->text().toStdString();
        if (to == from) return;
        try {
            const design::DesignEdit e = design::renameTrack(m_doc->spec(), from, to);
            m_doc->undoStack()->push(
                new ApplyDesignEdit(m_doc, e.spec, QString::fromStdString(e.description)));
        } catch (const design::DesignError& err) {
            m_error->setText(QString::fromUtf8(err.what()));
            id->setText(QString::fromStdString(from));
        }
    });
    m_form->addRow(tr("Id"), id);
    auto* body = new QLineEdit(QString::fromStdString(t.body), this);
    connect(body, &QLineEdit::editingFinished, this, [this, body, ti] {
        commit(tr("Set body"), "body",
               [&](LayoutSpec& s) { s.tracks[ti].body = body->text().trimmed().toStdString(); });
    });
    m_form->addRow(tr("Body"), body);

    {
        const double h = t.heartline.value_or(0.0);
        addNumber(tr("Heartline"), h, "m", 0, 100, 3, 1.0, "heartline", [ti](LayoutSpec& s, double x) {
            if (x > 0)
                s.tracks[ti].heartline = x;
            else
                s.tracks[ti].heartline.reset();
        });
    }

    addSection(tr("Curve: %1").arg(QString::fromStdString(t.curve.type)));
    if (t.curve.type == "force") {
        const bool byTime = t.curve.params.count("duration") > 0;
        const char* extent = byTime ? "duration" : "length";
        addNumber(byTime ? tr("Duration") : tr("Length"),
                  t.curve.params.count(extent) ? t.curve.params.at(extent) : 0.0, byTime ? "s" : "m", 0.01,
                  byTime ? 3600 : 1e5, 3, 1.0, QString("curve.") + extent,
                  [ti, extent](LayoutSpec& s, double x) { s.tracks[ti].curve.params[extent] = x; });
        if (t.curve.params.count("speed"))
            addNumber(tr("Start speed"), t.curve.params.at("speed"), kmhUnit(), 0.01, 2000, 2, kmh(),
                      "curve.speed",
                      [ti](LayoutSpec& s, double x) { s.tracks[ti].curve.params["speed"] = x; });
        else
            m_form->addRow(tr("Start speed"), new QLabel(tr("from the track before"), this));
    }
    for (const ParamInfo& p : curveParams(t.curve.type)) {
        if (const auto k = t.curve.keys.find(p.key); k != t.curve.keys.end()) {
            m_form->addRow(tr(p.label), new QLabel(tr("%n key(s)", "", int(k->second.size())), this));
            continue;
        }
        const auto it = t.curve.params.find(p.key);
        const double v = it != t.curve.params.end() ? it->second : p.fallback;
        const std::string key = p.key;
        addNumber(tr(p.label), v, p.unit, p.min, p.max, p.decimals, p.scale, QString("curve.") + p.key,
                  [ti, key](LayoutSpec& s, double x) { s.tracks[ti].curve.params[key] = x; });
    }
    if (t.curve.type == "spline") {
        auto* closed = new QCheckBox(tr("closed loop"), this);
        closed->setChecked(t.curve.closed);
        connect(closed, &QCheckBox::toggled, this, [this, ti](bool on) {
            commit(on ? tr("Close spline") : tr("Open spline"), "closed",
                   [&](LayoutSpec& s) { s.tracks[ti].curve.closed = on; });
        });
        m_form->addRow(tr("Points: %1").arg(t.curve.points.size()), closed);
        if (m_point >= 0 && m_point < int(t.curve.points.size())) {
            addSection(tr("Control point %1").arg(m_point + 1));
            const Vec3 p = t.curve.points[std::size_t(m_point)].position;
            const std::size_t pi = std::size_t(m_point);
            const char* names[3] = {"x", "y", "z"};
            for (int a = 0; a < 3; ++a)
                addNumber(
                    names[a], p[a], "m", -1e6, 1e6, 3, 1.0, QString("point%1.%2").arg(pi).arg(names[a]),
                    [ti, pi, a](LayoutSpec& s, double x) { s.tracks[ti].curve.points[pi].position[a] = x; });
        }
    }

    addSection(tr("Placement"));
    if (t.placement.after) {
        m_form->addRow(new QLabel(
            tr("after %1 %2")
                .arg(QString::fromStdString(t.placement.after->track), endName(t.placement.after->end)),
            this));
    } else {
        const char* names[3] = {"x", "y", "z"};
        for (int a = 0; a < 3; ++a)
            addNumber(QString("start ") + names[a], t.placement.pose.position[a], "m", -1e7, 1e7, 3, 1.0,
                      QString("placement.%1").arg(names[a]),
                      [ti, a](LayoutSpec& s, double x) { s.tracks[ti].placement.pose.position[a] = x; });
    }

    addSection(tr("Twist"));
    auto* frame = new QComboBox(this);
    frame->setObjectName("field:frame");
    frame->addItem(tr("bank from the vertical"), "up");
    frame->addItem(tr("twist of the Frenet frame"), "frenet");
    frame->setCurrentIndex(t.frame == TrackFrame::Up ? 0 : 1);
    connect(frame, &QComboBox::currentIndexChanged, this, [this, ti, frame](int) {
        const bool up = frame->currentData().toString() == "up";
        commit(tr("Set twist frame"), "frame", [&](LayoutSpec& s) {
            s.tracks[ti].frame = up ? TrackFrame::Up : TrackFrame::Frenet;
            // a directional twist is the Frenet way to level rails: an up-frame track is level already
            if (up && s.tracks[ti].twist && s.tracks[ti].twist->type == "directional")
                s.tracks[ti].twist.reset();
        });
    });
    m_form->addRow(tr("Measured from"), frame);
    auto* type = new QComboBox(this);
    type->setObjectName("field:twistType");
    const QStringList types = {"none", "constant", "linear", "keys", "directional", "cant", "sum"};
    type->addItems(types);
    type->setCurrentText(t.twist ? QString::fromStdString(t.twist->type) : "none");
    connect(type, &QComboBox::currentTextChanged, this, [this, ti](const QString& v) {
        commit(tr("Set twist type"), "twist.type", [&](LayoutSpec& s) {
            if (v == "none")
                s.tracks[ti].twist.reset();
            else if (v == "sum") {
                TwistSpec sum;
                sum.type = "sum";
                sum.of.push_back(s.tracks[ti].twist ? *s.tracks[ti].twist : defaultTwist("cant"));
                sum.of.push_back(defaultTwist("keys"));
                s.tracks[ti].twist = sum;
            } else
                s.tracks[ti].twist = defaultTwist(v.toStdString());
        });
    });
    m_form->addRow(tr("Profile"), type);
    if (t.twist) {
        // the parameters of the profile, or of each part of a sum
        std::vector<std::pair<const TwistSpec*, int>> parts; // (spec, index in "of" or -1)
        if (t.twist->type == "sum")
            for (std::size_t k = 0; k < t.twist->of.size(); ++k)
                parts.emplace_back(&t.twist->of[k], int(k));
        else
            parts.emplace_back(&*t.twist, -1);
        for (const auto& [tw, k] : parts) {
            if (k >= 0) m_form->addRow(new QLabel(tr("+ %1").arg(QString::fromStdString(tw->type)), this));
            for (const ParamInfo& p : twistParams(tw->type)) {
                const auto it = tw->params.find(p.key);
                const double v = it != tw->params.end() ? it->second : 0.0;
                const std::string key = p.key;
                const int part = k;
                auto apply = [ti, key, part](LayoutSpec& s, double x) {
                    TwistSpec& target =
                        part >= 0 ? s.tracks[ti].twist->of[std::size_t(part)] : *s.tracks[ti].twist;
                    target.params[key] = x;
                };
                const QString field = QString("twist.%1.%2").arg(k).arg(p.key);
                if (p.bank)
                    addBank(tr(p.label), v, p.min >= 0, field, apply);
                else
                    addNumber(tr(p.label), v, p.unit, p.min, p.max, p.decimals, p.scale, field, apply);
            }
            if (tw->type == "keys")
                m_form->addRow(new QLabel(
                    tr("%1 keys — edit them in the twist profile editor").arg(tw->keys.size()), this));
        }
    }
}

} // namespace tl::ui
