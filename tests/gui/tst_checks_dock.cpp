// The Checks dock under Xvfb with real events: Ctrl+Shift+K opens it, the FRA profile is picked with the
// keyboard, the demo's c3 shows as over its permissible speed; clicking c3's violation selects the track and
// flies the camera there; the track is coloured by check with a legend, and speed signs stand along it; a
// bad profile file is refused with its file, JSON path and problem.
#include "GuiTestUtil.h"

#include "render/scene/SpeedSigns.h"
#include "ui/checks/ChecksPanel.h"
#include "ui/document/Document.h"
#include "ui/document/FileManager.h"
#include "ui/edit/EditController.h"

#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QTableWidget>

using tl::ui::MainWindow;
using namespace guitest;

class TstChecksDock : public QObject {
    Q_OBJECT
public:
    static void initMain() { guitest::initGuiTest(); }

private slots:
    void selectViolationFliesThere();
};

namespace {
int rowOf(QTableWidget* t, int column, const QString& text, int column2 = -1, const QString& text2 = {}) {
    for (int r = 0; r < t->rowCount(); ++r)
        if (t->item(r, column)->text() == text && (column2 < 0 || t->item(r, column2)->text() == text2))
            return r;
    return -1;
}
void clickRow(QTableWidget* t, int row) {
    t->scrollToItem(t->item(row, 1));
    const QRect r = t->visualItemRect(t->item(row, 1));
    QTest::mouseClick(t->viewport(), Qt::LeftButton, Qt::NoModifier, r.center());
}
} // namespace

void TstChecksDock::selectViolationFliesThere() {
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    auto* dock = w.findChild<QDockWidget*>("checksDock");
    QVERIFY(dock && dock->isHidden());
    QTest::keyClick(&w, Qt::Key_K, Qt::ControlModifier | Qt::ShiftModifier);
    QTRY_VERIFY(!dock->isHidden());
    tl::ui::ChecksPanel* checks = w.checks();
    // pick the FRA profile with the keyboard
    QComboBox* box = checks->profileBox();
    int fra = -1;
    for (int i = 0; i < box->count(); ++i)
        if (box->itemData(i).toString().endsWith("fra-213-class4.json")) fra = i;
    QVERIFY(fra >= 0);
    box->setFocus();
    QTRY_VERIFY(box->hasFocus());
    while (box->currentIndex() != fra) {
        const int before = box->currentIndex();
        QTest::keyClick(box, before < fra ? Qt::Key_Down : Qt::Key_Up);
        QVERIFY(box->currentIndex() != before);
    }
    QTRY_VERIFY(checks->profile() && checks->profile()->name.find("FRA") != std::string::npos);
    QTRY_VERIFY(!checks->report().curves.empty());
    qInfo("%s", qPrintable(checks->statusText()));

    // the curve table: c3 over its permissible speed, 29.6 mph against 67.1 mph
    QTableWidget* curves = checks->curveTable();
    const int c3row = rowOf(curves, 0, "c3");
    QVERIFY(c3row >= 0);
    QCOMPARE(curves->item(c3row, 4)->text(), QString("67.1 mph"));
    QVERIFY2(curves->item(c3row, 5)->text() == "29.6 mph" || curves->item(c3row, 5)->text() == "29.5 mph",
             qPrintable(curves->item(c3row, 5)->text()));
    QCOMPARE(curves->item(c3row, 7)->text(), QString("OVER permissible"));

    // click the violation on c3: the track is selected and the camera flies to the worst place
    QTableWidget* table = checks->violationTable();
    const int row = rowOf(table, 1, "c3", 0, "curve speed Vmax (3 in unbalance)");
    QVERIFY(row >= 0);
    const tl::Violation v = checks->report().violations[std::size_t(row)];
    const int c3 = w.document()->layout()->trackIndex("c3");
    QVERIFY(w.editor()->selectedTrack() != c3);
    const osg::Vec3d before = w.view()->manipulator()->getCenter();
    const tl::Vec3 place = w.document()->layout()->frameInWorld(std::size_t(c3), v.sWorst).F.P;
    QVERIFY((before - osg::Vec3d(place.x(), place.y(), place.z())).length() > 50);
    clickRow(table, row);
    QTRY_COMPARE(w.editor()->selectedTrack(), c3);
    QTRY_VERIFY_WITH_TIMEOUT(
        (w.view()->manipulator()->getCenter() - osg::Vec3d(place.x(), place.y(), place.z())).length() < 0.01,
        3000);
    QTRY_VERIFY_WITH_TIMEOUT(w.view()->manipulator()->getDistance() <= 150.0 + 1e-9,
                             3000); // the flight's end
    qInfo("camera centre at (%.1f, %.1f, %.1f), c3 s = %.1f m", w.view()->manipulator()->getCenter().x(),
          w.view()->manipulator()->getCenter().y(), w.view()->manipulator()->getCenter().z(), v.sWorst);

    // the overlay: a legend over the 3D view naming each rule; c3 drawn in the first rule's colour (red)
    QVERIFY(checks->legend()->isVisible());
    QVERIFY(checks->legend()->text().contains("curve speed Vmax"));
    QVERIFY(checks->legend()->text().contains("within every limit"));
    const QImage img = viewImage(w);
    int red = 0;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x) {
            const QColor c = img.pixelColor(x, y);
            if (c.red() > 150 && c.green() < 90 && c.blue() < 90) ++red;
        }
    qInfo("%d red pixels of the vmax overlay near c3", red);
    QVERIFY(red > 200);
    w.grab().save(QStringLiteral("tst_checks_dock.png"));

    // speed signs: the demo's three line-speed signs (bottom1, c3, turnout) and one per curve
    QCOMPARE(checks->signs().signs().size(), 3 + checks->report().curves.size());
    QVERIFY(checks->signs().isVisible());

    // a curve row: its tightest place (c3 itself)
    const int c1row = rowOf(curves, 0, "c1");
    QVERIFY(c1row >= 0);
    clickRow(curves, c1row);
    QTRY_COMPARE(w.editor()->selectedTrack(), w.document()->layout()->trackIndex("c1"));

    // a bad profile: refused with its file, JSON path and problem; the FRA check stays
    const int n = box->count();
    QVERIFY(!checks->openProfile(QString(TRACKLAB_SOURCE_DIR) + "/tests/data/checks/bad_unit_rules.json"));
    QVERIFY2(
        checks->statusText().contains("bad_unit_rules.json: /rules/1/unit: &quot;km/h&quot; is not a length"),
        qPrintable(checks->statusText()));
    QCOMPARE(box->count(), n);
    QVERIFY(checks->profile()->name.find("FRA") != std::string::npos);

    // closing the dock takes its overlay, legend and signs away
    QTest::keyClick(&w, Qt::Key_K, Qt::ControlModifier | Qt::ShiftModifier);
    QTRY_VERIFY(dock->isHidden());
    QTRY_VERIFY(!checks->legend()->isVisible());
    QVERIFY(!checks->signs().isVisible());
}

QTEST_MAIN(TstChecksDock)
#include "tst_checks_dock.moc"
