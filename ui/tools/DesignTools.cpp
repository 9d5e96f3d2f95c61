// DesignTools' palette: the parameter panel, the tool bar / Track menu actions and their shortcuts, the
// active mode, the piece and free end the panel and the selection describe, and the undo push shared by
// every operation. The operations, input and preview are in DesignOperations / DesignInput / DesignPreview.
#include "ui/tools/DesignTools.h"

#include "core/design/EndState.h"
#include "render/scene/LayoutScene.h"
#include "ui/commands/ApplyDesignEdit.h"
#include "ui/document/Document.h"
#include "ui/edit/EditController.h"
#include "ui/tools/PieceIcons.h"
#include "ui/tools/SignalTool.h"
#include "ui/view/OsgViewWidget.h"

#include <QAction>
#include <QActionGroup>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QInputDialog>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QToolBar>

#include <numbers>

namespace tl::ui {

namespace {
const double kDeg = std::numbers::pi / 180.0;
} // namespace

DesignTools::DesignTools(Document* doc, render::LayoutScene* scene, OsgViewWidget* view,
                         EditController* editor, QMainWindow* window)
    : QObject(window), m_doc(doc), m_scene(scene), m_view(view), m_editor(editor) {
    m_preview = new osg::Group;
    m_scene->root()->addChild(m_preview.get());
    m_signalTool = new SignalTool(m_doc, m_scene, m_view, m_editor, this);
    createPanel();
    createActions(window);
    m_view->installEventFilter(this);
    connect(m_editor, &EditController::selectionChanged, this, [this] { updatePreview(); });
    connect(m_editor, &EditController::trackClicked, this, [this](int t, double s) {
        m_lastClickTrack = t;
        m_lastClickS = s;
    });
    connect(m_doc, &Document::changed, this, [this](const design::LayoutChange& c) {
        using C = design::LayoutChange;
        if (c.interim) return; // (a drag: the preview follows when it ends)
        if (c.has(C::TrackGeometry | C::TrackTwist | C::TrackList | C::Connections | C::Switches))
            updatePreview(); // (the piece attaches to an end)
    });
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
    // a force section (core/curves/ForceSection.h): what the riders feel at their heartline
    add("normalG", tr("Normal force"), -10, 10, 1, 3, " g");
    add("lateralG", tr("Lateral force (+ left)"), -10, 10, 0, 3, " g");
    add("rollRate", tr("Roll rate"), -3600, 3600, 0, 2, QString::fromUtf8(" °/s"));
    add("heartline", tr("Heartline above rails"), 0, 10, 1.1, 3, " m");
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
    mode("force", tr("Force Section"), QKeySequence(Qt::ALT | Qt::Key_8), Mode::Append, PieceKind::Force);
    mode("join", tr("Join Two Ends"), QKeySequence(Qt::ALT | Qt::Key_J), Mode::Join, PieceKind::Straight);
    mode("signal", tr("Signal"), QKeySequence(Qt::ALT | Qt::Key_9), Mode::Signal, PieceKind::Straight);
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
    connect(make("buffer-stop", tr("Add Buffer Stop"), QKeySequence(Qt::Key_B), true), &QAction::triggered,
            this, [this, report] { report(bufferStopOnSelectedTrack(true)); });
    action("buffer-stop")
        ->setStatusTip(tr("A friction buffer stop (400 kN over 3 m) at the free end of the selected track "
                          "nearer the click"));
    connect(make("buffer-stop-delete", tr("Delete Buffer Stop"), QKeySequence(Qt::SHIFT | Qt::Key_B), true),
            &QAction::triggered, this, [this, report] { report(bufferStopOnSelectedTrack(false)); });
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
    for (const char* t : {"line", "arc", "clothoid", "spline", "quintic"}) {
        QAction* a = types->addAction(pieceIcon("type"), QString(t));
        a->setObjectName(QString("track-type-") + t);
        a->setStatusTip(tr("Change the selected track's curve to a %1").arg(t));
        connect(a, &QAction::triggered, this, [this, report, t] { report(changeSelectedTrackType(t)); });
    }
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
                         : mode == Mode::Signal   ? "signal"
                         : mode == Mode::Select   ? QString()
                         : kind == design::PieceKind::Arc
                             ? (m_side->currentIndex() == 0 ? "arc-left" : "arc-right")
                             : QString(design::pieceName(kind));
    for (const auto& [n, a] : m_actions)
        if (a->isCheckable()) a->setChecked(n == name);
    static const char* hints[] = {
        "", "Click the start, then the direction and length (or type a length, Enter).",
        "Click in the view or press Enter to add the piece; type a value + Enter.",
        "Click two free ends to join them.",
        "Click a track to place a signal; click a signal to select it, drag it along "
        "its track, Delete removes it."};
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
    p.normalG = field("normalG")->value();
    p.lateralG = field("lateralG")->value();
    p.rollRate = field("rollRate")->value() * kDeg;
    p.heartline = field("heartline")->value();
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

} // namespace tl::ui
