// Building a layout from nothing in the GUI with real mouse and key events: File > New, place a first
// straight, append transitions, arcs and slopes by palette shortcuts and typed values, close the loop
// with the join tool, put a siding on a switch, check validation, save through File > Save As and reopen
// through File > Open (Qt's own file dialogs: the name typed, the button clicked), add a train and run it
// once round the loop without derailing. The number of user actions is counted and printed.
#include "GuiTestUtil.h"
#include "core/layout/LayoutFile.h"
#include "core/layout/LayoutValidation.h"
#include "render/OsgConvert.h"
#include "ui/document/Document.h"
#include "ui/document/FileManager.h"
#include "ui/edit/EditController.h"
#include "ui/sim/SimulationController.h"
#include "ui/tools/DesignTools.h"

#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QTemporaryDir>

using tl::ui::MainWindow;
using namespace guitest;

class TstDesignGui : public QObject {
    Q_OBJECT
public:
    static void initMain() {
        guitest::initGuiTest();
        QCoreApplication::setAttribute(Qt::AA_DontUseNativeDialogs); // Qt's QFileDialog, drivable by keys
    }

private slots:
    void buildLoopFromNothing();

private:
    int m_actions = 0; // user actions: key presses (a typed value counts per key) and clicks
    void key(QWidget* w, Qt::Key k, Qt::KeyboardModifiers m = Qt::NoModifier) {
        QTest::keyClick(w, k, m);
        ++m_actions;
    }
    void type(QWidget* w, const QString& text) {
        QTest::keyClicks(w, text);
        m_actions += int(text.size());
    }
    void click(QWidget* w, QPoint p) {
        QTest::mouseClick(w, Qt::LeftButton, Qt::NoModifier, p);
        ++m_actions;
    }
};

void TstDesignGui::buildLoopFromNothing() {
    QTemporaryDir dir;
    const QString path = dir.filePath("loop.json");
    MainWindow w;
    QVERIFY(showAndWait(w));
    tl::ui::OsgViewWidget* v = w.view();
    tl::ui::DesignTools* tools = w.design();
    key(&w, Qt::Key_N, Qt::ControlModifier); // File > New
    QCOMPARE(int(w.document()->spec().tracks.size()), 0);
    viewImage(w);
    auto screen = [&](double x, double y) { return v->project(osg::Vec3d(x, y, 0)).toPoint(); };

    // the first straight: click its start, point the mouse east, type its length
    key(v, Qt::Key_0, Qt::AltModifier);
    QCOMPARE(int(tools->mode()), int(tl::ui::DesignTools::Mode::PlaceFirst));
    click(v, screen(0, 0));
    QTest::mouseMove(v, screen(100, 0));
    QTRY_VERIFY(tools->previewPointCount() == 2); // the piece under the mouse is shown
    type(v, "200");
    key(v, Qt::Key_Return);
    QCOMPARE(int(w.document()->spec().tracks.size()), 1);
    QCOMPARE(w.document()->undoStack()->undoText(), QString("Place track T1 (straight 200 m)"));

    // half a turn left: transition to R 150, arc of 141.8 deg, transition back to straight
    auto piece = [&](Qt::Key k, const QString& value) {
        key(v, k, Qt::AltModifier);
        if (!value.isEmpty()) type(v, value);
        key(v, Qt::Key_Return);
    };
    piece(Qt::Key_4, "150");
    QCOMPARE(w.document()->undoStack()->undoText(), QString("Append transition 100 m to R 150 m to T1"));
    QDoubleSpinBox* angle = tools->field("angle");
    click(angle, QPoint(10, angle->height() / 2));
    key(angle, Qt::Key_A, Qt::ControlModifier);
    type(angle, "141.8");
    key(angle, Qt::Key_Return);
    QCOMPARE(angle->value(), 141.8);
    key(v, Qt::Key_2, Qt::AltModifier); // the arc: R 150 m from the transition, 141.8 deg,
    click(v, QPoint(5, 5));             // added by a click in the view away from the tracks
    piece(Qt::Key_4, "0");              // transition to straight
    // westward: up 2 %, 100 m, down to -2 %, 100 m, level again
    piece(Qt::Key_5, "2");
    piece(Qt::Key_1, "100");
    const std::string westId = w.document()->spec().tracks.back().id; // 100 m at +2 %
    piece(Qt::Key_5, "-2");
    piece(Qt::Key_1, "100");
    piece(Qt::Key_5, "0");
    // the second half turn
    piece(Qt::Key_4, "150");
    piece(Qt::Key_2, "");
    piece(Qt::Key_4, "0");
    const int beforeJoin = int(w.document()->spec().tracks.size());
    if (const QString keep = qEnvironmentVariable("TRACKLAB_KEEP_DESIGNED"); !keep.isEmpty()) {
        // the docs' picture of the loop before the join (KEEP.json -> KEEP-before-join.json)
        QString before = keep;
        before.insert(keep.endsWith(".json") ? keep.size() - 5 : keep.size(), "-before-join");
        tl::saveLayoutSpec(w.document()->spec(), before.toStdString());
    }
    // close the loop: the join tool from the selected free end to the nearest one (T1's start)
    key(v, Qt::Key_J);
    QVERIFY(int(w.document()->spec().tracks.size()) > beforeJoin); // a quintic, or clothoid-arc-clothoid
    qInfo() << w.document()->undoStack()->undoText();
    QVERIFY2(w.document()->undoStack()->undoText().startsWith("Join T"),
             qPrintable(w.document()->undoStack()->undoText()));
    tl::ValidationReport report = tl::validateLayout(*w.document()->layout());
    qInfo().noquote() << QString::fromStdString(report.text());
    QCOMPARE(report.count(tl::Severity::Error), 0);
    QVERIFY(report.openEnds.empty());

    // a siding: click on the first straight at about 120 m, insert a switch there, add 60 m to the branch
    key(v, Qt::Key_Escape);
    viewImage(w);
    click(v, screen(120, 0));
    QCOMPARE(w.editor()->selectedTrack(), w.document()->layout()->trackIndex("T1"));
    key(v, Qt::Key_I);
    QVERIFY2(w.document()->undoStack()->undoText().startsWith("Insert switch S1"),
             qPrintable(w.document()->undoStack()->undoText()));
    piece(Qt::Key_1, "60");
    key(v, Qt::Key_Escape);
    report = tl::validateLayout(*w.document()->layout());
    QCOMPARE(report.count(tl::Severity::Error), 0);
    QCOMPARE(int(w.document()->spec().switches.size()), 1);
    const int trackCount = int(w.document()->spec().tracks.size());
    qInfo() << "tracks:" << trackCount << "undo steps:" << w.document()->undoStack()->count();

    // save: File > Save As (Ctrl+Shift+S) opens in the working directory; "loop.json" typed, Save clicked
    QVERIFY(QDir::setCurrent(dir.path()));
    const tl::LayoutSpec designed = w.document()->spec();
    bool sawDialog = false;
    whenDialogShows<QFileDialog>([&](QFileDialog* d) {
        sawDialog = true;
        const int actions = acceptFileDialog(d, "loop.json");
        QVERIFY(actions > 0);
        m_actions += actions;
    });
    key(&w, Qt::Key_S, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(sawDialog);
    w.activateWindow(); // back from the dialog (a window manager does this): shortcuts need the window
    QVERIFY(QTest::qWaitForWindowActive(&w));
    QTRY_COMPARE(w.document()->filePath(), QFileInfo(path).absoluteFilePath());
    QVERIFY(!w.document()->isModified());
    if (const QString keep = qEnvironmentVariable("TRACKLAB_KEEP_DESIGNED"); !keep.isEmpty())
        QFile::copy(path, keep); // the docs' example (docs/building-a-layout.md screenshots)
    // reopen: File > Open (Ctrl+O) in the file's directory, "loop.json" typed, Open clicked; a fresh
    // document (empty undo stack) with the same layout, framed
    sawDialog = false;
    whenDialogShows<QFileDialog>([&](QFileDialog* d) {
        sawDialog = true;
        const int actions = acceptFileDialog(d, "loop.json");
        QVERIFY(actions > 0);
        m_actions += actions;
    });
    key(&w, Qt::Key_O, Qt::ControlModifier);
    QVERIFY(sawDialog);
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    QTRY_COMPARE(w.document()->undoStack()->count(), 0);
    QVERIFY(w.document()->spec() == designed);
    QVERIFY(tl::validateLayout(*w.document()->layout()).count(tl::Severity::Error) == 0);
    // a train on the west straight, head 60 m along it
    viewImage(w);
    const auto layout2 = w.document()->layout(); // kept: adding the train replaces the document's
    const tl::Layout& L = *layout2;
    const int west = L.trackIndex(designed.tracks[std::size_t(beforeJoin - 6)].id); // 100 m at +2 %
    const tl::Vec3 p = L.frameInWorld(std::size_t(west), 60.0).F.P;
    click(v, v->project(tl::render::toOsg(p)).toPoint());
    QCOMPARE(w.editor()->selectedTrack(), west);
    key(&w, Qt::Key_T, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(w.document()->spec().trains.is_array());
    tl::ui::SimulationController* sim = w.simulation();
    QTRY_VERIFY2(sim->simulation() && sim->simulation()->view().trainCount() == 1,
                 qPrintable(sim->lastError()));
    // one lap: the loop's length (the siding excluded)
    double loop = 0;
    for (const auto& t : L.tracks())
        loop += t.length();
    loop -= L.trackById(designed.tracks.back().id).length();
    loop -= L.trackById(designed.tracks[std::size_t(trackCount - 2)].id).length();
    // the new train stands with its brakes on (B5): release them (S, five notches), open the throttle one
    // notch (Q: P1), run; at 12 m/s close it (A) and coast the lap
    QCOMPARE(sim->simulation()->view().trainDrive(0).brake, 1.0);
    QCOMPARE(sim->simulation()->view().trainSpeed(0), 0.0);
    for (int k = 0; k < 5; ++k)
        key(v, Qt::Key_S);
    key(v, Qt::Key_Q);
    QCOMPARE(sim->simulation()->view().trainDrive(0).brake, 0.0);
    QCOMPARE(sim->simulation()->view().trainDrive(0).throttle, 0.2);
    sim->setRate(0.0);
    key(v, Qt::Key_Space); // run
    double travelled = 0, lastT = 0;
    bool coasting = false;
    QVERIFY(runUntil(
        sim,
        [&] {
            if (!coasting && sim->simulation()->view().trainSpeed(0) > 12.0) {
                key(v, Qt::Key_A);
                coasting = true;
            }
            const double t = sim->simulation()->time();
            travelled += std::abs(sim->simulation()->view().trainSpeed(0)) * (t - lastT);
            lastT = t;
            return travelled > loop + 50 || !sim->simulation()->view().derailments().empty();
        },
        600.0));           // simulated seconds, not the wall clock (a sanitizer build is slow)
    key(v, Qt::Key_Space); // pause
    qInfo() << "lap:" << loop << "m, travelled" << travelled << "m in" << lastT << "s, speed now"
            << sim->simulation()->view().trainSpeed(0) << "m/s";
    QVERIFY(sim->simulation()->view().derailments().empty());
    qInfo() << "user actions:" << m_actions;
    // saved and reopened: a layout made from File > New is format version 2 and names every track's frame
    // (docs/layout-format.md, "Versions"); it reopens as the same layout
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("designed.json");
        QVERIFY(w.files()->saveAs(path));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const tl::Json saved = tl::Json::parse(f.readAll().toStdString());
        QCOMPARE(saved["version"].get<int>(), 2);
        for (const auto& t : saved["tracks"])
            QVERIFY2(t.contains("frame"), t["id"].get<std::string>().c_str());
        MainWindow reopened;
        QVERIFY(reopened.files()->open(path));
        QVERIFY(reopened.document()->spec() == w.document()->spec());
    }
    if (const QString keep = qEnvironmentVariable("TRACKLAB_KEEP_DESIGNED"); !keep.isEmpty()) {
        // the docs' second example: the same loop with its train (KEEP.json -> KEEP-train.json)
        QString withTrain = keep;
        withTrain.insert(keep.endsWith(".json") ? keep.size() - 5 : keep.size(), "-train");
        QVERIFY(w.files()->saveAs(withTrain));
    }
}

QTEST_MAIN(TstDesignGui)
#include "tst_design_gui.moc"
