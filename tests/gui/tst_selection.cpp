// Selection never edits: a press-release on a control point that moves less than the drag threshold
// selects the point and changes nothing (the undo stack stays empty); tracks are picked by their distance
// on screen, so the demo's thin track lines can be clicked at the opening zoom.
#include "GuiTestUtil.h"
#include "render/OsgConvert.h"
#include "render/scene/LayoutScene.h"
#include "ui/document/Document.h"
#include "ui/document/FileManager.h"
#include "ui/edit/EditController.h"

using tl::ui::MainWindow;
using namespace guitest;

class TstSelection : public QObject {
    Q_OBJECT
public:
    static void initMain() { guitest::initGuiTest(); }

private slots:
    void clickOnControlPointOnlySelects();
    void thinTrackPickedWithinPixels();
};

void TstSelection::clickOnControlPointOnlySelects() {
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    const int track = w.document()->layout()->trackIndex("hill");
    const int k = 2;
    w.editor()->select(track, k);
    w.frameSelected();
    viewImage(w);
    w.editor()->select(track, -1); // the track selected, no point: its handles are shown (only the
                                   // selected track's are)
    const tl::LayoutSpec before = w.document()->spec();
    const QPointF at = w.view()->project(tl::render::toOsg(w.scene()->handlePosition(track, k)));
    // a click 3 px off the handle's centre with a 2 px jitter while the button is down
    const QPoint from = at.toPoint() + QPoint(3, 0);
    drag(w.view(), from, from + QPoint(2, 1), Qt::NoModifier, 2);
    QCOMPARE(w.editor()->selectedTrack(), track);
    QCOMPARE(w.editor()->selectedPoint(), k);
    QCOMPARE(w.document()->undoStack()->count(), 0);
    QVERIFY(!w.document()->isModified());
    QVERIFY(w.document()->spec() == before);
    // a real drag (past the threshold) still moves it, as one step
    drag(w.view(), from, from + QPoint(40, 10));
    QCOMPARE(w.document()->undoStack()->count(), 1);
}

void TstSelection::thinTrackPickedWithinPixels() {
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    viewImage(w); // the opening view: the whole 3.8 km layout, tracks a pixel or two wide
    const tl::Layout& L = *w.document()->layout();
    int picked = 0;
    for (const char* id : {"top", "left", "c2", "c1"}) {
        const int t = L.trackIndex(id);
        const tl::Vec3 p = L.frameInWorld(std::size_t(t), 0.5 * L.track(std::size_t(t)).length()).F.P;
        const QPointF at = w.view()->project(tl::render::toOsg(p));
        // 3 px beside the line (perpendicular enough: try both axes, take the one that stays nearest)
        w.editor()->select(-1, -1);
        QTest::mouseClick(w.view(), Qt::LeftButton, Qt::NoModifier, (at + QPointF(0, 3)).toPoint());
        qInfo() << id << "at" << at << "picked" << w.editor()->selectedTrack();
        if (w.editor()->selectedTrack() == t) ++picked;
    }
    QCOMPARE(picked, 4);
    QCOMPARE(w.document()->undoStack()->count(), 0);
    // far from every track: nothing
    QTest::mouseClick(w.view(), Qt::LeftButton, Qt::NoModifier, QPoint(3, 3));
    QCOMPARE(w.editor()->selectedTrack(), -1);
}

QTEST_MAIN(TstSelection)
#include "tst_selection.moc"
