// Bank as users state it (docs/layout-format.md, "The up frame"), driven like a user under Xvfb: the
// Properties panel's "Measured from" control (bank from the vertical / twist of the Frenet frame) changed
// with real mouse and key events on the demo's hill, with the status bar's readout, the spec, undo, save and
// reopen checked; and cant shown and typed in mm over 1500 mm on the railway demo (c3: 0.1 rad -> 1500 sin
// 0.1 = 149.75 mm; typing 150 mm stores asin(0.1) = 0.100167 rad and reopens as 150.0 mm), bank in degrees on
// the coaster (docs/validation.md "Cant in mm": E = e sin(phi)).
#include "GuiTestUtil.h"

#include "core/curves/Spline.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutJson.h"
#include "render/OsgConvert.h"
#include "render/scene/LayoutScene.h"
#include "ui/BankDisplay.h"
#include "ui/document/Document.h"
#include "ui/document/FileManager.h"
#include "ui/document/RecoveryStore.h"
#include "ui/edit/EditController.h"
#include "ui/panels/PropertyPanel.h"
#include "ui/panels/TwistEditor.h"

#include <QAbstractItemView>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QStatusBar>
#include <QTemporaryDir>

using tl::ui::MainWindow;
using namespace guitest;

namespace {
// Show and raise the dock holding `panel` (docks may start tabbed or hidden).
void raiseDock(QWidget* panel) {
    for (QWidget* p = panel; p; p = p->parentWidget())
        if (auto* dock = qobject_cast<QDockWidget*>(p)) {
            dock->show();
            dock->raise();
            return;
        }
}

template <class W> W* field(MainWindow& w, const QString& name) {
    W* f = nullptr;
    (void)QTest::qWaitFor(
        [&] { return (f = w.properties()->findChild<W*>(name)) != nullptr && f->isVisible(); });
    return f;
}

// Click the track at arc length s in the 3D view (it selects the track and the status bar reads it out).
QString clickTrack(MainWindow& w, int track, double s) {
    viewImage(w);
    const tl::Vec3 p = w.document()->layout()->frameInWorld(std::size_t(track), s).F.P;
    const QPoint at = w.view()->project(tl::render::toOsg(p)).toPoint();
    w.statusBar()->clearMessage();
    QTest::mouseClick(w.view(), Qt::LeftButton, Qt::NoModifier, at);
    (void)QTest::qWaitFor([&] { return !w.statusBar()->currentMessage().isEmpty(); }, 3000);
    return w.statusBar()->currentMessage();
}

// Pick an entry of a combo box with the mouse: open its popup, click the row.
void chooseWithMouse(QComboBox* combo, int index) {
    QTest::mouseClick(combo, Qt::LeftButton);
    QAbstractItemView* list = combo->view();
    QTRY_VERIFY(list->isVisible());
    QTest::qWait(QApplication::doubleClickInterval() + 100); // the popup ignores a release that soon
    const QRect row = list->visualRect(list->model()->index(index, 0));
    QTest::mouseClick(list->viewport(), Qt::LeftButton, Qt::NoModifier, row.center());
    QTRY_VERIFY(!list->isVisible());
}
} // namespace

class TstBankUnits : public QObject {
    Q_OBJECT
public:
    static void initMain() { guitest::initGuiTest(); }

private slots:
    void init() { QDir(tl::ui::RecoveryStore::directory()).removeRecursively(); }
    void measuredFromControl();
    void railwayCantInMillimetres();
    void coasterBankInDegrees();
};

void TstBankUnits::measuredFromControl() {
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    const int hill = w.document()->layout()->trackIndex("hill");
    QVERIFY(hill >= 0);
    w.editor()->select(hill, -1);
    w.frameSelected();
    raiseDock(w.properties());
    // a place between control points 4 and 5 (the handles sit on the points)
    const auto* spline =
        dynamic_cast<const tl::Spline*>(&w.document()->layout()->track(std::size_t(hill)).curve());
    QVERIFY(spline);
    const double s = 0.5 * (spline->pointArcLength(4) + spline->pointArcLength(5));

    // bank from the vertical: the climbing hill has level rails (docs/validation.md "Bank from the vertical")
    QString msg = clickTrack(w, hill, s);
    qInfo() << "up frame:" << msg;
    QCOMPARE(w.editor()->selectedTrack(), hill);
    QVERIFY2(msg.startsWith("hill:") && msg.contains("cant 0.0 mm,"), qPrintable(msg));
    QVERIFY(std::abs(w.document()->layout()->track(std::size_t(hill)).bank(s).wt) < 1e-9);
    auto* frame = field<QComboBox>(w, "field:frame");
    QVERIFY(frame);
    QCOMPARE(frame->currentData().toString(), QString("up"));

    // the user picks "twist of the Frenet frame": the hill lies in a vertical plane, its Frenet binormal is
    // horizontal, so without a twist the rails stand on edge: bank 90 deg from the vertical (shown as an
    // angle: no cant)
    const int undoBefore = w.document()->undoStack()->count();
    chooseWithMouse(frame, 1);
    QCOMPARE(w.document()->undoStack()->count(), undoBefore + 1);
    QCOMPARE(int(w.document()->spec().tracks[std::size_t(hill)].frame), int(tl::TrackFrame::Frenet));
    const double frenetBank = w.document()->layout()->track(std::size_t(hill)).bank(s).wt;
    qInfo() << "Frenet frame: bank" << frenetBank * 180 / M_PI << "deg";
    QVERIFY(std::abs(std::abs(frenetBank) - M_PI / 2) < 1e-6);
    msg = clickTrack(w, hill, s);
    qInfo() << "Frenet frame:" << msg;
    QVERIFY2(msg.contains(QRegularExpression("bank -?90\\.00°")), qPrintable(msg));
    // the twist editor follows: +-90 deg is 1500 mm of "cant" on its axis
    QTRY_VERIFY(!w.twistEditor()->twistCurve().isEmpty());
    QVERIFY(std::abs(std::abs(w.twistEditor()->twistCurve()[200].y()) - 1500.0) < 0.5);

    // undo (Ctrl+Z on the window): the up frame and level rails are back, the control too
    w.activateWindow();
    QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(int(w.document()->spec().tracks[std::size_t(hill)].frame), int(tl::TrackFrame::Up));
    QVERIFY(std::abs(w.document()->layout()->track(std::size_t(hill)).bank(s).wt) < 1e-9);
    // the panel rebuilds deferred: look the control up again until the new one shows
    const auto frameValueup = [&] {
        QComboBox* f = field<QComboBox>(w, "field:frame");
        return f ? f->currentData().toString() : QString();
    };
    QTRY_COMPARE(frameValueup(), QString("up"));
    QTest::qWait(50);
    frame = field<QComboBox>(w, "field:frame");
    // redo (Ctrl+Shift+Z), save, reopen: the Frenet choice is kept in the file
    QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(int(w.document()->spec().tracks[std::size_t(hill)].frame), int(tl::TrackFrame::Frenet));
    QTemporaryDir dir;
    const QString path = dir.filePath("hill-frenet.json");
    QVERIFY(w.files()->saveAs(path));
    QVERIFY(w.files()->open(path));
    QCOMPARE(int(w.document()->spec().tracks[std::size_t(hill)].frame), int(tl::TrackFrame::Frenet));
    w.editor()->select(hill, -1);
    // the panel rebuilds deferred: look the control up again until the new one shows
    const auto frameValuefrenet = [&] {
        QComboBox* f = field<QComboBox>(w, "field:frame");
        return f ? f->currentData().toString() : QString();
    };
    QTRY_COMPARE(frameValuefrenet(), QString("frenet"));
    QTest::qWait(50);
    frame = field<QComboBox>(w, "field:frame");
    QVERIFY(std::abs(std::abs(w.document()->layout()->track(std::size_t(hill)).bank(s).wt) - M_PI / 2) <
            1e-6);
    // and back with the keyboard (focus the control, arrow up): level again, one more undo step
    frame->setFocus();
    QTest::keyClick(frame, Qt::Key_Up);
    QCOMPARE(int(w.document()->spec().tracks[std::size_t(hill)].frame), int(tl::TrackFrame::Up));
    QVERIFY(std::abs(w.document()->layout()->track(std::size_t(hill)).bank(s).wt) < 1e-9);
    // the readout the status bar shows for a click there (the click itself is exercised above)
    msg = tl::ui::bankReadout(w.document()->spec(), w.document()->layout()->track(std::size_t(hill)), s);
    QVERIFY2(msg.startsWith("cant 0.0 mm"), qPrintable(msg));
    QVERIFY(w.files()->saveAs(path));
    QVERIFY(w.files()->open(path));
    QCOMPARE(int(w.document()->spec().tracks[std::size_t(hill)].frame), int(tl::TrackFrame::Up));
}

void TstBankUnits::railwayCantInMillimetres() {
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    const int c3 = w.document()->layout()->trackIndex("c3");
    QVERIFY(c3 >= 0);
    w.editor()->select(c3, -1);
    w.frameSelected();
    raiseDock(w.properties());
    raiseDock(w.twistEditor());
    const double maxAngle = w.document()->spec().tracks[std::size_t(c3)].twist->params.at("maxAngle");
    QCOMPARE(maxAngle, 0.1);
    const double e = 1500 * std::sin(maxAngle); // 149.750 mm
    // Properties: the cant twist's maximum in mm over 1500 mm
    auto* maxCant = field<QDoubleSpinBox>(w, "field:twist.-1.maxAngle");
    QVERIFY(maxCant);
    QCOMPARE(maxCant->suffix(), QString(" mm"));
    QCOMPARE(maxCant->value(), std::round(e * 10) / 10);
    // status bar: c3's middle is canted 0.1 rad (the ramp is done there)
    const double L = w.document()->layout()->track(std::size_t(c3)).length();
    const double bankMid = w.document()->layout()->track(std::size_t(c3)).bank(0.5 * L).wt;
    QString msg = clickTrack(w, c3, 0.5 * L);
    qInfo() << msg << "bank" << bankMid;
    // the cant's size and its raised rail (c3 turns left: the right rail)
    QVERIFY(bankMid < 0);
    QVERIFY2(msg.contains(
                 QString("cant %1 mm (right rail high)").arg(1500 * std::abs(std::sin(bankMid)), 0, 'f', 1)),
             qPrintable(msg));
    QVERIFY(std::abs(std::abs(1500 * std::sin(bankMid)) - e) < 0.05);
    QVERIFY2(msg.contains(bankMid < 0 ? "right rail high" : "left rail high"), qPrintable(msg));
    // twist editor: the track's design speed (c3's cant: 15 m/s), mm on the axis, the largest cant
    // deficiency in mm: 1500 sin(atan(15^2 / (120 g))) - 149.75 = 281.4 - 149.75 = 131.7 mm
    tl::ui::TwistEditor* te = w.twistEditor();
    QTRY_COMPARE(te->track(), c3);
    QCOMPARE(te->speed(), 15.0);
    QVERIFY2(te->axisTitle().contains("mm"), qPrintable(te->axisTitle()));
    double peak = 0;
    for (const QPointF& p : te->twistCurve()) {
        QVERIFY(p.y() >= 0); // the cant's size
        peak = std::max(peak, p.y());
    }
    QVERIFY(std::abs(peak - e) < 0.05);
    // c3 turns left, its right rail is raised: the whole arc is drawn again in the right-high colour, and
    // the chart's legend names both sides
    double rightPeak = 0, rightFrom = 1e9, rightTo = -1;
    for (const auto& run : te->rightRailHighCurves())
        for (const QPointF& p : run) {
            rightPeak = std::max(rightPeak, p.y());
            rightFrom = std::min(rightFrom, p.x());
            rightTo = std::max(rightTo, p.x());
        }
    QVERIFY(std::abs(rightPeak - e) < 0.05);
    const double c3Length = w.document()->layout()->track(std::size_t(c3)).length();
    QVERIFY2(rightFrom < 0.01 * c3Length && rightTo > 0.99 * c3Length,
             qPrintable(QString("%1 .. %2 of %3 m").arg(rightFrom).arg(rightTo).arg(c3Length)));
    te->grab().save("tst_bank_units_twist.png");
    QStringList names;
    for (QAbstractSeries* series : te->chartView()->chart()->series())
        names << series->name();
    QVERIFY2(names.contains("cant [mm] over 1500 mm, left rail high") && names.contains("right rail high"),
             qPrintable(names.join(" | ")));
    const double deficiency = 1500 * std::sin(std::atan(15.0 * 15.0 / (120.0 * 9.81))) - e;
    qInfo() << te->info() << "expected" << deficiency;
    QVERIFY(std::abs(te->largestDeficiency() - deficiency) < 0.5); // a deficiency: > 0
    QVERIFY2(
        te->info().contains(QString("largest cant deficiency %1 mm").arg(te->largestDeficiency(), 0, 'f', 1)),
        qPrintable(te->info()));

    // type 150 mm into the field (real keys): asin(150 / 1500) rad is stored, one undo step
    const int undoBefore = w.document()->undoStack()->count();
    maxCant->setFocus();
    QTest::keyClick(maxCant, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(maxCant, "150");
    QTest::keyClick(maxCant, Qt::Key_Return);
    QTRY_COMPARE(w.document()->undoStack()->count(), undoBefore + 1);
    const double stored = w.document()->spec().tracks[std::size_t(c3)].twist->params.at("maxAngle");
    qInfo() << "stored maxAngle" << QString::number(stored, 'g', 10) << "rad";
    QVERIFY(std::abs(stored - std::asin(0.1)) < 1e-12);
    QCOMPARE(QString::number(stored, 'f', 4), QString("0.1002"));
    QTemporaryDir dir;
    const QString path = dir.filePath("c3-150mm.json");
    QVERIFY(w.files()->saveAs(path));
    QVERIFY(w.files()->open(path));
    QVERIFY(std::abs(w.document()->spec().tracks[std::size_t(c3)].twist->params.at("maxAngle") -
                     std::asin(0.1)) < 1e-15);
    w.editor()->select(c3, -1);
    // the panel rebuilds deferred: look the field up again until the new one shows
    QTRY_COMPARE(field<QDoubleSpinBox>(w, "field:twist.-1.maxAngle")->value(), 150.0);
    QVERIFY(!w.document()->isModified());

    // a metre-gauge layout ("railCentreDistance": 1.06) measures the same bank over 1060 mm
    tl::LayoutSpec narrow = w.document()->spec();
    narrow.railCentreDistance = 1.06;
    const QString narrowPath = dir.filePath("narrow.json");
    {
        QFile f(narrowPath);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(tl::layoutSpecToJson(narrow).dump(1)));
    }
    QVERIFY(w.files()->open(narrowPath));
    w.editor()->select(c3, -1);
    QTRY_COMPARE(field<QDoubleSpinBox>(w, "field:twist.-1.maxAngle")->value(), 106.0); // 1060 mm x 0.1
}

void TstBankUnits::coasterBankInDegrees() {
    MainWindow w;
    QVERIFY(w.files()->openDemo("coaster.json"));
    QVERIFY(showAndWait(w));
    const int loop = w.document()->layout()->trackIndex("loop");
    QVERIFY(loop >= 0);
    // the lift chain and the station booster are drawn (render/track/DriveSections.h): their colours show
    auto countNear = [](const QImage& img, QColor c) {
        int n = 0;
        for (int y = 0; y < img.height(); ++y)
            for (int x = 0; x < img.width(); ++x) {
                const QColor p = img.pixelColor(x, y);
                n += std::abs(p.red() - c.red()) + std::abs(p.green() - c.green()) +
                         std::abs(p.blue() - c.blue()) <
                     40;
            }
        return n;
    };
    const QImage first = viewImage(w);
    const int chainPixels = countNear(first, QColor::fromRgbF(0.98f, 0.80f, 0.05f));
    const int boosterPixels = countNear(first, QColor::fromRgbF(0.10f, 0.45f, 0.95f));
    qInfo() << "chain-coloured pixels" << chainPixels << "booster-coloured pixels" << boosterPixels;
    QVERIFY(chainPixels > 200);
    QVERIFY(boosterPixels > 20);
    QCOMPARE(w.scene()->driveSections()->getNumChildren(), 1u); // one group holding both sections
    w.editor()->select(loop, -1);
    w.frameSelected();
    raiseDock(w.properties());
    auto* maxBank = field<QDoubleSpinBox>(w, "field:twist.-1.maxAngle");
    QVERIFY(maxBank);
    QCOMPARE(maxBank->suffix(), QString(" °"));
    QCOMPARE(maxBank->value(), std::round(1.0 * 180 / M_PI * 100) / 100); // 57.30 deg
    tl::ui::TwistEditor* te = w.twistEditor();
    QTRY_COMPARE(te->track(), loop);
    QCOMPARE(te->speed(), 18.0); // the cant's design speed
    QVERIFY2(te->axisTitle().contains("°") && !te->axisTitle().contains("mm"), qPrintable(te->axisTitle()));
    QVERIFY2(te->info().contains("°") && !te->info().contains("mm"), qPrintable(te->info()));
    // the curve is the bank from the vertical in degrees
    const tl::Track& t = w.document()->layout()->track(std::size_t(loop));
    const QPointF p = te->twistCurve()[100];
    QVERIFY(std::abs(p.y() - t.bank(p.x()).wt * 180 / M_PI) < 1e-9);
    double s = 0, most = 0; // the most banked place
    for (const QPointF& q : te->twistCurve())
        if (std::abs(q.y()) > std::abs(most)) most = q.y(), s = q.x();
    QString msg = clickTrack(w, loop, s);
    if (msg.isEmpty()) // the most banked place may lie behind the loop from the opening view: its readout
        msg = tl::ui::bankReadout(w.document()->spec(), t, s);
    qInfo() << msg << "most banked" << most << "deg at" << s;
    QVERIFY2(msg.contains(QString("bank %1°").arg(t.bank(s).wt * 180 / M_PI, 0, 'f', 2)), qPrintable(msg));
    QVERIFY(!msg.contains("mm"));
}

QTEST_MAIN(TstBankUnits)
#include "tst_bank_units.moc"
