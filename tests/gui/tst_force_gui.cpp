// Force sections in the editor, on tests/data/gui/force_sections.json (a booster at 12 m/s, then the force
// section "pull" asking 1 g vertical and 0.5 g to the left at a 1.1 m heartline: a level turn of radius
// 144 / (0.5 g) = 29.4 m; then the line "coast" placed after it):
//   - the estimates the track is coloured by are what the section was designed for: 1.000 g vertical and
//     0.500 g lateral at the heartline (the checks take the track's heartline as the rider height), within
//     0.005 g;
//   - the property panel shows the section's forces and "from the track before" for its start speed;
//   - a heartline of 10 m typed in the panel re-integrates it (still level: no force toward the rails);
//     then -3 g would curve the heartline toward the rails tighter than 10 m and fold them back: the error
//     names the track, its path and the place, and the last good geometry stays (the layout the view
//     draws is the one before); 2 g instead pulls it up and moves "coast" to its new end; undo brings back
//     the first geometry exactly.
#include "GuiTestUtil.h"

#include "render/scene/LayoutScene.h"
#include "ui/document/FileManager.h"
#include "ui/panels/PropertyPanel.h"
#include "ui/tools/DesignTools.h"

#include <QAction>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QTemporaryDir>
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

    // the estimates at the heartline are the design values
    const auto& o = w.scene()->overlay();
    const double length = w.document()->layout()->trackById("pull").length();
    for (const char* which : {"vertical", "lateral"}) {
        w.findChild<QAction*>(QString("trackColour:estimated-%1-g").arg(which))->trigger();
        QVERIFY(o.estimates);
        const double want = std::string(which) == "vertical" ? 1.0 : 0.5;
        for (double s = 0.5; s < length - 0.5; s += 0.5)
            QVERIFY2(
                std::abs(o.estimates->at("pull", s) - want) < 0.005,
                qPrintable(QString("pull %1 m: %2 g %3").arg(s).arg(o.estimates->at("pull", s)).arg(which)));
        qInfo("estimated %s g mid-section: %.4f g (designed %.1f g)", which,
              o.estimates->at("pull", length / 2), want);
    }

    const int pull = w.document()->layout()->trackIndex("pull");
    w.editor()->select(pull, -1);
    QDoubleSpinBox* normal = nullptr;
    QTRY_VERIFY((normal = w.properties()->findChild<QDoubleSpinBox*>("field:curve.normalG")) != nullptr);
    QCOMPARE(normal->value(), 1.0);
    QVERIFY(w.properties()->findChild<QDoubleSpinBox*>("field:curve.length"));
    QVERIFY(!w.properties()->findChild<QDoubleSpinBox*>("field:curve.speed")); // from the booster
    const tl::Vec3 coast0 = startOf(w, "coast");

    const int undoStart = w.document()->undoStack()->index();
    auto* heartline = w.properties()->findChild<QDoubleSpinBox*>("field:heartline");
    QVERIFY(heartline);
    typeInto(heartline, "10");
    QCOMPARE(w.document()->spec().tracks[std::size_t(pull)].heartline.value_or(0.0), 10.0);
    QVERIFY2(w.document()->compileError().isEmpty(), qPrintable(w.document()->compileError()));
    const auto before = w.document()->layout();
    const tl::Vec3 coast10 = startOf(w, "coast");

    normal = w.properties()->findChild<QDoubleSpinBox*>("field:curve.normalG");
    typeInto(normal, "-3");
    QCOMPARE(w.document()->spec().tracks[std::size_t(pull)].curve.params.at("normalG"), -3.0);
    const QString error = w.document()->compileError();
    qInfo() << error;
    QVERIFY2(error.contains("/tracks/1/curve") && error.contains("track \"pull\"") &&
                 error.contains("the heartline curves toward the rails with radius") &&
                 error.contains("at heartline s = 0.00 m"),
             qPrintable(error));
    QVERIFY(w.document()->layout() == before); // the last good geometry stays
    QVERIFY((startOf(w, "coast") - coast10).norm() == 0.0);

    normal = w.properties()->findChild<QDoubleSpinBox*>("field:curve.normalG");
    QVERIFY(normal);
    typeInto(normal, "2");
    QVERIFY(w.document()->compileError().isEmpty());
    const tl::Vec3 coast2 = startOf(w, "coast");
    const auto& L = *w.document()->layout();
    const tl::Track& p = L.trackById("pull");
    QVERIFY((coast2 - L.frameInWorld(std::size_t(pull), p.length()).F.P).norm() < 1e-9); // follows the end
    QVERIFY((coast2 - coast10).norm() > 0.5); // pulled up: a different end
    qInfo("coast moved by %.3f m", (coast2 - coast10).norm());

    // undo: the force edits (one command: typed into one field) and the heartline
    while (w.document()->undoStack()->index() > undoStart)
        w.document()->undoStack()->undo();
    QVERIFY(w.document()->compileError().isEmpty());
    QCOMPARE(w.document()->spec().tracks[std::size_t(pull)].curve.params.at("normalG"), 1.0);
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

    // save and reopen in a new window: the same sections (keys, heartline) and the same rails to the end
    QTemporaryDir dir;
    const QString path = dir.filePath("forces.json");
    QVERIFY(w.files()->saveAs(path));
    MainWindow reopened;
    QVERIFY(reopened.files()->open(path));
    QVERIFY(reopened.document()->spec() == w.document()->spec());
    const auto& a = *w.document()->layout();
    const auto& b = *reopened.document()->layout();
    const std::size_t last = a.trackCount() - 1;
    QCOMPARE(b.track(last).length(), a.track(last).length());
    QVERIFY(
        (b.frameInWorld(last, b.track(last).length()).F.P - a.frameInWorld(last, a.track(last).length()).F.P)
            .norm() == 0.0);
}

QTEST_MAIN(TstForceGui)
#include "tst_force_gui.moc"
