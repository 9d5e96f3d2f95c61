// Force sections in the editor, on tests/data/gui/force_sections.json (a booster at 12 m/s, then the force
// section "pull" asking 1.5 g at a 1.1 m heartline, then the line "coast" placed after it):
//   - the estimate the track is coloured by is what the section was designed for: 1.5 g vertical at the
//     heartline (the checks take the track's heartline as the rider height), within 0.02 g;
//   - the property panel shows the section's forces and "from the track before" for its start speed;
//   - typing a normal force the train cannot fly (4 g at 12 m/s: a loop tightening until it stalls) shows
//     the error with the track, its path and the place, and keeps the last good geometry: the layout the
//     view draws stays the one before; 2 g instead re-integrates "pull" and moves "coast" to its new end;
//     undo brings back the 1.5 g geometry exactly.
#include "GuiTestUtil.h"

#include "render/scene/LayoutScene.h"
#include "ui/document/FileManager.h"
#include "ui/panels/PropertyPanel.h"
#include "ui/tools/DesignTools.h"

#include <QAction>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QtTest>

#include <cmath>

using namespace guitest;
using tl::ui::MainWindow;

class TstForceGui : public QObject {
    Q_OBJECT
public:
    static void initMain() { initGuiTest(); }
private slots:
    void designedForcesAndStall();
    void paletteAppendsForceSection();
};

namespace {

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

} // namespace

void TstForceGui::designedForcesAndStall() {
    MainWindow w;
    QVERIFY(w.files()->open(dataPath("tests/data/gui/force_sections.json")));
    QVERIFY(showAndWait(w));
    QVERIFY2(w.document()->compileError().isEmpty(), qPrintable(w.document()->compileError()));

    // the estimate at the heartline is the design value
    w.findChild<QAction*>("trackColour:estimated-vertical-g")->trigger();
    const auto& o = w.scene()->overlay();
    QVERIFY(o.estimates);
    const double length = w.document()->layout()->trackById("pull").length();
    for (double s = 2.0; s < length - 2.0; s += 1.0)
        QVERIFY2(std::abs(o.estimates->at("pull", s) - 1.5) < 0.02,
                 qPrintable(QString("pull %1 m: %2 g").arg(s).arg(o.estimates->at("pull", s))));
    qInfo("estimated vertical g mid-section: %.4f g (designed 1.5 g)", o.estimates->at("pull", length / 2));

    const int pull = w.document()->layout()->trackIndex("pull");
    w.editor()->select(pull, -1);
    QDoubleSpinBox* normal = nullptr;
    QTRY_VERIFY((normal = w.properties()->findChild<QDoubleSpinBox*>("field:curve.normalG")) != nullptr);
    QCOMPARE(normal->value(), 1.5);
    QVERIFY(w.properties()->findChild<QDoubleSpinBox*>("field:curve.length"));
    QVERIFY(!w.properties()->findChild<QDoubleSpinBox*>("field:curve.speed")); // from the booster
    const tl::Vec3 coast0 = startOf(w, "coast");
    const auto before = w.document()->layout();

    typeInto(normal, "4");
    QCOMPARE(w.document()->spec().tracks[std::size_t(pull)].curve.params.at("normalG"), 4.0);
    const QString error = w.document()->compileError();
    qInfo() << error;
    QVERIFY2(error.contains("/tracks/1/curve") && error.contains("track \"pull\"") &&
                 error.contains("would stall at heartline s = "),
             qPrintable(error));
    QVERIFY(w.document()->layout() == before); // the last good geometry stays
    QVERIFY((startOf(w, "coast") - coast0).norm() == 0.0);

    normal = w.properties()->findChild<QDoubleSpinBox*>("field:curve.normalG");
    QVERIFY(normal);
    typeInto(normal, "2");
    QVERIFY(w.document()->compileError().isEmpty());
    const tl::Vec3 coast2 = startOf(w, "coast");
    const auto& L = *w.document()->layout();
    const tl::Track& p = L.trackById("pull");
    QVERIFY((coast2 - L.frameInWorld(std::size_t(pull), p.length()).F.P).norm() < 1e-9); // follows the end
    QVERIFY((coast2 - coast0).norm() > 0.5); // pulled up harder: a different end
    qInfo("coast moved by %.3f m", (coast2 - coast0).norm());

    w.document()->undoStack()->undo(); // 2 g -> 4 g (the error again)
    w.document()->undoStack()->undo(); // 4 g -> 1.5 g
    QVERIFY(w.document()->compileError().isEmpty());
    QCOMPARE(w.document()->spec().tracks[std::size_t(pull)].curve.params.at("normalG"), 1.5);
    QVERIFY((startOf(w, "coast") - coast0).norm() < 1e-12);
}

// Track tools > Force Section (Alt+8) after the free end of "coast": a typed value is the normal force; the
// piece is a force section with the panel's length and heartline, placed after "coast" and connected, its
// start speed carried from the booster by energy; a typed -3 g under a 10 m heartline would fold the rails
// back: refused with the reason, nothing added.
void TstForceGui::paletteAppendsForceSection() {
    MainWindow w;
    QVERIFY(w.files()->open(dataPath("tests/data/gui/force_sections.json")));
    QVERIFY(showAndWait(w));
    tl::ui::OsgViewWidget* v = w.view();
    w.editor()->select(w.document()->layout()->trackIndex("coast"), -1);
    QTest::keyClick(v, Qt::Key_8, Qt::AltModifier);
    QCOMPARE(int(w.design()->mode()), int(tl::ui::DesignTools::Mode::Append));
    w.design()->field("length")->setValue(15.0);
    QTest::keyClicks(v, "0.6");
    QTest::keyClick(v, Qt::Key_Return);
    const tl::LayoutSpec& spec = w.document()->spec();
    QCOMPARE(int(spec.tracks.size()), 4);
    const tl::TrackSpec& t = spec.tracks.back();
    QCOMPARE(QString::fromStdString(t.curve.type), QString("force"));
    QCOMPARE(t.curve.params.at("normalG"), 0.6);
    QCOMPARE(t.curve.params.at("length"), 15.0);
    QCOMPARE(t.heartline.value_or(0.0), 1.1);
    QVERIFY(t.placement.after && t.placement.after->track == "coast");
    QVERIFY2(w.document()->compileError().isEmpty(), qPrintable(w.document()->compileError()));
    qInfo() << w.document()->undoStack()->undoText();
    QVERIFY(w.document()->undoStack()->undoText().startsWith("Append force section 15 m at 0.6 g to coast"));

    // from the new end, -3 g under a heartline 10 m up: the heartline would curve toward the rails with a
    // radius under 10 m and fold them back: refused with the reason, nothing added
    w.design()->field("heartline")->setValue(10.0);
    QTest::keyClicks(v, "-3");
    QTest::keyClick(v, Qt::Key_Return);
    QCOMPARE(int(w.document()->spec().tracks.size()), 4);
    QVERIFY(w.document()->compileError().isEmpty());
}

QTEST_MAIN(TstForceGui)
#include "tst_force_gui.moc"
