// Signals from an empty start to a file and back, through the real window with real mouse and key events
// (Xvfb; docs/user-guide.md, "Signals" and "Files, settings and the command line"):
// - File > New; the first straight (Alt+0: a click, the mouse pointed east, "400" Enter) and a second one
//   appended to it (Alt+1, "200" Enter); View > Frame All (Home); Track > Signal (Alt+9) and two clicks --
//   at 150 m of the first straight and 100 m of the second, places found by projecting the track through
//   the view's camera -- add block signals S1 and S2 there (within 3 m of the clicked places); a click on
//   S2's post selects it and its overlap is typed in the Properties panel (80 m).
// - File > Save As through Qt's own file dialog ("flow.json" typed, Save clicked) into a temporary folder:
//   the file read back with the project's reader (core/layout/LayoutFile.h) holds both signals as placed,
//   S2's overlap 80 m written and S1's left out (the default, 50 m).
// - File > New, then File > Open through the dialog: the same signals (operator==), an undo stack that starts
//   clean, S1's block from its place to S2 plus S2's 80 m overlap, two signal posts drawn 3 m right of their
//   places (render/track/SignalNodes.h), and the view's pixels round each head change when the signals'
//   nodes are hidden.
// - A full disk: S2's overlap typed again (120 m), File > Save (Ctrl+S) while every write fails with
//   ENOSPC (core/io/SaveFile.h's fault injection, as tst_editor's failedSaveKeepsOldFile does for a layout
//   without signals): the old file stays byte-identical, a message box names the file and the reason, the
//   document stays modified; with space again Ctrl+S writes the 120 m.
#include "GuiTestUtil.h"

#include "core/io/SaveFile.h"
#include "core/layout/LayoutFile.h"
#include "render/OsgConvert.h"
#include "render/scene/LayoutScene.h"
#include "render/track/SignalNodes.h"
#include "ui/document/Document.h"
#include "ui/document/FileManager.h"
#include "ui/tools/DesignTools.h"
#include "ui/tools/SignalTool.h"
#include "ui/view/OsgViewWidget.h"
#include "ui/window/MainDocks.h"

#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QMessageBox>
#include <QTemporaryDir>
#include <QUndoStack>

#include <osg/MatrixTransform>

#include <cerrno>
#include <cmath>
#include <memory>

using tl::ui::MainWindow;
using namespace guitest;

namespace {

constexpr double kFirstLength = 400.0;  // [m] the first straight, typed
constexpr double kSecondLength = 200.0; // [m] the straight appended to it, typed
constexpr double kClickS1 = 150.0;      // [m] where S1 is clicked, on the first straight
constexpr double kClickS2 = 100.0;      // [m] where S2 is clicked, on the second straight
constexpr double kOverlap = 80.0;       // [m] S2's overlap, typed in Properties
constexpr double kFullOverlap = 120.0;  // [m] S2's overlap typed before the full-disk save
constexpr double kPostSide = 3.0;       // [m] a post from the centre line (render/track/SignalNodes.h)
constexpr double kHeadHeight = 4.05;    // [m] a stop signal's head centre above the foot (3.5 m post + 0.55)

// Where track `id` at arc length s appears in the view.
QPoint trackPoint(MainWindow& w, const std::string& id, double s) {
    const auto L = w.document()->layout();
    const int t = L->trackIndex(id);
    return w.view()->project(tl::render::toOsg(L->frameInWorld(std::size_t(t), s).F.P)).toPoint();
}

// The drawn signal k's node (render/track/SignalNodes.h: one child per signal, its matrix at the post's
// foot).
const osg::MatrixTransform* signalNode(MainWindow& w, int k) {
    const osg::Group* root = w.scene()->signalNodes().root();
    if (unsigned(k) >= root->getNumChildren()) return nullptr;
    return dynamic_cast<const osg::MatrixTransform*>(root->getChild(unsigned(k)));
}

// Where drawn signal k's post appears, 2 m above its foot.
QPoint signalPost(MainWindow& w, int k) {
    const osg::MatrixTransform* node = signalNode(w, k);
    if (!node) return {};
    return w.view()->project(node->getMatrix().getTrans() + osg::Vec3d(0, 0, 2.0)).toPoint();
}

// A click where `at` says once the view has settled (a dock that opened resizes the view and the framing
// follows it: the place is found after that).
void click(MainWindow& w, const std::function<QPoint()>& at) {
    viewImage(w);
    QTest::mouseClick(w.view(), Qt::LeftButton, Qt::NoModifier, at());
}

void press(MainWindow& w, Qt::Key key, Qt::KeyboardModifiers mods = Qt::NoModifier) {
    w.view()->setFocus(); // the window's shortcuts (Alt+9: Signal, Home: Frame All) from the 3D view
    QTest::keyClick(w.view(), key, mods);
}

template <class T> T* field(MainWindow& w, const QString& name) {
    // the Properties dock rebuilds its fields after a change, deferred: let it, then wait for the field
    QTest::qWait(20);
    T* f = nullptr;
    (void)QTest::qWaitFor([&] { return (f = w.findChild<T*>(name)) != nullptr; }, 5000);
    return f;
}

// The overlap of signal k typed in the Properties panel (a click in the field, Ctrl+A, the value, Enter).
void typeOverlap(MainWindow& w, int k, double value) {
    QDockWidget* props = w.docks()->dock(tl::ui::MainDocks::Dock::Properties);
    props->show(); // (View menu: the first start hides it)
    props->raise();
    auto* overlap = field<QDoubleSpinBox>(w, QString("field:signal%1.overlap").arg(k));
    QVERIFY(overlap);
    QTest::mouseClick(overlap, Qt::LeftButton);
    QTest::keyClick(overlap, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(overlap, QString::number(value));
    QTest::keyClick(overlap, Qt::Key_Return);
}

// The file dialog that `key` opens (File > Save As, File > Open) gets `name` typed and its button clicked.
bool throughFileDialog(MainWindow& w, Qt::Key key, Qt::KeyboardModifiers mods, const QString& name) {
    bool shown = false, accepted = false;
    whenDialogShows<QFileDialog>([&](QFileDialog* d) {
        shown = true;
        accepted = acceptFileDialog(d, name) > 0;
    });
    QTest::keyClick(&w, key, mods);
    w.activateWindow(); // back from the dialog (a window manager does this): shortcuts need the window
    return shown && accepted && QTest::qWaitForWindowActive(&w);
}

double blockLength(const tl::Signal& g) {
    double length = 0;
    for (const tl::TrackSpan& s : g.block)
        length += s.s1 - s.s0;
    return length;
}

QByteArray fileBytes(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void closeMessageBoxes(MainWindow& w) {
    for (auto* b : w.findChildren<QMessageBox*>())
        delete b;
}

} // namespace

class TstSignalFlowGui : public QObject {
    Q_OBJECT
public:
    static void initMain() {
        guitest::initGuiTest();
        QCoreApplication::setAttribute(Qt::AA_DontUseNativeDialogs); // Qt's QFileDialog, drivable by keys
    }

private slots:
    void initTestCase();
    void buildLinePlaceTwoSignals();
    void saveAsWritesTheSignals();
    void newThenOpenGivesThemBack();
    void fullDiskKeepsTheSavedSignals();
    void cleanupTestCase();

private:
    QTemporaryDir m_dir;
    QString m_path; // m_dir/flow.json
    std::unique_ptr<MainWindow> m_w;
    std::string m_first, m_second;       // the two tracks' ids
    std::vector<tl::SignalSpec> m_saved; // the signals as saved
    tl::LayoutSpec m_savedSpec;          // the layout as saved
};

void TstSignalFlowGui::initTestCase() {
    QVERIFY(m_dir.isValid());
    m_path = QFileInfo(m_dir.filePath("flow.json")).absoluteFilePath();
    QVERIFY(QDir::setCurrent(m_dir.path())); // where the file dialogs open
    m_w = std::make_unique<MainWindow>();
    QVERIFY(showAndWait(*m_w));
}

void TstSignalFlowGui::cleanupTestCase() {
    m_w.reset();
}

void TstSignalFlowGui::buildLinePlaceTwoSignals() {
    MainWindow& w = *m_w;
    tl::ui::Document* doc = w.document();
    QUndoStack* undo = doc->undoStack();
    tl::ui::OsgViewWidget* v = w.view();
    tl::ui::DesignTools* tools = w.design();

    // File > New: nothing
    QTest::keyClick(&w, Qt::Key_N, Qt::ControlModifier);
    QCOMPARE(int(doc->spec().tracks.size()), 0);
    QVERIFY(doc->spec().signalSpecs.empty());
    QCOMPARE(w.scene()->signalNodes().count(), std::size_t(0));
    viewImage(w);
    auto screen = [&](double x, double y) { return v->project(osg::Vec3d(x, y, 0)).toPoint(); };

    // the first straight: Alt+0, a click at its start, the mouse east, its length typed
    press(w, Qt::Key_0, Qt::AltModifier);
    QCOMPARE(int(tools->mode()), int(tl::ui::DesignTools::Mode::PlaceFirst));
    QTest::mouseClick(v, Qt::LeftButton, Qt::NoModifier, screen(0, 0));
    QTest::mouseMove(v, screen(100, 0));
    QTRY_VERIFY(tools->previewPointCount() == 2); // the piece under the mouse is shown
    QTest::keyClicks(v, QString::number(kFirstLength));
    QTest::keyClick(v, Qt::Key_Return);
    QCOMPARE(int(doc->spec().tracks.size()), 1);
    m_first = doc->spec().tracks[0].id;
    QCOMPARE(undo->undoText(),
             QString("Place track %1 (straight 400 m)").arg(QString::fromStdString(m_first)));
    // a second straight at its end: Alt+1, its length typed
    press(w, Qt::Key_1, Qt::AltModifier);
    QTest::keyClicks(v, QString::number(kSecondLength));
    QTest::keyClick(v, Qt::Key_Return);
    QCOMPARE(int(doc->spec().tracks.size()), 2);
    m_second = doc->spec().tracks[1].id;
    QVERIFY2(undo->undoText().startsWith("Append "), qPrintable(undo->undoText()));
    QVERIFY2(doc->compileError().isEmpty(), qPrintable(doc->compileError()));
    {
        const auto L = doc->layout();
        const int a = L->trackIndex(m_first), b = L->trackIndex(m_second);
        QVERIFY(a >= 0 && b >= 0);
        QVERIFY(std::abs(L->track(std::size_t(a)).length() - kFirstLength) < 1e-6);
        QVERIFY(std::abs(L->track(std::size_t(b)).length() - kSecondLength) < 1e-6);
        // one straight line: the second starts where the first ends, going on the same way
        const tl::Vec3 end = L->frameInWorld(std::size_t(a), L->track(std::size_t(a)).length()).F.P;
        const tl::Vec3 start = L->frameInWorld(std::size_t(b), 0.0).F.P;
        QVERIFY((end - start).norm() < 1e-6);
        const tl::Vec3 far = L->frameInWorld(std::size_t(b), L->track(std::size_t(b)).length()).F.P;
        const tl::Vec3 origin = L->frameInWorld(std::size_t(a), 0.0).F.P;
        QVERIFY(std::abs((far - origin).norm() - (kFirstLength + kSecondLength)) < 1e-6);
        qInfo("the line: %.2f m from (%.2f, %.2f) to (%.2f, %.2f)", (far - origin).norm(), origin.x(),
              origin.y(), far.x(), far.y());
    }
    press(w, Qt::Key_Escape);
    press(w, Qt::Key_Home); // View > Frame All
    viewImage(w);

    // Track > Signal; two clicks on the line: S1 and S2, one undo step each, block signals facing along s
    press(w, Qt::Key_9, Qt::AltModifier);
    QVERIFY(tools->mode() == tl::ui::DesignTools::Mode::Signal);
    const int steps0 = undo->index();
    click(w, [&] { return trackPoint(w, m_first, kClickS1); });
    QCOMPARE(undo->index(), steps0 + 1);
    QVERIFY2(
        undo->undoText().startsWith(QString("Add signal S1 on %1 at ").arg(QString::fromStdString(m_first))),
        qPrintable(undo->undoText()));
    // (an open line: S1 alone is fine)
    QVERIFY2(doc->compileError().isEmpty(), qPrintable(doc->compileError()));
    click(w, [&] { return trackPoint(w, m_second, kClickS2); });
    QCOMPARE(undo->index(), steps0 + 2);
    QVERIFY2(
        undo->undoText().startsWith(QString("Add signal S2 on %1 at ").arg(QString::fromStdString(m_second))),
        qPrintable(undo->undoText()));
    const auto& specs = doc->spec().signalSpecs;
    QCOMPARE(specs.size(), std::size_t(2));
    const std::pair<std::string, double> clicked[] = {{m_first, kClickS1}, {m_second, kClickS2}};
    for (int k = 0; k < 2; ++k) {
        const tl::SignalSpec& g = specs[std::size_t(k)];
        qInfo("%s placed at %.2f m of %s (clicked at %.0f m)", g.id.c_str(), g.s, g.track.c_str(),
              clicked[k].second);
        QCOMPARE(g.id, std::string(k == 0 ? "S1" : "S2"));
        QCOMPARE(g.track, clicked[k].first);
        QVERIFY(std::abs(g.s - clicked[k].second) < 3.0);
        QCOMPARE(g.direction, 1);
        QVERIFY(g.kind == tl::SignalKind::Block);
        QVERIFY(!g.overlap); // (the default, 50 m)
    }
    QVERIFY(doc->compileError().isEmpty());
    QCOMPARE(w.scene()->signalNodes().count(), std::size_t(2));

    // a click on S2's post selects it; its overlap typed in Properties: one undo step
    click(w, [&] { return signalPost(w, 1); });
    QCOMPARE(w.design()->signalTool()->selected(), 1);
    QCOMPARE(undo->index(), steps0 + 2);
    typeOverlap(w, 1, kOverlap);
    QCOMPARE(undo->index(), steps0 + 3);
    QCOMPARE(doc->spec().signalSpecs[1].overlap.value_or(-1.0), kOverlap);
    QVERIFY(!doc->spec().signalSpecs[0].overlap);
    QCOMPARE(doc->layout()->signalList().at(1).overlap, kOverlap);
    QVERIFY(doc->isModified());
}

void TstSignalFlowGui::saveAsWritesTheSignals() {
    MainWindow& w = *m_w;
    tl::ui::Document* doc = w.document();
    QCOMPARE(doc->spec().signalSpecs.size(), std::size_t(2));
    const std::vector<tl::SignalSpec> edited = doc->spec().signalSpecs;

    // File > Save As (Ctrl+Shift+S): the dialog opens in the working directory, "flow.json" typed, Save
    QVERIFY(throughFileDialog(w, Qt::Key_S, Qt::ControlModifier | Qt::ShiftModifier, "flow.json"));
    QTRY_COMPARE(doc->filePath(), m_path);
    QVERIFY(!doc->isModified());
    QVERIFY(!w.isWindowModified());
    // (a save may raise the spec's format version: docs/layout-format.md, "Versions"; never its signals)
    m_savedSpec = doc->spec();
    m_saved = m_savedSpec.signalSpecs;
    QVERIFY(m_saved == edited);

    // the project's reader: the same signals, the values placed and typed
    const tl::LayoutSpec read = tl::loadLayoutSpec(m_path.toStdString());
    QVERIFY(read == m_savedSpec);
    QCOMPARE(read.signalSpecs.size(), std::size_t(2));
    QVERIFY(read.signalSpecs == m_saved);
    QCOMPARE(read.signalSpecs[0].id, std::string("S1"));
    QCOMPARE(read.signalSpecs[0].track, m_first);
    QVERIFY(std::abs(read.signalSpecs[0].s - kClickS1) < 3.0);
    QVERIFY(!read.signalSpecs[0].overlap);
    QCOMPARE(read.signalSpecs[1].id, std::string("S2"));
    QCOMPARE(read.signalSpecs[1].track, m_second);
    QVERIFY(std::abs(read.signalSpecs[1].s - kClickS2) < 3.0);
    QCOMPARE(read.signalSpecs[1].overlap.value_or(-1.0), kOverlap);
    // the text itself (docs/layout-format.md, "Signals"): S2's "overlap" written, S1 without one
    const tl::Json j = tl::Json::parse(fileBytes(m_path).toStdString());
    QCOMPARE(j["signals"].size(), std::size_t(2));
    QCOMPARE(j["signals"][0]["id"].get<std::string>(), std::string("S1"));
    QVERIFY(!j["signals"][0].contains("overlap"));
    QCOMPARE(j["signals"][0]["kind"].get<std::string>(), std::string("block"));
    QCOMPARE(j["signals"][0]["direction"].get<int>(), 1);
    QCOMPARE(j["signals"][1]["id"].get<std::string>(), std::string("S2"));
    QCOMPARE(j["signals"][1]["overlap"].get<double>(), kOverlap);
    QCOMPARE(j["signals"][1]["s"].get<double>(), m_saved[1].s);
}

void TstSignalFlowGui::newThenOpenGivesThemBack() {
    MainWindow& w = *m_w;
    tl::ui::Document* doc = w.document();
    QVERIFY(!m_saved.empty());

    // File > New (saved: no question): an empty layout, no signals drawn
    QTest::keyClick(&w, Qt::Key_N, Qt::ControlModifier);
    QCOMPARE(int(doc->spec().tracks.size()), 0);
    QVERIFY(doc->spec().signalSpecs.empty());
    QVERIFY(doc->filePath().isEmpty());
    QCOMPARE(w.scene()->signalNodes().count(), std::size_t(0));

    // File > Open (Ctrl+O) in the working directory: "flow.json" typed, Open clicked
    QVERIFY(throughFileDialog(w, Qt::Key_O, Qt::ControlModifier, "flow.json"));
    QTRY_COMPARE(doc->filePath(), m_path);
    QVERIFY(doc->spec().signalSpecs == m_saved);
    QVERIFY(doc->spec() == m_savedSpec);
    QVERIFY2(doc->compileError().isEmpty(), qPrintable(doc->compileError()));
    // a fresh document: nothing to undo, clean
    QCOMPARE(doc->undoStack()->count(), 0);
    QVERIFY(doc->undoStack()->isClean());
    QVERIFY(!doc->isModified());
    QVERIFY(!w.isWindowModified());

    // the layout compiled from the file: S1's block runs from its place to S2 and S2's 80 m overlap beyond;
    // S2's to the open end of the line
    const auto L = doc->layout();
    const auto& signalList = L->signalList();
    QCOMPARE(signalList.size(), std::size_t(2));
    const double s1 = m_saved[0].s, s2 = m_saved[1].s;
    const double length1 = L->track(std::size_t(L->trackIndex(m_first))).length();
    const double length2 = L->track(std::size_t(L->trackIndex(m_second))).length();
    QVERIFY(std::abs(length1 - kFirstLength) < 1e-6 && std::abs(length2 - kSecondLength) < 1e-6);
    QCOMPARE(signalList[0].overlap, tl::Signal::kDefaultOverlap);
    QCOMPARE(signalList[1].overlap, kOverlap);
    QVERIFY(signalList[0].exits == std::vector<int>{1});
    QVERIFY(signalList[1].exits.empty());
    qInfo("blocks: S1 %.3f m, S2 %.3f m", blockLength(signalList[0]), blockLength(signalList[1]));
    QVERIFY(std::abs(blockLength(signalList[0]) - ((length1 - s1) + s2 + kOverlap)) < 1e-9);
    QVERIFY(std::abs(blockLength(signalList[1]) - (length2 - s2)) < 1e-9);

    // the 3D view draws two posts, each 3 m right of its place (facing east: on the line's right side)
    const tl::render::SignalNodes& drawn = w.scene()->signalNodes();
    QCOMPARE(drawn.count(), std::size_t(2));
    QCOMPARE(drawn.root()->getNumChildren(), 2u);
    // the pixels: the view drawn with and without the signals' nodes differs round each signal's head
    viewImage(w); // (settled: the docks the opened layout shows or hides have resized the view)
    const QImage image = viewImage(w);
    const osg::Node::NodeMask shownMask = drawn.root()->getNodeMask();
    drawn.root()->setNodeMask(0u);
    const QImage bare = viewImage(w);
    drawn.root()->setNodeMask(shownMask);
    viewImage(w);
    for (int k = 0; k < 2; ++k) {
        const osg::MatrixTransform* node = signalNode(w, k);
        QVERIFY(node);
        QCOMPARE(node->getName(), "signal " + m_saved[std::size_t(k)].id);
        QCOMPARE(int(drawn.lamp(std::size_t(k))), int(tl::render::SignalLamp::Unlit)); // (no run)
        const tl::TwistedFrame f =
            L->frameInWorld(std::size_t(signalList[std::size_t(k)].track), signalList[std::size_t(k)].s);
        tl::Vec3 ahead = f.F.T;
        ahead.z() = 0.0;
        const tl::Vec3 right = ahead.normalized().cross(tl::Vec3::UnitZ());
        const osg::Vec3d foot = node->getMatrix().getTrans();
        const tl::Vec3 expected = f.F.P + kPostSide * right;
        QVERIFY((tl::Vec3(foot.x(), foot.y(), foot.z()) - expected).norm() < 1e-6);
        QVERIFY2(image.rect().contains(signalPost(w, k)), "a post outside the view");
        const QPoint head = w.view()->project(foot + osg::Vec3d(0, 0, kHeadHeight)).toPoint();
        const QRect box = QRect(head - QPoint(10, 10), QSize(21, 21)).intersected(image.rect());
        const int changed = differingPixels(image.copy(box), bare.copy(box));
        qInfo("%s: its head at (%d, %d) in the view, %d pixels of 441 round it drawn",
              m_saved[std::size_t(k)].id.c_str(), head.x(), head.y(), changed);
        QVERIFY(changed > 0);
    }
}

void TstSignalFlowGui::fullDiskKeepsTheSavedSignals() {
    MainWindow& w = *m_w;
    tl::ui::Document* doc = w.document();
    QCOMPARE(doc->filePath(), m_path);
    const QByteArray old = fileBytes(m_path);
    QVERIFY(!old.isEmpty());

    // an edit: S2 selected with the signal tool, its overlap typed again
    press(w, Qt::Key_9, Qt::AltModifier);
    QVERIFY(w.design()->mode() == tl::ui::DesignTools::Mode::Signal);
    click(w, [&] { return signalPost(w, 1); });
    QCOMPARE(w.design()->signalTool()->selected(), 1);
    typeOverlap(w, 1, kFullOverlap);
    QCOMPARE(doc->spec().signalSpecs[1].overlap.value_or(-1.0), kFullOverlap);
    QCOMPARE(doc->undoStack()->count(), 1);
    QVERIFY(doc->isModified());
    QVERIFY(w.isWindowModified());

    // File > Save (Ctrl+S) while every write fails with ENOSPC
    closeMessageBoxes(w);
    w.view()->setFocus();
    tl::setSaveWriteFunctionForTesting([](int, const void*, size_t) -> ssize_t {
        errno = ENOSPC;
        return -1;
    });
    QTest::keyClick(&w, Qt::Key_S, Qt::ControlModifier);
    tl::setSaveWriteFunctionForTesting(nullptr);
    QTRY_VERIFY(!w.findChildren<QMessageBox*>().isEmpty());
    const QString shown = w.findChildren<QMessageBox*>().first()->text();
    qInfo() << "shown:" << shown;
    QVERIFY2(shown.contains("flow.json") && shown.contains("No space left on device"), qPrintable(shown));
    QCOMPARE(w.lastMessage(), shown);
    QVERIFY(doc->isModified());
    QVERIFY(w.isWindowModified());
    QCOMPARE(doc->spec().signalSpecs[1].overlap.value_or(-1.0), kFullOverlap); // the edit is kept
    // the old file: byte for byte, still the 80 m; no temporary file beside it
    QCOMPARE(fileBytes(m_path), old);
    QVERIFY(tl::loadLayoutSpec(m_path.toStdString()).signalSpecs == m_saved);
    QCOMPARE(QDir(m_dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"flow.json"});

    // space again: Ctrl+S writes the edit
    closeMessageBoxes(w);
    w.view()->setFocus();
    QTest::keyClick(&w, Qt::Key_S, Qt::ControlModifier);
    QTRY_VERIFY(!w.isWindowModified());
    QVERIFY(!doc->isModified());
    const tl::LayoutSpec read = tl::loadLayoutSpec(m_path.toStdString());
    QVERIFY(read == doc->spec());
    QCOMPARE(read.signalSpecs.size(), std::size_t(2));
    QCOMPARE(read.signalSpecs[1].overlap.value_or(-1.0), kFullOverlap);
    QVERIFY(read.signalSpecs[0] == m_saved[0]);
    QCOMPARE(read.signalSpecs[1].s, m_saved[1].s);
    QVERIFY(w.findChildren<QMessageBox*>().isEmpty());
}

QTEST_MAIN(TstSignalFlowGui)
#include "tst_signal_flow_gui.moc"
