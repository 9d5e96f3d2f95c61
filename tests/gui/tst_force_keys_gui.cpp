// The Force keys dock (ui/panels/ForceKeysEditor.h) through the real window, on a layout written here: the
// line "lead" climbs at 60 degrees; the force section "shape" placed after it starts at 30 m/s with normalG
// keys [[0, 1], [50, 2], [100, 1]] over its 100 m (it pulls the climb over backwards into a loop); the line
// "tail" is placed after it.
//   - selecting the section shows the dock (View > Force Keys, Ctrl+Shift+F, toggles it) with the three keys;
//   - a vertical mouse drag of the middle key from 2 g to 2.5 g is one undo step: the key's x stays 50 m
//     exactly and its value is 2.5 g to the chart's resolution (one pixel of the g axis: range / plot
//     height); "tail" moves with the section's new end; Ctrl+Z gives back the spec (operator==) and the end
//     point bit for bit;
//   - 3.0 typed in the value box is stored as 3.0; a double-click on the law's curve at x = 75 m adds a key
//     there (to a pixel) and Delete removes it again (the spec as before);
//   - lateralG, a constant 0, made keys is [[0, 0], [100, 0]] and the same geometry bit for bit; made
//     constant again it is the spec before;
//   - save and reopen: the same keys;
//   - normalG made constant (its first key, 1 g) and 0.5 typed: 0.5 g = cos 60 deg holds the 60 degree climb
//     straight, v^2 = 30^2 - 2 g sin 60 s, and the train stalls where v = 0.5 m/s (ForceSection.cpp's stall
//     speed): s = (30^2 - 0.5^2) / (2 * 9.81 * sin 60) = 52.95 m. The dock shows the layout's reason with
//     that place (to one integration step, 0.25 m / 4), and the layout keeps its last good geometry.
#include "GuiTestUtil.h"

#include "render/scene/LayoutScene.h"
#include "ui/document/FileManager.h"
#include "ui/panels/ForceKeysEditor.h"
#include "ui/window/MainDocks.h"

#include <QAction>
#include <QChart>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QPushButton>
#include <QRegularExpression>
#include <QScatterSeries>
#include <QTemporaryDir>
#include <QValueAxis>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <numbers>

using namespace guitest;
using tl::ui::ForceKeysEditor;
using tl::ui::MainWindow;

class TstForceKeysGui : public QObject {
    Q_OBJECT
public:
    static void initMain() { initGuiTest(); }
private slots:
    void editKeysAsGraphs();
};

namespace {

// the rotation [w, x, y, z] turns +x up by 60 degrees (-60 degrees about +y)
const char* kLayout = R"({
  "format": "tracklab-layout",
  "version": 2,
  "look": "coaster",
  "tracks": [
    {"id": "lead", "frame": "up", "curve": {"type": "line", "length": 20},
     "placement": {"position": [0, 0, 0], "rotation": [0.8660254037844387, 0, -0.5, 0]}},
    {"id": "shape", "frame": "up",
     "curve": {"type": "force", "length": 100, "speed": 30, "normalG": [[0, 1], [50, 2], [100, 1]]},
     "placement": {"after": ["lead", "end"]}},
    {"id": "tail", "frame": "up", "curve": {"type": "line", "length": 20},
     "placement": {"after": ["shape", "end"]}}
  ],
  "connections": [
    {"a": ["lead", "end"], "b": ["shape", "start"]},
    {"a": ["shape", "end"], "b": ["tail", "start"]}
  ]
}
)";

void typeInto(QDoubleSpinBox* box, const char* text) {
    box->setFocus();
    QTest::keyClick(box, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(box, text);
    QTest::keyClick(box, Qt::Key_Return);
}

tl::Vec3 startOf(MainWindow& w, const char* track) {
    const auto& L = *w.document()->layout();
    return L.frameInWorld(std::size_t(L.trackIndex(track)), 0.0).F.P;
}

tl::Vec3 endOf(MainWindow& w, const char* track) {
    const auto& L = *w.document()->layout();
    const std::size_t i = std::size_t(L.trackIndex(track));
    return L.frameInWorld(i, L.track(i).length()).F.P;
}

// What one pixel of the chart stands for along x and along the law's value axis: axis range / plot size.
QPointF perPixel(ForceKeysEditor* fk) {
    QChart* chart = fk->chartView()->chart();
    auto* x = qobject_cast<QValueAxis*>(chart->axes(Qt::Horizontal, fk->keySeries()).value(0));
    auto* y = qobject_cast<QValueAxis*>(chart->axes(Qt::Vertical, fk->keySeries()).value(0));
    if (!x || !y) return {};
    return {(x->max() - x->min()) / chart->plotArea().width(),
            (y->max() - y->min()) / chart->plotArea().height()};
}

QPoint pixelOf(ForceKeysEditor* fk, QPointF value) {
    QChart* chart = fk->chartView()->chart();
    return fk->chartView()->mapFromScene(chart->mapToPosition(value, fk->keySeries()));
}

const std::vector<std::pair<double, double>>& keysOf(MainWindow& w, int track, const char* law) {
    static const std::vector<std::pair<double, double>> none;
    const auto& keys = w.document()->spec().tracks[std::size_t(track)].curve.keys;
    const auto it = keys.find(law);
    return it != keys.end() ? it->second : none;
}

} // namespace

void TstForceKeysGui::editKeysAsGraphs() {
    QTemporaryDir dir;
    const QString path = dir.filePath("force_keys.json");
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kLayout);
    }
    MainWindow w;
    QVERIFY(w.files()->open(path));
    QVERIFY(showAndWait(w));
    QVERIFY2(w.document()->compileError().isEmpty(), qPrintable(w.document()->compileError()));
    QUndoStack* undo = w.document()->undoStack();
    const int shape = w.document()->layout()->trackIndex("shape");
    QCOMPARE(shape, 1);

    // selecting the section brings the dock forward with its normal force's three keys
    w.editor()->select(shape, -1);
    ForceKeysEditor* fk = w.docks()->forceKeys();
    QDockWidget* dock = w.docks()->dock(tl::ui::MainDocks::Dock::ForceKeys);
    QCOMPARE(fk->track(), shape);
    QVERIFY(fk->showsForceSection());
    QTRY_VERIFY(dock->isVisible() && fk->chartView()->isVisible());
    QAction* view = w.findChild<QAction*>("viewForceKeys");
    QVERIFY(view && view->isChecked());
    QCOMPARE(view->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F));
    QTest::keyClick(&w, Qt::Key_F, Qt::ControlModifier | Qt::ShiftModifier);
    QTRY_VERIFY(dock->isHidden());
    QTest::keyClick(&w, Qt::Key_F, Qt::ControlModifier | Qt::ShiftModifier);
    QTRY_VERIFY(dock->isVisible() && fk->chartView()->isVisible());
    QCOMPARE(int(fk->law()), int(ForceKeysEditor::Law::Normal));
    QCOMPARE(fk->keyCount(), 3);
    QChart* chart = fk->chartView()->chart();
    QTRY_VERIFY(chart->plotArea().height() > 60 &&
                chart->plotArea().contains(fk->chartView()->mapToScene(fk->keyPosition(1).toPoint())));
    QWidget* viewport = fk->chartView()->viewport();

    // drag the middle key straight up from 2 g to 2.5 g: one undo step, "tail" follows the new end
    const tl::LayoutSpec spec0 = w.document()->spec();
    const tl::Vec3 end0 = endOf(w, "shape"), tail0 = startOf(w, "tail");
    const int steps0 = undo->count();
    const QPointF res = perPixel(fk);
    QVERIFY(res.y() > 0 && res.y() < 0.1); // a drag of 0.5 g is more than 5 pixels
    const QPoint from = fk->keyPosition(1).toPoint();
    const QPoint to(from.x(), pixelOf(fk, QPointF(50.0, 2.5)).y());
    drag(viewport, from, to);
    QCOMPARE(undo->count(), steps0 + 1);
    QVERIFY2(w.document()->compileError().isEmpty(), qPrintable(w.document()->compileError()));
    const auto& dragged = keysOf(w, shape, "normalG");
    QCOMPARE(int(dragged.size()), 3);
    QCOMPARE(dragged[1].first, 50.0); // a vertical drag keeps x
    qInfo("dragged key: %.4f g (wanted 2.5 g, one pixel %.4f g)", dragged[1].second, res.y());
    QVERIFY(std::abs(dragged[1].second - 2.5) <= res.y() + 1e-9);
    QVERIFY(dragged[0] == std::make_pair(0.0, 1.0) && dragged[2] == std::make_pair(100.0, 1.0));
    const tl::Vec3 tail1 = startOf(w, "tail");
    qInfo("tail moved by %.3f m", (tail1 - tail0).norm());
    QVERIFY((tail1 - tail0).norm() > 1.0);
    QVERIFY((tail1 - endOf(w, "shape")).norm() < 1e-9);           // placed after the new end
    QVERIFY(w.scene()->layout() == w.document()->layout().get()); // the 3D view draws the new layout

    // Ctrl+Z: the spec and the geometry as they were
    QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(undo->index(), steps0); // (one step undone, still on the stack for a redo)
    QVERIFY(w.document()->spec() == spec0);
    QVERIFY(endOf(w, "shape") == end0);
    QVERIFY(startOf(w, "tail") == tail0);

    // a click selects the key without an edit; 3.0 typed in the value box is the key's value
    QTest::mouseClick(viewport, Qt::LeftButton, Qt::NoModifier, fk->keyPosition(1).toPoint());
    QCOMPARE(fk->selectedKey(), 1);
    QCOMPARE(undo->index(), steps0);
    auto* value = fk->findChild<QDoubleSpinBox*>("forceKeyValue");
    auto* x = fk->findChild<QDoubleSpinBox*>("forceKeyX");
    QVERIFY(value && x);
    QCOMPARE(x->value(), 50.0);
    QCOMPARE(value->value(), 2.0);
    typeInto(value, "3.0");
    QCOMPARE(keysOf(w, shape, "normalG")[1].second, 3.0);
    QCOMPARE(keysOf(w, shape, "normalG")[1].first, 50.0);
    QCOMPARE(undo->index(), steps0 + 1);
    QVERIFY2(w.document()->compileError().isEmpty(), qPrintable(w.document()->compileError()));
    const tl::LayoutSpec spec3 = w.document()->spec();

    // a double-click on the curve at x = 75 m adds a key there; Delete removes it
    QList<QPointF> line = fk->curve(ForceKeysEditor::Law::Normal);
    const auto at75 = std::find_if(line.begin(), line.end(), [](const QPointF& p) { return p.x() == 75.0; });
    QVERIFY(at75 != line.end());
    const QPointF on(at75->x(), at75->y());
    const QPointF res3 = perPixel(fk);
    QTest::mouseDClick(viewport, Qt::LeftButton, Qt::NoModifier, pixelOf(fk, on));
    QCOMPARE(fk->keyCount(), 4);
    QCOMPARE(undo->index(), steps0 + 2);
    const auto added = keysOf(w, shape, "normalG")[2];
    qInfo("added key (%.3f m, %.4f g) at the curve's (75 m, %.4f g)", added.first, added.second, on.y());
    QVERIFY(std::abs(added.first - 75.0) <= res3.x() + 1e-9);
    QVERIFY(std::abs(added.second - on.y()) <= res3.y() + 1e-9);
    QCOMPARE(fk->selectedKey(), 2);
    QVERIFY2(w.document()->compileError().isEmpty(), qPrintable(w.document()->compileError()));
    QVERIFY(fk->chartView()->hasFocus()); // (the double-click took it from the value box)
    QTest::keyClick(fk->chartView(), Qt::Key_Delete);
    QCOMPARE(fk->keyCount(), 3);
    QCOMPARE(undo->index(), steps0 + 3);
    QVERIFY(w.document()->spec() == spec3);

    // lateralG: a constant 0 made keys [[0, 0], [100, 0]] (the same path bit for bit), and back
    const tl::Vec3 end3 = endOf(w, "shape");
    auto* lawBox = fk->findChild<QComboBox*>("forceLaw");
    auto* convert = fk->findChild<QPushButton*>("forceKeysConvert");
    QVERIFY(lawBox && convert);
    lawBox->setCurrentIndex(int(ForceKeysEditor::Law::Lateral));
    QCOMPARE(int(fk->law()), int(ForceKeysEditor::Law::Lateral));
    QCOMPARE(fk->keyCount(), 0);
    QTest::mouseClick(convert, Qt::LeftButton);
    const std::vector<std::pair<double, double>> flat{{0.0, 0.0}, {100.0, 0.0}};
    QVERIFY(keysOf(w, shape, "lateralG") == flat);
    QCOMPARE(int(w.document()->spec().tracks[std::size_t(shape)].curve.params.count("lateralG")), 0);
    QCOMPARE(fk->keyCount(), 2);
    QVERIFY(endOf(w, "shape") == end3);
    QTest::mouseClick(convert, Qt::LeftButton);
    QVERIFY(w.document()->spec() == spec3);
    QCOMPARE(undo->index(), steps0 + 5);

    // save and reopen: the same keys
    const QString saved = dir.filePath("saved.json");
    QVERIFY(w.files()->saveAs(saved));
    {
        MainWindow reopened;
        QVERIFY(reopened.files()->open(saved));
        QVERIFY(reopened.document()->spec().tracks[std::size_t(shape)].curve.keys ==
                w.document()->spec().tracks[std::size_t(shape)].curve.keys);
        QVERIFY(reopened.document()->spec() == w.document()->spec());
    }

    // normalG made constant (its first key, 1 g: the default, so left out of the file), then 0.5 g typed:
    // refused (a stall), with the reason and the place, and the last good geometry stays
    lawBox->setCurrentIndex(int(ForceKeysEditor::Law::Normal));
    QTest::mouseClick(convert, Qt::LeftButton);
    QVERIFY(keysOf(w, shape, "normalG").empty());
    QCOMPARE(int(w.document()->spec().tracks[std::size_t(shape)].curve.params.count("normalG")), 0);
    QVERIFY2(w.document()->compileError().isEmpty(), qPrintable(w.document()->compileError()));
    QVERIFY(fk->message().isEmpty());
    const auto good = w.document()->layout();
    const tl::Vec3 tailGood = startOf(w, "tail");
    QCOMPARE(value->value(), 1.0);
    typeInto(value, "0.5");
    QCOMPARE(w.document()->spec().tracks[std::size_t(shape)].curve.params.at("normalG"), 0.5);
    const QString error = w.document()->compileError();
    qInfo() << error;
    QCOMPARE(fk->message(), error);
    QVERIFY2(error.contains("/tracks/1/curve") && error.contains("track \"shape\"") &&
                 error.contains("the train would stall at heartline s = "),
             qPrintable(error));
    const QRegularExpressionMatch m = QRegularExpression("heartline s = ([0-9.]+) m").match(error);
    QVERIFY(m.hasMatch());
    const double sStall = (30.0 * 30.0 - 0.5 * 0.5) / (2.0 * 9.81 * std::sin(std::numbers::pi / 3));
    qInfo("stall at %s m (closed form %.3f m)", qPrintable(m.captured(1)), sStall);
    QVERIFY(std::abs(m.captured(1).toDouble() - sStall) < 0.0625 + 0.005);
    QVERIFY(w.document()->layout() == good);
    QVERIFY(w.scene()->layout() == good.get());
    QVERIFY(startOf(w, "tail") == tailGood);
}

QTEST_MAIN(TstForceKeysGui)
#include "tst_force_keys_gui.moc"
