// The main window under Xvfb with real mouse events: the OSG view renders (not blank), a mouse drag
// orbits the camera, the live plot fills from the running simulation, and About names the libraries.
#include "physics/demo/PendulumDemo.h"
#include "ui/MainWindow.h"
#include "ui/plots/LivePlot.h"
#include "ui/view/GlFormat.h"
#include "ui/view/OsgViewWidget.h"

#include <QtTest>

#include <cmath>

using tl::ui::MainWindow;

class TstMainWindow : public QObject {
    Q_OBJECT
public:
    static void initMain() { tl::ui::setDefaultSurfaceFormat(); }

private slots:
    void viewRendersScene();
    void mouseDragOrbitsCamera();
    void wheelZooms();
    void plotFillsFromSimulation();
    void aboutNamesLibraries();
};

namespace {
// Variance of the luminance over an image region: a blank (uniformly cleared) view gives ~0.
double luminanceVariance(const QImage& img) {
    double sum = 0, sum2 = 0;
    const int n = img.width() * img.height();
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x) {
            const double l = qGray(img.pixel(x, y));
            sum += l;
            sum2 += l * l;
        }
    const double mean = sum / n;
    return sum2 / n - mean * mean;
}

void showAndWait(MainWindow& w) {
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QTRY_VERIFY_WITH_TIMEOUT(w.view()->framesRendered() > 5, 15000);
}
} // namespace

void TstMainWindow::viewRendersScene() {
    MainWindow w;
    showAndWait(w);
    qInfo() << "GL:" << w.view()->glInfo();
    const QImage shot = w.grab().toImage();
    QVERIFY(!shot.isNull());
    QVERIFY(shot.save(QStringLiteral("tst_mainwindow.png")));
    const QRect area(w.view()->mapTo(&w, QPoint(0, 0)), w.view()->size());
    const QImage view = shot.copy(area);
    const double var = luminanceVariance(view);
    qInfo() << "view area" << area << "luminance variance" << var;
    // sky + ground + grid + body: measured ~ 600 here; a blank view (one clear colour) gives 0.
    QVERIFY2(var > 50.0, "the 3D view looks blank");
    // top row is sky (the clear colour 0.62, 0.74, 0.86), bottom rows are lit ground (greenish)
    const QColor sky = view.pixelColor(view.width() / 2, 2);
    QVERIFY2(std::abs(sky.blue() - 219) < 8 && sky.blue() > sky.red(), qPrintable(sky.name()));
    const QColor ground = view.pixelColor(view.width() / 2, view.height() - 3);
    QVERIFY2(ground.green() > ground.blue() && ground.green() > ground.red(), qPrintable(ground.name()));
}

void TstMainWindow::mouseDragOrbitsCamera() {
    MainWindow w;
    showAndWait(w);
    w.setRunning(false);
    tl::ui::OsgViewWidget* v = w.view();
    const osg::Matrixd before = v->viewer()->getCamera()->getViewMatrix();
    const int framesBefore = v->framesRendered();
    const QPoint c = v->rect().center();
    QTest::mousePress(v, Qt::LeftButton, Qt::NoModifier, c);
    for (int i = 1; i <= 10; ++i) {
        const QPointF p = c + QPoint(i * 15, i * 4);
        QMouseEvent move(QEvent::MouseMove, p, v->mapToGlobal(p), Qt::NoButton, Qt::LeftButton,
                         Qt::NoModifier);
        QApplication::sendEvent(v, &move);
        QTest::qWait(20);
    }
    QTest::mouseRelease(v, Qt::LeftButton, Qt::NoModifier, c + QPoint(150, 40));
    QTRY_VERIFY_WITH_TIMEOUT(v->framesRendered() > framesBefore + 3, 5000);
    const osg::Matrixd after = v->viewer()->getCamera()->getViewMatrix();
    // the eye orbits: the viewing direction changes by a clear angle, the up axis stays +z (fixed vertical)
    const osg::Vec3d dirBefore = osg::Matrixd::inverse(before).getRotate() * osg::Vec3d(0, 0, -1);
    const osg::Vec3d dirAfter = osg::Matrixd::inverse(after).getRotate() * osg::Vec3d(0, 0, -1);
    const double angle = std::acos(std::clamp(dirBefore * dirAfter, -1.0, 1.0));
    qInfo() << "view direction turned by" << angle * 180 / M_PI << "deg";
    QVERIFY2(angle > 5.0 * M_PI / 180, "camera did not orbit");
    const osg::Vec3d rightAfter = osg::Matrixd::inverse(after).getRotate() * osg::Vec3d(1, 0, 0);
    QVERIFY2(std::abs(rightAfter.z()) < 1e-6, "orbit tilted the horizon (vertical axis not fixed)");
}

void TstMainWindow::wheelZooms() {
    MainWindow w;
    showAndWait(w);
    w.setRunning(false);
    tl::ui::OsgViewWidget* v = w.view();
    const double d0 = v->manipulator()->getDistance();
    const QPoint c = v->rect().center();
    for (int i = 0; i < 3; ++i) {
        QWheelEvent wheel(c, v->mapToGlobal(c), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
        QApplication::sendEvent(v, &wheel);
        QTest::qWait(30);
    }
    QTRY_VERIFY(v->manipulator()->getDistance() != d0);
    qInfo() << "distance" << d0 << "->" << v->manipulator()->getDistance();
    QVERIFY(v->manipulator()->getDistance() < d0);
}

void TstMainWindow::plotFillsFromSimulation() {
    MainWindow w;
    showAndWait(w);
    QTRY_VERIFY_WITH_TIMEOUT(w.simulation().time() > 1.0, 10000);
    QTRY_VERIFY_WITH_TIMEOUT(w.plot()->pointCount(0) > 20, 5000);
    QVERIFY(w.plot()->pointCount(0) <= w.plot()->maxPointsPerSeries() + 1);
    // the plotted swing angle is the simulation's: |angle| <= start angle 0.6 rad = 34.4 deg (+1 % slack)
    w.setRunning(false);
    const double a = w.simulation().angle();
    QVERIFY(std::abs(a) <= 0.6 * 1.01);
}

void TstMainWindow::aboutNamesLibraries() {
    const QString text = MainWindow::aboutText();
    QVERIFY2(text.contains("Qt 6.") && text.contains("OpenSceneGraph 3.") && text.contains("Bullet 3.") &&
                 text.contains("double precision") && text.contains("Eigen 3."),
             qPrintable(text));
}

QTEST_MAIN(TstMainWindow)
#include "tst_mainwindow.moc"
