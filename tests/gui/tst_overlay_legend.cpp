// The track colour overlay's legend (docs/layout-format.md, "Cant and bank units": cant in mm on railways,
// degrees on coasters; docs/rules-format.md: every overlay gets a legend), driven under Xvfb: View > Track
// Colour > By Cant Deficiency on the railway demo shows "Cant deficiency at 54.0 km/h (mm)" for c3's design
// speed 15 m/s with round ticks -150 ... 150 mm, and the track at c3's middle is coloured by 1500
// sin(atan(15^2 / (120 g))) - 1500 sin(0.1) = 131.85 mm (checked by hand from the radius, the design speed
// and the maximum cant); typing 108 km/h into the twist editor's speed recolours it for 761.2 mm; the cant
// overlay is in mm too; the coaster demo's legends are in degrees; Natural hides the legend.
// tst_overlay_legend_*.png are left to be looked at.
#include "GuiTestUtil.h"

#include "core/layout/Layout.h"
#include "render/scene/LayoutScene.h"
#include "ui/Units.h"
#include "ui/document/Document.h"
#include "ui/document/FileManager.h"
#include "ui/edit/EditController.h"
#include "ui/panels/TwistEditor.h"
#include "ui/view/OverlayLegendWidget.h"

#include <QAction>
#include <QDockWidget>
#include <QDoubleSpinBox>

using tl::ui::MainWindow;
using tl::ui::OverlayLegendWidget;
using namespace guitest;

namespace {
constexpr double kG = 9.81;

QAction* colourAction(MainWindow& w, const char* name) {
    return w.findChild<QAction*>(QString("trackColour:") + name);
}

// Pixels of the grabbed window inside the legend whose colour is near c.
int legendPixelsNear(MainWindow& w, OverlayLegendWidget* legend, const QColor& c) {
    const QImage img = w.grab().toImage();
    const QRect r(legend->mapTo(&w, QPoint(0, 0)), legend->size());
    int n = 0;
    for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x) {
            const QColor p = img.pixelColor(x, y);
            n += std::abs(p.red() - c.red()) + std::abs(p.green() - c.green()) +
                     std::abs(p.blue() - c.blue()) <
                 30;
        }
    return n;
}
} // namespace

class TstOverlayLegend : public QObject {
    Q_OBJECT
public:
    static void initMain() { guitest::initGuiTest(); }

private slots:
    void railwayCantDeficiencyInMillimetres();
    void coasterInDegrees();
};

void TstOverlayLegend::railwayCantDeficiencyInMillimetres() {
    tl::ui::Units::instance().setSpeed(tl::ui::Units::Speed::KilometresPerHour);
    MainWindow w;
    w.resize(1280, 800);
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    auto* legend = w.findChild<OverlayLegendWidget*>("overlayLegend");
    QVERIFY(legend);
    QVERIFY(!legend->isVisible()); // natural colours: no legend
    const int c3 = w.document()->layout()->trackIndex("c3");
    w.editor()->select(c3, -1);
    tl::ui::TwistEditor* te = w.twistEditor();
    QTRY_COMPARE(te->track(), c3);
    QCOMPARE(te->speed(), 15.0); // c3's cant is designed for 15 m/s
    colourAction(w, "cant-deficiency")->trigger();
    QTRY_VERIFY(legend->isVisible());
    QCOMPARE(legend->title(), QString("Cant deficiency at 54.0 km/h (mm)"));
    const QString m = QString(QChar(0x2212));
    QCOMPARE(legend->tickLabels(), (QStringList{m + "150", m + "100", m + "50", "0", "50", "100", "150"}));
    const tl::render::OverlayOptions& o = w.scene()->overlay();
    QCOMPARE(o.speed, 15.0);
    QCOMPARE(o.bankUnit, tl::BankUnit::CantMm);
    QCOMPARE(o.railCentre, 1.5);

    // c3's middle by hand: R = 120 m, design speed 15 m/s, cant capped at 0.1 rad
    const tl::Track& t = w.document()->layout()->track(std::size_t(c3));
    const double s = 0.5 * t.length();
    const double cant = 1500.0 * std::sin(0.1); // 149.75 mm
    const double byHand = 1500.0 * std::sin(std::atan(15.0 * 15.0 / (kG * 120.0))) - cant;
    const double shown = tl::render::overlayValue(t, s, o);
    qInfo("c3 middle at 15 m/s: overlay %.4f mm, by hand %.4f mm; twist editor's largest %.4f mm", shown,
          byHand, te->largestDeficiency());
    QVERIFY(std::abs(byHand - 131.85) < 0.01);
    QVERIFY(std::abs(shown - byHand) < 1e-6);
    // the twist editor states the same deficiency with the same sign (a deficiency, > 0)
    QVERIFY(std::abs(te->largestDeficiency() - byHand) < 0.5);
    w.frameSelected(); // c3 fills the view
    viewImage(w);
    QVERIFY(w.grab().save(QStringLiteral("tst_overlay_legend_railway.png")));
    // the bar is drawn with the overlay's colours: its red end and its blue (excess) end
    QVERIFY(legendPixelsNear(w, legend, QColor::fromRgbF(0.9f, 0.15f, 0.1f)) > 20);
    QVERIFY(legendPixelsNear(w, legend, QColor::fromRgbF(0.15f, 0.35f, 0.9f)) > 20);

    // type the line speed, 108 km/h, into the twist editor: the overlay and its legend follow
    auto* speed = te->findChild<QDoubleSpinBox*>("equilibriumSpeed");
    QVERIFY(speed);
    for (QWidget* p = te; p; p = p->parentWidget())
        if (auto* dock = qobject_cast<QDockWidget*>(p)) dock->show(), dock->raise();
    QTRY_VERIFY(speed->isVisible());
    speed->setFocus();
    QTest::keyClick(speed, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(speed, "108");
    QTest::keyClick(speed, Qt::Key_Return);
    QTRY_COMPARE(w.scene()->overlay().speed, 30.0);
    QCOMPARE(legend->title(), QString("Cant deficiency at 108.0 km/h (mm)"));
    const double fast = 1500.0 * std::sin(std::atan(30.0 * 30.0 / (kG * 120.0))) - cant; // 761.2 mm
    QVERIFY(std::abs(tl::render::overlayValue(t, s, w.scene()->overlay()) - fast) < 1e-6);

    // 18 km/h: c3's cant is too much everywhere; the twist editor states the excess as its size, on a line
    // of its own, and no deficiency (it once reported the largest absolute value, an excess, as "deficiency")
    speed->setFocus();
    QTest::keyClick(speed, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(speed, "18");
    QTest::keyClick(speed, Qt::Key_Return);
    QTRY_COMPARE(w.scene()->overlay().speed, 5.0);
    const double excess = cant - 1500.0 * std::sin(std::atan(5.0 * 5.0 / (kG * 120.0))); // 117.9 mm
    qInfo("c3 at 18 km/h: %s", qPrintable(te->info()));
    QVERIFY(te->info().startsWith("c3: no cant deficiency\nlargest cant excess "));
    const double shownExcess = te->info().section("excess ", 1).section(" mm", 0, 0).toDouble();
    QVERIFY2(std::abs(shownExcess - excess) < 0.05, qPrintable(QString::number(excess)));

    // the cant itself, in mm
    colourAction(w, "bank")->trigger();
    QCOMPARE(legend->title(), QString("Cant (mm)"));
    QVERIFY(std::abs(std::abs(tl::render::overlayValue(t, s, w.scene()->overlay())) - cant) < 1e-6);
    colourAction(w, "natural")->trigger();
    QVERIFY(!legend->isVisible());
}

void TstOverlayLegend::coasterInDegrees() {
    MainWindow w;
    w.resize(1280, 800);
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    auto* legend = w.findChild<OverlayLegendWidget*>("overlayLegend");
    colourAction(w, "cant-deficiency")->trigger();
    QTRY_VERIFY(legend->isVisible());
    QVERIFY(legend->title().endsWith("(mm)"));
    // another layout: a coaster; the overlay stays and states degrees
    QVERIFY(w.files()->openDemo("coaster.json"));
    QTRY_VERIFY(legend->title().endsWith("(°)"));
    QCOMPARE(w.scene()->overlay().bankUnit, tl::BankUnit::Degrees);
    const QString m = QString(QChar(0x2212));
    QCOMPARE(legend->tickLabels(), (QStringList{m + "6", m + "4", m + "2", "0", "2", "4", "6"}));
    const tl::Track& t = w.document()->layout()->track(0);
    const double s = 0.3 * t.length();
    // degrees: the equilibrium bank for the level curvature minus the bank leaning into it
    const double kL = t.upReference()->levelFrame(s).kappa, phi = t.bank(s).wt;
    const double v = w.scene()->overlay().speed;
    const double byHand = (std::atan(v * v * std::abs(kL) / kG) - (kL > 0 ? -phi : phi)) * 180 / M_PI;
    QVERIFY(std::abs(tl::render::overlayValue(t, s, w.scene()->overlay()) - byHand) < 1e-9);
    colourAction(w, "bank")->trigger();
    QCOMPARE(legend->title(), QString("Bank (°)"));
    QCOMPARE(legend->tickLabels(), (QStringList{m + "90", m + "60", m + "30", "0", "30", "60", "90"}));
    QVERIFY(std::abs(tl::render::overlayValue(t, s, w.scene()->overlay()) - phi * 180 / M_PI) < 1e-9);
    viewImage(w);
    QVERIFY(w.grab().save(QStringLiteral("tst_overlay_legend_coaster.png")));
}

QTEST_MAIN(TstOverlayLegend)
#include "tst_overlay_legend.moc"
