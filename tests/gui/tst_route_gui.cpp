// Routes edited in the GUI through the real window with real mouse and key events (Xvfb; docs/user-guide.md,
// "Signals"), on a junction the test writes: 600 m of "main", switch W1 at its end (0: "through", a 500 m
// line; 1: "siding", an arc of 300 m radius through 0.25 rad), home signal H1 at 450 m of main, X1 at 300 m
// of through, X2 at 50 m of siding, no routes.
// Track > Signal (Alt+9) and a click on H1's post select it; the Properties dock lists the signals a route
// from it can reach, nearest first (X2 at 200 m with W1 1, X1 at 450 m with W1 0). X2 picked with the
// keyboard and "Add route to..." pressed: route R1 from H1 to X2 setting W1 to 1, one undo step, compiled;
// Ctrl+Z takes it away, the button adds it again; X1 gives R2 (W1 0). R1 clicked in the list and "Delete
// route" pressed: one undo step, R2 stays. R2's overlap typed as 80 m: one undo step, the compiled route
// reaches 80 m past X1. Ctrl+S saves; reopened, the file has R2 as it was and H1's list shows it.
#include "GuiTestUtil.h"

#include "render/OsgConvert.h"
#include "render/scene/LayoutScene.h"
#include "render/track/SignalNodes.h"
#include "ui/document/Document.h"
#include "ui/document/FileManager.h"
#include "ui/tools/DesignTools.h"
#include "ui/tools/SignalTool.h"
#include "ui/view/OsgViewWidget.h"
#include "ui/window/MainDocks.h"

#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QTemporaryDir>
#include <QUndoStack>

#include <osg/MatrixTransform>

#include <memory>

using tl::ui::MainWindow;
using namespace guitest;

namespace {

const char* const kJunction = R"({"format": "tracklab-layout", "version": 2,
  "tracks": [{"id": "main", "curve": {"type": "line", "length": 600}, "frame": "up"},
             {"id": "through", "curve": {"type": "line", "length": 500}, "frame": "up",
              "placement": {"after": ["main", "end"]}},
             {"id": "siding", "curve": {"type": "arc", "radius": 300, "angle": 0.25}, "frame": "up",
              "placement": {"after": ["main", "end"]}}],
  "switches": [{"id": "W1", "at": ["main", "end"], "branches": [["through", "start"], ["siding", "start"]]}],
  "signals": [{"id": "H1", "track": "main", "s": 450, "kind": "home"}, {"id": "X1", "track": "through", "s": 300},
              {"id": "X2", "track": "siding", "s": 50}]})";

using Switches = std::vector<std::pair<std::string, int>>;

// Where drawn signal k's post appears, 2 m above its foot (render/track/SignalNodes.h: one child per signal,
// its matrix at the foot of the post), as tst_signal_gui finds it.
QPoint signalPost(MainWindow& w, int k) {
    const auto* node =
        dynamic_cast<const osg::MatrixTransform*>(w.scene()->signalNodes().root()->getChild(unsigned(k)));
    if (!node) return {};
    return w.view()->project(node->getMatrix().getTrans() + osg::Vec3d(0, 0, 2.0)).toPoint();
}

template <class T> T* field(MainWindow& w, const QString& name) {
    // the Properties dock rebuilds its fields after a change, deferred: let it, then wait for the field
    QTest::qWait(20);
    T* f = nullptr;
    (void)QTest::qWaitFor([&] { return (f = w.findChild<T*>(name)) != nullptr; }, 5000);
    return f;
}

// The routes' texts in H1's list.
QStringList listed(MainWindow& w) {
    QStringList out;
    if (auto* list = field<QListWidget>(w, "signalRoutes"))
        for (int i = 0; i < list->count(); ++i)
            out << list->item(i)->text();
    return out;
}

// Picks exit `id` in the "Add route to..." combo with the keyboard and presses the button.
void addRouteTo(MainWindow& w, const QString& id) {
    auto* exits = field<QComboBox>(w, "routeExit");
    QVERIFY(exits);
    exits->setFocus();
    QTest::keyClick(exits, Qt::Key_Home);
    for (int k = 0; k < exits->count() && exits->currentData().toString() != id; ++k)
        QTest::keyClick(exits, Qt::Key_Down);
    QCOMPARE(exits->currentData().toString(), id);
    auto* add = field<QPushButton>(w, "addRoute");
    QVERIFY(add);
    QVERIFY(add->isEnabled());
    QTest::mouseClick(add, Qt::LeftButton);
}

} // namespace

class TstRouteGui : public QObject {
    Q_OBJECT
public:
    static void initMain() { guitest::initGuiTest(); }

private slots:
    void addDeleteSetOverlapSaveReopen();
};

void TstRouteGui::addDeleteSetOverlapSaveReopen() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath("junction.json");
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kJunction);
    }
    MainWindow w;
    QVERIFY(w.files()->open(path));
    QVERIFY(showAndWait(w));
    tl::ui::Document* doc = w.document();
    QVERIFY2(doc->compileError().isEmpty(), qPrintable(doc->compileError()));
    QUndoStack* undo = doc->undoStack();
    QDockWidget* props = w.docks()->dock(tl::ui::MainDocks::Dock::Properties);
    props->show(); // (View menu: the first start hides it)
    props->raise();
    w.frameAll();
    viewImage(w);

    // Track > Signal, a click on H1's post: selected, no edit
    w.view()->setFocus();
    QTest::keyClick(w.view(), Qt::Key_9, Qt::AltModifier);
    QVERIFY(w.design()->mode() == tl::ui::DesignTools::Mode::Signal);
    const int h1 = doc->layout()->signalIndex("H1");
    QCOMPARE(h1, 0);
    viewImage(w);
    QTest::mouseClick(w.view(), Qt::LeftButton, Qt::NoModifier, signalPost(w, h1));
    QCOMPARE(w.design()->signalTool()->selected(), h1);
    const int steps0 = undo->index();
    QCOMPARE(listed(w), QStringList{"none"});

    // the exits a route from H1 can reach, nearest first
    auto* exits = field<QComboBox>(w, "routeExit");
    QVERIFY(exits);
    QCOMPARE(exits->count(), 2);
    QCOMPARE(exits->itemData(0).toString(), QString("X2"));
    QCOMPARE(exits->itemText(0), QString("X2, 200 m (W1 1)")); // 150 m on main + 50 m on siding
    QCOMPARE(exits->itemData(1).toString(), QString("X1"));
    QCOMPARE(exits->itemText(1), QString("X1, 450 m (W1 0)")); // 150 m + 300 m on through

    // X2 picked, "Add route to...": R1, W1 to the siding, one undo step
    addRouteTo(w, "X2");
    QCOMPARE(undo->index(), steps0 + 1);
    QCOMPARE(undo->undoText(), QString("Add route R1 from H1 to X2"));
    QCOMPARE(doc->spec().routeSpecs.size(), std::size_t(1));
    const tl::RouteSpec& r1 = doc->spec().routeSpecs[0];
    QCOMPARE(r1.id, std::string("R1"));
    QCOMPARE(r1.from, std::string("H1"));
    QCOMPARE(r1.to, std::string("X2"));
    QCOMPARE(r1.switches, (Switches{{"W1", 1}}));
    QVERIFY2(doc->compileError().isEmpty(), qPrintable(doc->compileError()));
    QCOMPARE(doc->layout()->routeList().size(), std::size_t(1));
    QCOMPARE(doc->layout()->routeList()[0].length, 200.0);
    QCOMPARE(listed(w), QStringList{QString::fromUtf8("R1 \u2192 X2 (W1 1)")});
    QCOMPARE(w.design()->signalTool()->selected(), h1);

    // Ctrl+Z takes it away; added again, then X1 as R2
    QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(undo->index(), steps0);
    QVERIFY(doc->spec().routeSpecs.empty());
    QVERIFY(doc->layout()->routeList().empty());
    QCOMPARE(listed(w), QStringList{"none"});
    addRouteTo(w, "X2");
    QCOMPARE(undo->index(), steps0 + 1);
    QCOMPARE(doc->spec().routeSpecs.size(), std::size_t(1));
    QCOMPARE(doc->spec().routeSpecs[0].id, std::string("R1"));
    addRouteTo(w, "X1");
    QCOMPARE(undo->index(), steps0 + 2);
    QCOMPARE(undo->undoText(), QString("Add route R2 from H1 to X1"));
    QCOMPARE(doc->spec().routeSpecs.size(), std::size_t(2));
    QCOMPARE(doc->spec().routeSpecs[1].to, std::string("X1"));
    QCOMPARE(doc->spec().routeSpecs[1].switches, (Switches{{"W1", 0}}));
    QCOMPARE(listed(w), (QStringList{QString::fromUtf8("R1 \u2192 X2 (W1 1)"),
                                     QString::fromUtf8("R2 \u2192 X1 (W1 0)")}));

    // R1 clicked in the list, "Delete route": one undo step, R2 stays
    auto* list = field<QListWidget>(w, "signalRoutes");
    QVERIFY(list);
    QTest::mouseClick(list->viewport(), Qt::LeftButton, Qt::NoModifier,
                      list->visualItemRect(list->item(0)).center());
    QCOMPARE(list->currentItem()->data(Qt::UserRole).toString(), QString("R1"));
    auto* remove = field<QPushButton>(w, "deleteRoute");
    QVERIFY(remove);
    QTest::mouseClick(remove, Qt::LeftButton);
    QCOMPARE(undo->index(), steps0 + 3);
    QCOMPARE(undo->undoText(), QString("Delete route R1"));
    QCOMPARE(doc->spec().routeSpecs.size(), std::size_t(1));
    QCOMPARE(doc->spec().routeSpecs[0].id, std::string("R2"));
    QCOMPARE(listed(w), QStringList{QString::fromUtf8("R2 \u2192 X1 (W1 0)")});

    // R2's overlap: X1's 50 m shown; 80 m typed, one undo step, the compiled route reaches 80 m past X1
    auto* overlap = field<QDoubleSpinBox>(w, "field:route.R2.overlap");
    QVERIFY(overlap);
    QCOMPARE(overlap->value(), 50.0);
    QTest::mouseClick(overlap, Qt::LeftButton);
    QTest::keyClick(overlap, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(overlap, "80");
    QTest::keyClick(overlap, Qt::Key_Return);
    QCOMPARE(undo->index(), steps0 + 4);
    QCOMPARE(undo->undoText(), QString("Set route R2's overlap to 80 m"));
    QCOMPARE(doc->spec().routeSpecs[0].overlap.value_or(-1.0), 80.0);
    const tl::Route& compiled = doc->layout()->routeList().at(0);
    QCOMPARE(compiled.overlap, 80.0);
    QCOMPARE(compiled.path.back().track, doc->layout()->trackIndex("through"));
    QCOMPARE(compiled.path.back().s1, 380.0); // X1 at 300 m + 80 m
    const std::vector<tl::RouteSpec> routes = doc->spec().routeSpecs;

    // Ctrl+S, reopened: the route as it was, H1's list shows it
    QTest::keyClick(&w, Qt::Key_S, Qt::ControlModifier);
    QVERIFY(!doc->isModified());
    QVERIFY(w.files()->open(path));
    doc = w.document();
    QVERIFY(doc->spec().routeSpecs == routes);
    QVERIFY2(doc->compileError().isEmpty(), qPrintable(doc->compileError()));
    QCOMPARE(doc->layout()->routeList().size(), std::size_t(1));
    QCOMPARE(doc->layout()->routeList()[0].overlap, 80.0);
    w.frameAll();
    viewImage(w);
    if (w.design()->mode() != tl::ui::DesignTools::Mode::Signal) {
        w.view()->setFocus();
        QTest::keyClick(w.view(), Qt::Key_9, Qt::AltModifier);
    }
    QTest::mouseClick(w.view(), Qt::LeftButton, Qt::NoModifier, signalPost(w, h1));
    QCOMPARE(w.design()->signalTool()->selected(), h1);
    QCOMPARE(listed(w), QStringList{QString::fromUtf8("R2 \u2192 X1 (W1 0)")});
    QCOMPARE(field<QDoubleSpinBox>(w, "field:route.R2.overlap")->value(), 80.0);
}

QTEST_MAIN(TstRouteGui)
#include "tst_route_gui.moc"
