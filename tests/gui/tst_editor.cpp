// The layout editor driven like a user: real mouse and keyboard events on the real window under Xvfb,
// checked on the document (exact numbers) and on the rendered pixels.
#include "GuiTestUtil.h"

#include "core/curves/Spline.h"
#include "core/io/SaveFile.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutFile.h"
#include "render/OsgConvert.h"
#include "render/scene/LayoutScene.h"
#include "ui/commands/EditLayout.h"
#include "ui/document/Document.h"
#include "ui/document/FileManager.h"
#include "ui/document/RecoveryStore.h"
#include "ui/edit/EditController.h"
#include "ui/panels/PropertyPanel.h"
#include "ui/panels/TwistEditor.h"
#include "ui/sim/TelemetryHistory.h"
#include "ui/view/GlFormat.h"

#include <QChart>
#include <QDoubleSpinBox>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QTemporaryDir>

using tl::ui::MainWindow;
using namespace guitest;

namespace {
// World position of a point on the plane z = z0 under widget pixel p (what a ground-plane drag targets).
tl::Vec3 groundPointUnder(tl::ui::OsgViewWidget* v, QPointF p, double z0) {
    const auto [a, b] = v->rayThrough(p.x(), p.y());
    const double t = (z0 - a.z()) / (b.z() - a.z());
    const osg::Vec3d q = a + (b - a) * t;
    return {q.x(), q.y(), q.z()};
}

tl::Pose curveToWorld(const tl::Layout& layout, int track) {
    const tl::Track& t = layout.track(std::size_t(track));
    return layout.initialBodyPose(t.body()) * t.placement();
}
} // namespace

class TstEditor : public QObject {
    Q_OBJECT
public:
    static void initMain() { guitest::initGuiTest(); }

private slots:
    void init() { QDir(tl::ui::RecoveryStore::directory()).removeRecursively(); }
    void dragControlPoint_data();
    void dragControlPoint();
    void doubleClickInsertsPointDeleteRemovesIt();
    void twistKeyDragChangesBank();
    void badFilesLeaveDocumentUnchanged_data();
    void badFilesLeaveDocumentUnchanged();
    void saveReopenRoundTrip();
    void versionOneSavesAsVersionTwo();
    void failedSaveKeepsOldFile();
    void autosaveIsRecovered();
    void propertyFieldEditsCurve();
    void extendAndConnectFreeEnds();
    void unitsChangeWhatIsShown();

private:
    // Open the demo, select the hill's control point k and frame it; returns its widget position.
    QPointF prepareHillPoint(MainWindow& w, int k, int& track);
};

QPointF TstEditor::prepareHillPoint(MainWindow& w, int k, int& track) {
    track = w.document()->layout()->trackIndex("hill");
    w.editor()->select(track, k);
    w.frameSelected();
    viewImage(w);
    const tl::Vec3 p = w.scene()->handlePosition(track, k);
    return w.view()->project(tl::render::toOsg(p));
}

void TstEditor::dragControlPoint_data() {
    QTest::addColumn<int>("modifiers");
    QTest::newRow("ground plane") << int(Qt::NoModifier);
    QTest::newRow("ctrl snaps to the 1 m grid") << int(Qt::ControlModifier);
    QTest::newRow("shift drags vertically") << int(Qt::ShiftModifier);
}

void TstEditor::dragControlPoint() {
    QFETCH(int, modifiers);
    const auto mods = Qt::KeyboardModifiers(modifiers);
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    int track = -1;
    const int k = 3;
    const QPointF at = prepareHillPoint(w, k, track);
    QVERIFY(track >= 0);
    tl::ui::OsgViewWidget* v = w.view();
    const osg::Vec2d win = v->toOsgWindow(at.x(), at.y());
    const tl::render::PickHit hit = w.scene()->pick(*v->viewer(), win.x(), win.y());
    QCOMPARE(int(hit.kind), int(tl::render::PickHit::ControlPoint));
    QCOMPARE(hit.track, track);
    QCOMPARE(hit.point, k);

    const tl::LayoutSpec original = w.document()->spec();
    const tl::Vec3 before = curveToWorld(*w.document()->layout(), track) *
                            original.tracks[std::size_t(track)].curve.points[k].position;
    const QImage imgBefore = viewImage(w);
    const int undoBefore = w.document()->undoStack()->count();
    const QPoint from = at.toPoint();
    const QPoint to = mods & Qt::ShiftModifier ? from + QPoint(0, -60) : from + QPoint(70, 30);
    drag(v, from, to, mods);

    const tl::Vec3 after = curveToWorld(*w.document()->layout(), track) *
                           w.document()->spec().tracks[std::size_t(track)].curve.points[k].position;
    qInfo() << "point moved from" << before.x() << before.y() << before.z() << "to" << after.x() << after.y()
            << after.z();
    QCOMPARE(w.document()->undoStack()->count(), undoBefore + 1); // the whole drag is one undo step
    QVERIFY(w.document()->isModified());
    if (mods & Qt::ShiftModifier) {
        QVERIFY2(after.z() - before.z() > 0.5, "a Shift drag upwards must raise the point");
    } else {
        // on the horizontal plane through the point, moved as far as the mouse moved on that plane: the
        // point keeps its offset from the mouse (no jump when the drag begins; snapped with Ctrl)
        tl::Vec3 expected =
            groundPointUnder(v, to, before.z()) + (before - groundPointUnder(v, from, before.z()));
        if (mods & Qt::ControlModifier)
            expected = tl::Vec3(std::round(expected.x()), std::round(expected.y()), expected.z());
        QVERIFY2((after - expected).norm() < 1e-6,
                 qPrintable(QString("off by %1 m").arg((after - expected).norm())));
        QVERIFY((after - before).norm() > 1.0);
        QCOMPARE(after.z(), before.z());
    }
    const QImage imgAfter = viewImage(w);
    const int changed = differingPixels(imgBefore, imgAfter);
    qInfo() << "pixels changed by the drag:" << changed;
    QVERIFY(changed > 200);

    QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier); // Edit > Undo by its shortcut
    QVERIFY(w.document()->spec() == original);
    QVERIFY(!w.document()->isModified());
    QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier); // Redo
    QVERIFY(!(w.document()->spec() == original));
}

void TstEditor::doubleClickInsertsPointDeleteRemovesIt() {
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    int track = -1;
    prepareHillPoint(w, 2, track);
    const auto& pts = [&] { return w.document()->spec().tracks[std::size_t(track)].curve.points; };
    const std::size_t count = pts().size();
    // double-click on the track half way between points 2 and 3
    const tl::Layout& layout = *w.document()->layout();
    const auto* spline = dynamic_cast<const tl::Spline*>(&layout.track(std::size_t(track)).curve());
    QVERIFY(spline);
    const double s = 0.5 * (spline->pointArcLength(2) + spline->pointArcLength(3));
    const tl::Vec3 onTrack = layout.frameInWorld(std::size_t(track), s).F.P;
    const QPoint at = w.view()->project(tl::render::toOsg(onTrack)).toPoint();
    QTest::mouseDClick(w.view(), Qt::LeftButton, Qt::NoModifier, at);
    QCOMPARE(pts().size(), count + 1);
    QCOMPARE(w.editor()->selectedPoint(), 3);
    // the new point lies on the old curve at about s (within the pick's offset of the rail top, 0.2 m)
    const tl::Vec3 inserted = curveToWorld(*w.document()->layout(), track) * pts()[3].position;
    qInfo() << "inserted at" << inserted.x() << inserted.y() << inserted.z() << "distance to the picked place"
            << (inserted - onTrack).norm();
    QVERIFY((inserted - onTrack).norm() < 1.0);
    w.view()->setFocus();
    QTest::keyClick(&w, Qt::Key_Delete);
    QCOMPARE(pts().size(), count);
}

void TstEditor::twistKeyDragChangesBank() {
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    const int track = w.document()->layout()->trackIndex("c3");
    QVERIFY(track >= 0);
    w.editor()->select(track, -1);
    w.frameSelected();
    tl::ui::TwistEditor* te = w.twistEditor();
    QCOMPARE(te->track(), track);
    QTRY_VERIFY(te->twistCurve().size() > 100);
    const double L = w.document()->layout()->track(std::size_t(track)).length();
    const double sKey = 0.5 * L;
    const double wt0 = w.document()->layout()->track(std::size_t(track)).curveFrame(sKey).wt;

    // double-click on the twist curve adds a key there (cant + keys), leaving wt unchanged; the demo is a
    // railway: the chart shows the cant's size |E| = 1500 mm |sin(bank)| (c3 turns left: its right rail is
    // raised, E < 0, and a drag up raises it further)
    QChart* chart = te->chartView()->chart();
    auto mm = [](double bank) { return std::abs(1500.0 * std::sin(bank)); };
    QVERIFY(wt0 < 0);
    const QPointF onCurve = te->chartView()->mapFromScene(chart->mapToPosition(QPointF(sKey, mm(wt0))));
    QTest::mouseDClick(te->chartView()->viewport(), Qt::LeftButton, Qt::NoModifier, onCurve.toPoint());
    QCOMPARE(te->keyCount(), 1);
    QCOMPARE(QString::fromStdString(w.document()->spec().tracks[std::size_t(track)].twist->type),
             QString("sum"));
    const double sAdded = w.document()->spec().tracks[std::size_t(track)].twist->of.back().keys[0].first;
    QVERIFY(std::abs(sAdded - sKey) < L / 100);
    // the key was added at the curve's own value (to the click's pixel resolution): the bank barely moves
    const double wtAdded = w.document()->layout()->track(std::size_t(track)).curveFrame(sKey).wt;
    qInfo() << "wt(L/2) before/after adding the key" << wt0 * 180 / M_PI << wtAdded * 180 / M_PI << "deg";
    QVERIFY(std::abs(wtAdded - wt0) * 180 / M_PI < 0.3);

    const QImage bankBefore = viewImage(w);
    const int undoBefore = w.document()->undoStack()->count();
    // drag the key 50 px up: the key's cant becomes the cant under the mouse
    const QPoint from = te->keyPosition(0).toPoint();
    const QPoint to = from + QPoint(0, -50);
    const double mmBefore = chart->mapToValue(te->chartView()->mapToScene(from)).y();
    const double mmAfter = chart->mapToValue(te->chartView()->mapToScene(to)).y();
    drag(te->chartView()->viewport(), from, to);
    QCOMPARE(w.document()->undoStack()->count(), undoBefore + 1);
    const double keyAngle = w.document()->spec().tracks[std::size_t(track)].twist->of.back().keys[0].second;
    const double wt1 = w.document()->layout()->track(std::size_t(track)).curveFrame(sKey).wt;
    const double wtStart = wtAdded;
    qInfo() << "key angle" << keyAngle * 180 / M_PI << "deg; cant(L/2)" << mm(wt0) << "->" << mm(wt1)
            << "mm; chart delta" << mmAfter - mmBefore << "mm";
    // the cant rises by what the mouse moved on the chart's axis (to 1 % + 0.2 mm)
    QVERIFY(std::abs((mm(wt1) - mm(wtStart)) - (mmAfter - mmBefore)) <
            0.01 * std::abs(mmAfter - mmBefore) + 0.2);
    QVERIFY(std::abs(mmAfter - mmBefore) > 10);
    QVERIFY(wt1 < wt0); // still the right rail, raised more
    const QImage bankAfter = viewImage(w);
    const int changed = differingPixels(bankBefore, bankAfter);
    qInfo() << "pixels changed by the bank edit:" << changed;
    QVERIFY(changed > 100);
}

void TstEditor::badFilesLeaveDocumentUnchanged_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("where");
    QTest::newRow("not JSON") << "not_json.json"
                              << "not JSON";
    QTest::newRow("negative radius") << "bad_radius.json"
                                     << "/tracks/1/curve/radius";
    QTest::newRow("unknown track") << "unknown_track.json"
                                   << "/connections/0/b";
    QTest::newRow("spline with one point") << "short_spline.json"
                                           << "/tracks/0/curve/points";
    QTest::newRow("wrong format") << "wrong_format.json"
                                  << "/format";
    QTest::newRow("missing file") << "does_not_exist.json"
                                  << "does_not_exist.json";
}

void TstEditor::badFilesLeaveDocumentUnchanged() {
    QFETCH(QString, file);
    QFETCH(QString, where);
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    const tl::LayoutSpec before = w.document()->spec();
    const QString path = dataPath("tests/data/gui/" + file);
    QVERIFY(!w.files()->open(path));
    qInfo() << w.lastMessage();
    QVERIFY2(w.lastMessage().contains(file) && w.lastMessage().contains(where), qPrintable(w.lastMessage()));
    QVERIFY(w.document()->spec() == before);
    QVERIFY(!w.document()->isModified());
    QTRY_VERIFY(!w.findChildren<QMessageBox*>().isEmpty()); // the user sees the message
}

void TstEditor::saveReopenRoundTrip() {
    QTemporaryDir dir;
    const QString path = dir.filePath("edited.json");
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    int track = -1;
    const QPoint at = prepareHillPoint(w, 2, track).toPoint();
    drag(w.view(), at, at + QPoint(40, 0));
    QVERIFY(w.isWindowModified());
    QVERIFY(w.files()->saveAs(path));
    QVERIFY(!w.isWindowModified());
    QVERIFY(w.windowTitle().contains("edited.json"));
    MainWindow w2;
    QVERIFY(w2.files()->open(path));
    QVERIFY(w2.document()->spec() == w.document()->spec());
    QVERIFY(w2.files()->recentFiles().first().endsWith("edited.json"));
}

// A version-1 file (docs/layout-format.md, "Versions"): saved unchanged it keeps its bytes; the first save
// after an edit writes version 2 with "frame": "frenet" where version 1 left it implicit, and the status bar
// says so; reopened, it means what it meant.
void TstEditor::versionOneSavesAsVersionTwo() {
    QTemporaryDir dir;
    const QString path = dir.filePath("old.json");
    const QByteArray v1 = R"({"format": "tracklab-layout", "version": 1,
 "tracks": [{"id": "A", "curve": {"type": "line", "length": 80}},
            {"id": "B", "curve": {"type": "arc", "radius": 200, "angle": 0.4}, "placement": {"after": ["A", "end"]},
             "twist": {"type": "constant", "angle": -0.05}}],
 "connections": [{"a": ["A", "end"], "b": ["B", "start"]}]}
)";
    auto write = [&](const QByteArray& text) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(text);
    };
    auto read = [&] {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    };
    write(v1);
    MainWindow w;
    QVERIFY(w.files()->open(path));
    QVERIFY(showAndWait(w));
    const tl::TwistedFrame before = w.document()->layout()->frameInWorld(1, 30.0);
    QTest::keyClick(&w, Qt::Key_S, Qt::ControlModifier); // unchanged: the same bytes, still version 1
    QCOMPARE(read(), v1);
    QVERIFY(!w.statusBar()->currentMessage().contains("version"));

    w.editor()->select(1, -1);
    QTest::keyClick(&w, Qt::Key_E, Qt::ControlModifier); // Edit > Extend Track From Free End
    QCOMPARE(w.document()->spec().tracks.size(), std::size_t(3));
    QTest::keyClick(&w, Qt::Key_S, Qt::ControlModifier);
    QTRY_VERIFY(!w.isWindowModified());
    const QString status = w.statusBar()->currentMessage();
    QVERIFY2(status.contains("version 2") && status.contains("2 tracks") && status.contains("\"frenet\""),
             qPrintable(status));
    const tl::Json saved = tl::Json::parse(read().toStdString());
    QCOMPARE(saved["version"].get<int>(), 2);
    QCOMPARE(saved["tracks"][0]["frame"].get<std::string>(), std::string("frenet"));
    QCOMPARE(saved["tracks"][1]["frame"].get<std::string>(), std::string("frenet"));
    QCOMPARE(saved["tracks"][2]["frame"].get<std::string>(),
             std::string("up")); // the new spline names its frame

    // reopened: version 2, the same frames, the same geometry
    MainWindow w2;
    QVERIFY(w2.files()->open(path));
    QCOMPARE(w2.document()->spec().version, 2);
    QVERIFY(w2.document()->spec() == w.document()->spec());
    const tl::TwistedFrame after = w2.document()->layout()->frameInWorld(1, 30.0);
    QVERIFY((after.wB - before.wB).norm() < 1e-12 && (after.F.P - before.F.P).norm() < 1e-12);
}

void TstEditor::failedSaveKeepsOldFile() {
    QTemporaryDir dir;
    const QString path = dir.filePath("keep.json");
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    QVERIFY(w.files()->saveAs(path));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray old = f.readAll();
    f.close();
    // a directory where the file should go
    QVERIFY(!w.files()->saveAs(dir.path()));
    QVERIFY(!w.lastMessage().isEmpty());
    QVERIFY(!w.files()->saveAs(dir.filePath("missing/dir/x.json")));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), old);
    f.close();

    // A full disk (docs/user-guide.md, "Files, settings and the command line"): edit with the mouse, Ctrl+S
    // while every write fails with ENOSPC. The old file stays byte-identical, a message box names the file
    // and the reason, the document stays unsaved.
    QVERIFY(w.files()->open(path));
    QVERIFY(showAndWait(w));
    int track = -1;
    const QPoint at = prepareHillPoint(w, 2, track).toPoint();
    drag(w.view(), at, at + QPoint(30, 0));
    QVERIFY(w.isWindowModified());
    for (auto* b : w.findChildren<QMessageBox*>())
        delete b;
    tl::setSaveWriteFunctionForTesting([](int, const void*, size_t) -> ssize_t {
        errno = ENOSPC;
        return -1;
    });
    QTest::keyClick(&w, Qt::Key_S, Qt::ControlModifier);
    tl::setSaveWriteFunctionForTesting(nullptr);
    QTRY_VERIFY(!w.findChildren<QMessageBox*>().isEmpty());
    const QString shown = w.findChildren<QMessageBox*>().first()->text();
    QVERIFY2(shown.contains("keep.json") && shown.contains("No space left on device"), qPrintable(shown));
    QVERIFY(w.isWindowModified());
    QVERIFY(w.document()->isModified());
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), old);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1); // no temporary file left
    for (auto* b : w.findChildren<QMessageBox*>())
        delete b;
    QTest::keyClick(&w, Qt::Key_S, Qt::ControlModifier); // space again: it saves
    QTRY_VERIFY(!w.isWindowModified());
    QCOMPARE(tl::loadLayoutSpec(path.toStdString()), w.document()->spec());
}

void TstEditor::autosaveIsRecovered() {
    tl::LayoutSpec edited;
    {
        MainWindow w;
        QVERIFY(w.files()->openDemo());
        QVERIFY(showAndWait(w));
        int track = -1;
        const QPoint at = prepareHillPoint(w, 1, track).toPoint();
        drag(w.view(), at, at + QPoint(0, 30));
        QVERIFY(w.document()->isModified());
        w.files()->setAutosaveInterval(200);
        QVERIFY(!w.files()->hasRecovery()); // its own autosave is not an orphan while it runs
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(w.files()->recoveryPath()), 3000);
        QVERIFY(!w.files()->hasRecovery());
        edited = w.document()->spec();
        w.document()->undoStack()->setClean(); // "crash": leave without the unsaved-changes question
        w.hide();
    } // the window is gone, the recovery file stays (tst_crash_recovery does this with a real kill -9)
    MainWindow w;
    QVERIFY(w.files()->hasRecovery());
    QString asked;
    w.files()->setRecoveryQuestion([&](const QString& q) {
        asked = q;
        return true;
    });
    QVERIFY(w.files()->offerRecovery());
    QVERIFY(asked.contains("untitled"));
    const QString own = w.files()->recoveryPath(); // adopted: this window's now
    QVERIFY(w.document()->spec() == edited);
    QVERIFY(w.document()->isModified());
    w.files()->discardRecovery();
    QVERIFY(!w.files()->hasRecovery());
    QVERIFY(!own.isEmpty() && !QFileInfo::exists(own));
}

void TstEditor::propertyFieldEditsCurve() {
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    const int c3 = w.document()->layout()->trackIndex("c3");
    w.editor()->select(c3, -1);
    QDoubleSpinBox* radius = nullptr;
    QTRY_VERIFY((radius = w.properties()->findChild<QDoubleSpinBox*>("field:curve.radius")) != nullptr);
    const double angle = w.document()->spec().tracks[std::size_t(c3)].curve.params.at("angle");
    const int undoBefore = w.document()->undoStack()->count();
    // type a new radius like a user: select the field's text, type, Enter
    radius->setFocus();
    QTest::keyClick(radius, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(radius, "150");
    QTest::keyClick(radius, Qt::Key_Return);
    QCOMPARE(w.document()->spec().tracks[std::size_t(c3)].curve.params.at("radius"), 150.0);
    QCOMPARE(w.document()->undoStack()->count(), undoBefore + 1);
    // the compiled track follows: arc length = R * angle exactly
    QVERIFY(std::abs(w.document()->layout()->track(std::size_t(c3)).length() - 150.0 * angle) < 1e-9);
    QVERIFY(w.document()->compileError().isEmpty());
    w.document()->undoStack()->undo();
    QCOMPARE(w.document()->spec().tracks[std::size_t(c3)].curve.params.at("radius"), 120.0);
}

void TstEditor::extendAndConnectFreeEnds() {
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    const int siding = w.document()->layout()->trackIndex("siding"); // a dead end
    w.editor()->select(siding, -1);
    const std::size_t tracks = w.document()->spec().tracks.size(),
                      joints = w.document()->spec().connections.size();
    QTest::keyClick(&w, Qt::Key_E, Qt::ControlModifier); // Edit > Extend Track From Free End
    QCOMPARE(w.document()->spec().tracks.size(), tracks + 1);
    QCOMPARE(w.document()->spec().connections.size(), joints + 1);
    // the new track continues the siding: no gap, no kink (validated joint)
    const auto keep = w.document()->layout(); // later edits replace the document's layout
    const tl::Layout& layout = *keep;
    const int added = int(tracks);
    const double gap =
        (layout.frameInWorld(std::size_t(added), 0).F.P -
         layout.frameInWorld(std::size_t(siding), layout.track(std::size_t(siding)).length()).F.P)
            .norm();
    const double kink = std::acos(std::min(
        1.0,
        layout.frameInWorld(std::size_t(added), 0)
            .F.T.dot(
                layout.frameInWorld(std::size_t(siding), layout.track(std::size_t(siding)).length()).F.T)));
    qInfo() << "new track" << QString::fromStdString(layout.track(std::size_t(added)).id()) << "gap" << gap
            << "m, kink" << kink << "rad";
    QVERIFY(gap < 1e-9 && kink < 1e-9);
    QCOMPARE(int(w.scene()->validation().count(tl::Severity::Error)), 0);
    // drop that connection, then Edit > Connect Nearest Free Ends joins the two ends again
    tl::LayoutSpec spec = w.document()->spec();
    spec.connections.pop_back();
    w.document()->undoStack()->push(new tl::ui::EditLayout(w.document(), spec, "drop"));
    QCOMPARE(w.document()->spec().connections.size(), joints);
    w.editor()->select(siding, -1);
    QTest::keyClick(&w, Qt::Key_J, Qt::ControlModifier);
    QCOMPARE(w.document()->spec().connections.size(), joints + 1);
    const tl::ConnectionSpec& c = w.document()->spec().connections.back();
    QCOMPARE(QString::fromStdString(c.a.track), QString("siding"));
    QCOMPARE(QString::fromStdString(c.b.track),
             QString::fromStdString(layout.track(std::size_t(added)).id()));
}

void TstEditor::unitsChangeWhatIsShown() {
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    const int c3 = w.document()->layout()->trackIndex("c3");
    w.editor()->select(c3, -1);
    const double design = w.document()->spec().tracks[std::size_t(c3)].twist->params.at("designSpeed"); // m/s
    const tl::LayoutSpec before = w.document()->spec();
    auto field = [&](const char* name) {
        QDoubleSpinBox* f = nullptr;
        QTest::qWaitFor([&] { return (f = w.properties()->findChild<QDoubleSpinBox*>(name)) != nullptr; });
        return f;
    };
    auto unitAction = [&](const QString& text) {
        for (QAction* a : w.findChildren<QAction*>())
            if (a->text() == text) return a;
        return static_cast<QAction*>(nullptr);
    };
    QVERIFY(field("field:twist.-1.designSpeed"));
    QCOMPARE(field("field:twist.-1.designSpeed")->value(),
             std::round(design * 3.6 * 10) / 10); // km/h, 1 decimal
    unitAction("Speeds in m/s")->trigger();
    unitAction("Angles in radians")->trigger();
    QTest::qWait(50);
    QCOMPARE(field("field:twist.-1.designSpeed")->value(), std::round(design * 10) / 10);
    QVERIFY(field("field:twist.-1.designSpeed")->suffix().contains("m/s"));
    // the demo is a railway: its cant stays in mm over 1500 mm whatever the angle unit
    const double maxAngle = w.document()->spec().tracks[std::size_t(c3)].twist->params.at("maxAngle");
    QCOMPARE(field("field:twist.-1.maxAngle")->value(), std::round(1500 * std::sin(maxAngle) * 10) / 10);
    QCOMPARE(field("field:twist.-1.maxAngle")->suffix(), QString(" mm"));
    QCOMPARE(QSettings().value("units/speed").toString(), QString("m/s"));
    // the plots follow: speed channel named and scaled in m/s
    QCOMPARE(tl::ui::channelName(tl::Channel::Speed), QString("speed [m/s]"));
    QCOMPARE(tl::ui::channelScale(tl::Channel::Speed), 1.0);
    unitAction("Speeds in km/h")->trigger();
    unitAction("Angles in degrees")->trigger();
    QTest::qWait(50);
    QVERIFY(field("field:twist.-1.designSpeed")->suffix().contains("km/h"));
    QVERIFY(w.document()->spec() == before); // display only: nothing was edited
    QVERIFY(!w.document()->isModified());
}

QTEST_MAIN(TstEditor)
#include "tst_editor.moc"
