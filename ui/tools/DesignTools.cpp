#include "ui/tools/DesignTools.h"

#include "core/design/EndState.h"
#include "core/design/JoinEnds.h"
#include "core/design/PiecePreview.h"
#include "core/design/TrackOps.h"
#include "render/OsgConvert.h"
#include "render/scene/LayoutScene.h"
#include "ui/commands/ApplyDesignEdit.h"
#include "ui/document/Document.h"
#include "ui/edit/EditController.h"
#include "ui/tools/PieceIcons.h"
#include "ui/tools/ScreenPick.h"
#include "ui/view/OsgViewWidget.h"

#include <QAction>
#include <QActionGroup>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QInputDialog>
#include <QKeyEvent>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMouseEvent>
#include <QToolBar>

#include <osg/Geometry>
#include <osg/LineWidth>

#include <cmath>
#include <numbers>

namespace tl::ui {

namespace {
constexpr double kClickPx = 4.0; // a press-release moving less is a click
const double kDeg = std::numbers::pi / 180.0;
} // namespace

DesignTools::DesignTools(Document* doc, render::LayoutScene* scene, OsgViewWidget* view,
                         EditController* editor, QMainWindow* window)
    : QObject(window), m_doc(doc), m_scene(scene), m_view(view), m_editor(editor) {
    m_preview = new osg::Group;
    m_scene->root()->addChild(m_preview.get());
    createPanel();
    createActions(window);
    m_view->installEventFilter(this);
    connect(m_editor, &EditController::selectionChanged, this, [this] { updatePreview(); });
    connect(m_editor, &EditController::trackClicked, this, [this](int t, double s) {
        m_lastClickTrack = t;
        m_lastClickS = s;
    });
    connect(m_doc, &Document::layoutChanged, this, [this] { updatePreview(); });
}

DesignTools::~DesignTools() = default; // the view drops its event filter when either goes

QAction* DesignTools::action(const QString& name) const {
    for (const auto& [n, a] : m_actions)
        if (n == name) return a;
    return nullptr;
}

QDoubleSpinBox* DesignTools::field(const QString& name) const {
    for (const auto& [n, f] : m_fields)
        if (n == name) return f;
    return nullptr;
}

void DesignTools::setLeft(bool left) {
    m_side->setCurrentIndex(left ? 0 : 1);
}

void DesignTools::createPanel() {
    m_panel = new QWidget;
    m_panel->setObjectName("trackToolsPanel");
    auto* form = new QFormLayout(m_panel);
    auto add = [&](const QString& key, const QString& label, double lo, double hi, double value, int decimals,
                   const QString& suffix) {
        auto* f = new QDoubleSpinBox;
        f->setObjectName(key);
        f->setRange(lo, hi);
        f->setDecimals(decimals);
        f->setValue(value);
        f->setSuffix(suffix);
        f->setKeyboardTracking(false);
        form->addRow(label, f);
        m_fields.emplace_back(key, f);
        connect(f, &QDoubleSpinBox::valueChanged, this, [this] { updatePreview(); });
    };
    add("length", tr("Length"), 0.1, 100000, 100, 2, " m");
    add("radius", tr("Radius"), 0, 100000, 300, 2, " m");
    add("angle", tr("Angle"), 0.01, 360, 30, 3, QString::fromUtf8(" °"));
    m_side = new QComboBox;
    m_side->setObjectName("side");
    m_side->addItems({tr("Left"), tr("Right")});
    form->addRow(tr("Turn"), m_side);
    connect(m_side, &QComboBox::currentIndexChanged, this, [this] { updatePreview(); });
    add("leadIn", tr("Lead-in transition"), 0, 1000, 0, 2, " m");
    add("grade", tr("Grade after slope"), -30, 30, 2, 3, " %");
    add("verticalRadius", tr("Vertical radius"), 10, 100000, 2000, 1, " m");
    add("pitch", tr("Helix pitch"), -100, 100, 5, 3, " m");
    add("turns", tr("Helix turns"), 0.01, 100, 1, 3, "");
    add("joinRadius", tr("Join: min radius"), 1, 100000, 25, 1, " m");
    add("switchRadius", tr("Switch radius"), 10, 100000, 190, 1, " m");
    add("switchAngle", tr("Switch angle"), 0.1, 45, 6.34, 3, QString::fromUtf8(" °"));
}

void DesignTools::createActions(QMainWindow* window) {
    m_toolBar = new QToolBar(tr("Track Tools"), window);
    m_toolBar->setObjectName("trackToolsToolBar");
    QMenu* menu = window->menuBar()->addMenu(tr("&Track"));
    auto* modes = new QActionGroup(this);
    auto make = [&](const QString& name, const QString& text, const QKeySequence& key, bool viewOnly) {
        QAction* a = new QAction(pieceIcon(name), text, this);
        a->setObjectName("track-" + name);
        a->setShortcut(key);
        a->setToolTip(QString("%1 (%2)").arg(text, key.toString(QKeySequence::NativeText)));
        if (viewOnly) {
            a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
            m_view->addAction(a);
        } else {
            window->addAction(a);
        }
        m_toolBar->addAction(a);
        menu->addAction(a);
        m_actions.emplace_back(name, a);
        return a;
    };
    using design::PieceKind;
    auto mode = [&](const QString& name, const QString& text, const QKeySequence& key, Mode m, PieceKind k) {
        QAction* a = make(name, text, key, false);
        a->setCheckable(true);
        modes->addAction(a);
        connect(a, &QAction::triggered, this, [this, m, k] { setMode(m, k); });
    };
    mode("first", tr("Place First Track"), QKeySequence(Qt::ALT | Qt::Key_0), Mode::PlaceFirst,
         PieceKind::Straight);
    mode("straight", tr("Straight"), QKeySequence(Qt::ALT | Qt::Key_1), Mode::Append, PieceKind::Straight);
    mode("arc-left", tr("Curve Left"), QKeySequence(Qt::ALT | Qt::Key_2), Mode::Append, PieceKind::Arc);
    mode("arc-right", tr("Curve Right"), QKeySequence(Qt::ALT | Qt::Key_3), Mode::Append, PieceKind::Arc);
    mode("transition", tr("Transition"), QKeySequence(Qt::ALT | Qt::Key_4), Mode::Append,
         PieceKind::Transition);
    mode("slope", tr("Slope"), QKeySequence(Qt::ALT | Qt::Key_5), Mode::Append, PieceKind::Slope);
    mode("helix", tr("Helix"), QKeySequence(Qt::ALT | Qt::Key_6), Mode::Append, PieceKind::Helix);
    mode("spline", tr("Spline by Points"), QKeySequence(Qt::ALT | Qt::Key_7), Mode::Append,
         PieceKind::Spline);
    mode("join", tr("Join Two Ends"), QKeySequence(Qt::ALT | Qt::Key_J), Mode::Join, PieceKind::Straight);
    connect(action("arc-left"), &QAction::triggered, this, [this] { setLeft(true); });
    connect(action("arc-right"), &QAction::triggered, this, [this] { setLeft(false); });
    m_toolBar->addSeparator();
    menu->addSeparator();
    auto report = [this](bool ok) {
        if (!ok) emit status(m_error);
    };
    connect(make("join-nearest", tr("Close: Join to Nearest Free End"), QKeySequence(Qt::Key_J), true),
            &QAction::triggered, this, [this, report] { report(joinToNearestFreeEnd()); });
    action("join-nearest")->setIcon(pieceIcon("join"));
    connect(make("split", tr("Split Track Here"), QKeySequence(Qt::Key_K), true), &QAction::triggered, this,
            [this, report] { report(splitSelectedTrack()); });
    connect(make("switch", tr("Insert Switch Here"), QKeySequence(Qt::Key_I), true), &QAction::triggered,
            this, [this, report] { report(insertSwitchOnSelectedTrack()); });
    connect(make("delete", tr("Delete Track"), QKeySequence(Qt::SHIFT | Qt::Key_Delete), false),
            &QAction::triggered, this, [this, report] { report(deleteSelectedTrack()); });
    connect(make("rename", tr("Rename Track…"), QKeySequence(Qt::Key_F2), false), &QAction::triggered, this,
            [this, report, window] {
                const int t = m_editor->selectedTrack();
                if (t < 0 || t >= int(m_doc->spec().tracks.size()))
                    return report(fail(tr("Select a track first.")));
                const QString old = QString::fromStdString(m_doc->spec().tracks[std::size_t(t)].id);
                bool ok = false;
                const QString id = QInputDialog::getText(
                    window, tr("Rename Track"), tr("New id of %1:").arg(old), QLineEdit::Normal, old, &ok);
                if (ok) report(renameSelectedTrack(id.trimmed()));
            });
    connect(make("train", tr("Add Train Here"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_T), false),
            &QAction::triggered, this, [this, report] { report(addTrainOnSelectedTrack()); });
    QMenu* types = menu->addMenu(pieceIcon("type"), tr("Change Curve &Type"));
    for (const char* t : {"line", "arc", "clothoid", "spline", "quintic"})
        connect(types->addAction(QString(t)), &QAction::triggered, this,
                [this, report, t] { report(changeSelectedTrackType(t)); });
    window->addToolBar(Qt::LeftToolBarArea, m_toolBar);
}

void DesignTools::setMode(Mode mode, design::PieceKind kind) {
    m_mode = mode;
    m_view->setMouseTracking(mode != Mode::Select); // the preview follows the mouse
    m_kind = kind;
    m_typed.clear();
    m_firstStart.reset();
    m_splinePoints.clear();
    m_joinFirst.reset();
    const QString name = mode == Mode::PlaceFirst ? "first"
                         : mode == Mode::Join     ? "join"
                         : mode == Mode::Select   ? QString()
                         : kind == design::PieceKind::Arc
                             ? (m_side->currentIndex() == 0 ? "arc-left" : "arc-right")
                             : QString(design::pieceName(kind));
    for (const auto& [n, a] : m_actions)
        if (a->isCheckable()) a->setChecked(n == name);
    static const char* hints[] = {"",
                                  "Click the start, then the direction and length (or type a length, Enter).",
                                  "Click in the view or press Enter to add the piece; type a value + Enter.",
                                  "Click two free ends to join them."};
    emit status(tr(hints[int(mode)]));
    emit modeChanged();
    updatePreview();
}

design::PieceSpec DesignTools::currentPiece() const {
    design::PieceSpec p;
    p.kind = m_kind;
    p.length = field("length")->value();
    p.radius = field("radius")->value();
    p.angle = field("angle")->value() * kDeg;
    p.left = m_side->currentIndex() == 0;
    p.leadIn = field("leadIn")->value();
    p.grade = field("grade")->value() / 100.0;
    p.verticalRadius = field("verticalRadius")->value();
    p.pitch = field("pitch")->value();
    p.turns = field("turns")->value();
    return p;
}

std::optional<EndRef> DesignTools::currentEnd() const {
    const int t = m_editor->selectedTrack();
    const LayoutSpec& spec = m_doc->spec();
    if (t < 0 || t >= int(spec.tracks.size()) || spec.tracks[std::size_t(t)].curve.closed)
        return std::nullopt;
    for (TrackEnd e : {TrackEnd::End, TrackEnd::Start}) {
        const EndRef r{spec.tracks[std::size_t(t)].id, e};
        if (!design::endInUse(spec, r)) return r;
    }
    return std::nullopt;
}

bool DesignTools::fail(const QString& message) {
    m_error = message;
    return false;
}

bool DesignTools::push(const LayoutSpec& after, const std::string& description, int select) {
    m_doc->undoStack()->push(new ApplyDesignEdit(m_doc, after, QString::fromStdString(description)));
    if (!m_doc->compileError().isEmpty()) {
        const QString why = m_doc->compileError();
        m_doc->undoStack()->undo();
        return fail(why);
    }
    m_editor->select(select, -1);
    emit status(QString::fromStdString(description));
    return true;
}

bool DesignTools::commitPiece() {
    const auto layout = m_doc->layout();
    if (m_mode == Mode::PlaceFirst) {
        if (!m_firstStart) return fail(tr("Click where the first track starts."));
        const Vec3 d = m_mouseGround - *m_firstStart;
        double length = std::hypot(d.x(), d.y());
        if (!m_typed.isEmpty()) length = m_typed.toDouble();
        if (!(length > 0.1) || std::hypot(d.x(), d.y()) < 1e-9)
            return fail(tr("Move the mouse to give the direction (and type the length)."));
        LayoutSpec spec = m_doc->spec();
        TrackSpec t;
        t.id = design::uniqueTrackId(spec);
        t.curve.type = "line";
        t.curve.params["length"] = length;
        t.placement.pose.position = *m_firstStart;
        t.placement.pose.rotation = Quat(Eigen::AngleAxisd(std::atan2(d.y(), d.x()), Vec3::UnitZ()));
        spec.tracks.push_back(t);
        m_typed.clear();
        const std::string text = "Place track " + t.id + " (straight " + design::shortNumber(length) + " m)";
        if (!push(spec, text, int(spec.tracks.size()) - 1)) return false;
        setMode(Mode::Append, design::PieceKind::Straight);
        return true;
    }
    const auto end = currentEnd();
    if (!end) return fail(tr("Select a track with a free end (or place a first track)."));
    design::PieceSpec p = currentPiece();
    try {
        if (m_kind == design::PieceKind::Spline) {
            const design::EndState es = design::endState(*layout, *end);
            const Pose toLevel =
                es.level.inverse(Eigen::Isometry) * layout->initialBodyPose(es.body).inverse(Eigen::Isometry);
            for (const Vec3& w : m_splinePoints)
                p.points.push_back(toLevel * w);
        }
        const design::DesignEdit e = design::appendPiece(*layout, *end, p);
        m_typed.clear();
        m_splinePoints.clear();
        return push(e.spec, e.description, e.spec.trackIndex(e.newTracks.back()));
    } catch (const design::DesignError& err) {
        return fail(QString::fromUtf8(err.what()));
    }
}

bool DesignTools::joinEnds(const EndRef& a, const EndRef& b) {
    try {
        design::JoinOptions o;
        o.minRadius = field("joinRadius")->value();
        const design::JoinResult r = design::joinEnds(*m_doc->layout(), a, b, o);
        return push(r.edit.spec, r.edit.description, r.edit.spec.trackIndex(r.edit.newTracks.back()));
    } catch (const design::DesignError& err) {
        return fail(QString::fromUtf8(err.what()));
    }
}

bool DesignTools::joinToNearestFreeEnd() {
    const auto a = currentEnd();
    if (!a) return fail(tr("Select a track with a free end first."));
    const Layout& L = *m_doc->layout();
    const Vec3 pa = design::endState(L, *a).position();
    std::optional<EndRef> best;
    double bestD = 0;
    for (const EndRef& b : design::freeEnds(m_doc->spec())) {
        if (b.track == a->track) continue;
        const double d = (design::endState(L, b).position() - pa).norm();
        if (!best || d < bestD) best = b, bestD = d;
    }
    if (!best) return fail(tr("There is no other free end to join to."));
    return joinEnds(*a, *best);
}

namespace {
int selectedOrFail(EditController* editor, const LayoutSpec& spec) {
    const int t = editor->selectedTrack();
    return t >= 0 && t < int(spec.tracks.size()) ? t : -1;
}
} // namespace

bool DesignTools::deleteSelectedTrack() {
    const int t = selectedOrFail(m_editor, m_doc->spec());
    if (t < 0) return fail(tr("Select a track first."));
    try {
        const auto e = design::deleteTrack(*m_doc->layout(), m_doc->spec().tracks[std::size_t(t)].id);
        return push(e.spec, e.description, -1);
    } catch (const design::DesignError& err) {
        return fail(QString::fromUtf8(err.what()));
    }
}

bool DesignTools::splitSelectedTrack() {
    const int t = selectedOrFail(m_editor, m_doc->spec());
    if (t < 0) return fail(tr("Select a track first."));
    const double L = m_doc->layout()->track(std::size_t(t)).length();
    const double s = m_lastClickTrack == t && m_lastClickS >= 0 ? m_lastClickS : 0.5 * L;
    try {
        const auto e = design::splitTrack(*m_doc->layout(), m_doc->spec().tracks[std::size_t(t)].id, s);
        return push(e.spec, e.description, t);
    } catch (const design::DesignError& err) {
        return fail(QString::fromUtf8(err.what()));
    }
}

bool DesignTools::insertSwitchOnSelectedTrack() {
    const int t = selectedOrFail(m_editor, m_doc->spec());
    if (t < 0) return fail(tr("Select a track first."));
    const double L = m_doc->layout()->track(std::size_t(t)).length();
    const double s = m_lastClickTrack == t && m_lastClickS >= 0 ? m_lastClickS : 0.5 * L;
    design::SwitchOptions o;
    o.radius = field("switchRadius")->value();
    o.angle = field("switchAngle")->value() * kDeg;
    o.left = m_side->currentIndex() == 0;
    try {
        const auto e = design::insertSwitch(*m_doc->layout(), m_doc->spec().tracks[std::size_t(t)].id, s, o);
        return push(e.spec, e.description, e.spec.trackIndex(e.newTracks.back()));
    } catch (const design::DesignError& err) {
        return fail(QString::fromUtf8(err.what()));
    }
}

bool DesignTools::renameSelectedTrack(const QString& newId) {
    const int t = selectedOrFail(m_editor, m_doc->spec());
    if (t < 0) return fail(tr("Select a track first."));
    try {
        const auto e =
            design::renameTrack(m_doc->spec(), m_doc->spec().tracks[std::size_t(t)].id, newId.toStdString());
        return push(e.spec, e.description, t);
    } catch (const design::DesignError& err) {
        return fail(QString::fromUtf8(err.what()));
    }
}

bool DesignTools::changeSelectedTrackType(const QString& type) {
    const int t = selectedOrFail(m_editor, m_doc->spec());
    if (t < 0) return fail(tr("Select a track first."));
    try {
        const auto e = design::changeCurveType(*m_doc->layout(), m_doc->spec().tracks[std::size_t(t)].id,
                                               type.toStdString());
        return push(e.spec, e.description, t);
    } catch (const design::DesignError& err) {
        return fail(QString::fromUtf8(err.what()));
    }
}

bool DesignTools::addTrainOnSelectedTrack() {
    const int t = selectedOrFail(m_editor, m_doc->spec());
    if (t < 0) return fail(tr("Click on a track where the train's head should stand."));
    const double L = m_doc->layout()->track(std::size_t(t)).length();
    const double s = m_lastClickTrack == t && m_lastClickS >= 0 ? m_lastClickS : 0.5 * L;
    LayoutSpec spec = m_doc->spec();
    if (!spec.trains.is_array()) spec.trains = Json::array();
    std::string id;
    for (int k = int(spec.trains.size()) + 1; id.empty(); ++k) {
        std::string c = "train";
        c += std::to_string(k);
        bool used = false;
        for (const auto& tr : spec.trains)
            used = used || (tr.is_object() && tr.value("id", std::string()) == c);
        if (!used) id = c;
    }
    const std::string track = spec.tracks[std::size_t(t)].id;
    spec.trains.push_back(Json{{"id", id},
                               {"cars", Json::array({"locomotive", "passenger-car"})},
                               {"start", Json{{"track", track}, {"s", s}, {"direction", 1}}},
                               {"speed", 15.0}});
    return push(spec, "Add train " + id + " on " + track + " at " + design::shortNumber(s) + " m", t);
}

bool DesignTools::toggleSwitch(const QString& id) {
    try {
        const auto e = design::toggleSwitch(m_doc->spec(), id.toStdString());
        return push(e.spec, e.description, m_editor->selectedTrack());
    } catch (const design::DesignError& err) {
        return fail(QString::fromUtf8(err.what()));
    }
}

std::optional<Vec3> DesignTools::groundPoint(const QPointF& pos) const {
    double z0 = 0.0;
    if (m_firstStart) z0 = m_firstStart->z();
    const auto [n, f] = m_view->rayThrough(pos.x(), pos.y());
    const Vec3 a = render::toEigen(n), b = render::toEigen(f);
    const double den = b.z() - a.z();
    if (std::abs(den) < 1e-12) return std::nullopt;
    const double t = (z0 - a.z()) / den;
    if (t < 0) return std::nullopt;
    return a + t * (b - a);
}

std::optional<EndRef> DesignTools::freeEndNear(const QPointF& pos, double pixels) const {
    const Layout& L = *m_doc->layout();
    std::optional<EndRef> best;
    double bestD = pixels;
    for (const EndRef& e : design::freeEnds(m_doc->spec())) {
        const design::EndState es = design::endState(L, e);
        const Vec3 w = L.initialBodyPose(es.body) * es.position();
        const QPointF q = m_view->project(render::toOsg(w));
        const double d = std::hypot(q.x() - pos.x(), q.y() - pos.y());
        if (d <= bestD) best = e, bestD = d;
    }
    return best;
}

int DesignTools::switchNear(const QPointF& pos, double pixels) const {
    const Layout& L = *m_doc->layout();
    int best = -1;
    double bestD = pixels;
    for (std::size_t k = 0; k < L.spec().switches.size(); ++k) {
        const design::EndState es = design::endState(L, L.spec().switches[k].at);
        const Vec3 w = L.initialBodyPose(es.body) * es.position();
        const QPointF q = m_view->project(render::toOsg(w));
        const double d = std::hypot(q.x() - pos.x(), q.y() - pos.y());
        if (d <= bestD) best = int(k), bestD = d;
    }
    return best;
}

bool DesignTools::mousePress(QMouseEvent* e) {
    if (e->button() != Qt::LeftButton) return m_editor->mousePress(e);
    m_pressPos = e->position();
    m_pressed = true;
    if (m_mode == Mode::Select) {
        if (const int k = switchNear(e->position(), 8.0); k >= 0) {
            m_pressed = false;
            if (!toggleSwitch(QString::fromStdString(m_doc->spec().switches[std::size_t(k)].id)))
                emit status(m_error);
            return true;
        }
        return m_editor->mousePress(e);
    }
    if (m_mode == Mode::Append && m_kind != design::PieceKind::Spline &&
        pickTrackOnScreen(*m_doc->layout(), *m_view, e->position())) {
        m_pressed = false; // a click on a track picks the end to continue from
        return m_editor->mousePress(e);
    }
    return false; // a drag still orbits the camera
}

bool DesignTools::mouseMove(QMouseEvent* e) {
    if (m_mode == Mode::PlaceFirst || (m_mode == Mode::Append && m_kind == design::PieceKind::Spline)) {
        if (const auto g = groundPoint(e->position())) {
            m_mouseGround = *g;
            m_mouseOnGround = true;
            updatePreview();
        }
    }
    return m_editor->mouseMove(e);
}

bool DesignTools::mouseRelease(QMouseEvent* e) {
    const bool click =
        m_pressed && e->button() == Qt::LeftButton &&
        std::hypot(e->position().x() - m_pressPos.x(), e->position().y() - m_pressPos.y()) < kClickPx;
    m_pressed = false;
    if (!click || m_mode == Mode::Select) return m_editor->mouseRelease(e);
    bool ok = true;
    switch (m_mode) {
    case Mode::PlaceFirst:
        if (const auto g = groundPoint(e->position())) {
            m_mouseGround = *g;
            m_mouseOnGround = true;
            if (!m_firstStart) {
                m_firstStart = *g;
                emit status(tr("Start at (%1, %2): now click the end, or type its length and Enter.")
                                .arg(g->x(), 0, 'f', 1)
                                .arg(g->y(), 0, 'f', 1));
                updatePreview();
            } else {
                ok = commitPiece();
            }
        }
        break;
    case Mode::Append:
        if (m_kind == design::PieceKind::Spline) {
            if (const auto g = groundPoint(e->position())) m_splinePoints.push_back(*g);
            updatePreview();
        } else {
            ok = commitPiece();
        }
        break;
    case Mode::Join:
        if (const auto end = freeEndNear(e->position(), 15.0)) {
            if (!m_joinFirst) {
                m_joinFirst = end;
                emit status(tr("Join from %1 %2: click the other free end.")
                                .arg(QString::fromStdString(end->track), endName(end->end)));
            } else if (!(*end == *m_joinFirst)) {
                const EndRef a = *m_joinFirst;
                m_joinFirst.reset();
                ok = joinEnds(a, *end);
            }
        } else {
            ok = fail(tr("Click on a free track end (an open end of a track)."));
        }
        break;
    case Mode::Select:
        break;
    }
    if (!ok) emit status(m_error);
    m_editor->mouseRelease(e);
    return false;
}

bool DesignTools::mouseDoubleClick(QMouseEvent* e) {
    if (m_mode != Mode::Select) return true;
    return m_editor->mouseDoubleClick(e);
}

void DesignTools::applyTyped() {
    if (m_typed.isEmpty()) return;
    bool ok = false;
    const double v = m_typed.toDouble(&ok);
    if (!ok) return;
    QDoubleSpinBox* f = nullptr;
    if (m_mode == Mode::PlaceFirst) return; // used as the length by commitPiece
    switch (m_kind) {
    case design::PieceKind::Straight:
        f = field("length");
        break;
    case design::PieceKind::Arc:
    case design::PieceKind::Transition:
    case design::PieceKind::Helix:
        f = field("radius");
        break;
    case design::PieceKind::Slope:
        f = field("grade");
        break;
    case design::PieceKind::Spline:
        break;
    }
    if (f) f->setValue(v);
    m_typed.clear();
}

bool DesignTools::keyPress(QKeyEvent* e) {
    const int k = e->key();
    if (k == Qt::Key_Escape) {
        if (!m_typed.isEmpty())
            m_typed.clear();
        else
            setMode(Mode::Select);
        return true;
    }
    if (k == Qt::Key_Backspace) {
        m_typed.chop(1);
        emit status(tr("Value: %1").arg(m_typed));
        return true;
    }
    if (k == Qt::Key_Return || k == Qt::Key_Enter) {
        applyTyped();
        if (!commitPiece()) emit status(m_error);
        return true;
    }
    const QString t = e->text();
    if (t.size() == 1 && (t[0].isDigit() || t == "." || (t == "-" && m_typed.isEmpty()))) {
        m_typed += t;
        emit status(tr("Value: %1 (Enter to apply)").arg(m_typed));
        return true;
    }
    return false;
}

bool DesignTools::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_view && m_mode != Mode::Select &&
        (event->type() == QEvent::KeyPress || event->type() == QEvent::ShortcutOverride)) {
        auto* ke = static_cast<QKeyEvent*>(event);
        const int k = ke->key();
        const bool ours =
            k == Qt::Key_Escape || k == Qt::Key_Backspace || k == Qt::Key_Return || k == Qt::Key_Enter ||
            (ke->text().size() == 1 && (ke->text()[0].isDigit() || ke->text() == "." || ke->text() == "-"));
        if (ours && !(ke->modifiers() & (Qt::ControlModifier | Qt::AltModifier))) {
            if (event->type() == QEvent::ShortcutOverride) {
                event->accept(); // the key comes to us, not to a shortcut ("." steps the simulation)
                return true;
            }
            return keyPress(ke);
        }
    }
    return QObject::eventFilter(watched, event);
}

void DesignTools::showPolyline(const std::vector<Vec3>& points) {
    m_preview->removeChildren(0, m_preview->getNumChildren());
    m_previewPoints = int(points.size());
    if (points.size() >= 2) {
        osg::ref_ptr<osg::Vec3Array> v = new osg::Vec3Array;
        for (const Vec3& p : points)
            v->push_back(osg::Vec3(float(p.x()), float(p.y()), float(p.z() + 0.3)));
        osg::ref_ptr<osg::Geometry> g = new osg::Geometry;
        g->setVertexArray(v.get());
        osg::ref_ptr<osg::Vec4Array> c = new osg::Vec4Array;
        c->push_back(osg::Vec4(1.0f, 0.55f, 0.1f, 1.0f));
        g->setColorArray(c.get(), osg::Array::BIND_OVERALL);
        g->addPrimitiveSet(new osg::DrawArrays(GL_LINE_STRIP, 0, GLsizei(v->size())));
        osg::StateSet* ss = g->getOrCreateStateSet();
        ss->setMode(GL_LIGHTING, osg::StateAttribute::OFF);
        ss->setMode(GL_DEPTH_TEST, osg::StateAttribute::OFF);
        ss->setAttributeAndModes(new osg::LineWidth(4.0f));
        ss->setRenderBinDetails(1000, "RenderBin");
        m_preview->addChild(g.get());
    }
    m_view->update();
}

void DesignTools::updatePreview() {
    std::vector<Vec3> pts;
    const auto layout = m_doc->layout();
    if (m_mode == Mode::PlaceFirst && m_firstStart && m_mouseOnGround) {
        pts = {*m_firstStart, m_mouseGround};
    } else if (m_mode == Mode::Append && layout) {
        if (const auto end = currentEnd()) {
            try {
                design::PieceSpec p = currentPiece();
                if (m_kind == design::PieceKind::Spline) {
                    const design::EndState es = design::endState(*layout, *end);
                    const Pose toLevel = es.level.inverse(Eigen::Isometry) *
                                         layout->initialBodyPose(es.body).inverse(Eigen::Isometry);
                    for (const Vec3& w : m_splinePoints)
                        p.points.push_back(toLevel * w);
                    if (m_mouseOnGround) p.points.push_back(toLevel * m_mouseGround);
                }
                if (m_kind != design::PieceKind::Spline || !p.points.empty()) {
                    const design::DesignEdit e = design::appendPiece(*layout, *end, p);
                    pts = design::previewPolyline(*layout, design::previewTracks(*layout, e), 2.0);
                }
            } catch (const std::exception& err) {
                m_error = QString::fromUtf8(err.what());
            }
        }
    }
    showPolyline(pts);
}

} // namespace tl::ui
