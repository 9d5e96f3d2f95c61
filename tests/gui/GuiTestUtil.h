#pragma once
// Helpers shared by the GUI tests (real windows under Xvfb, real mouse events).
#include "render/OsgConvert.h"
#include "ui/MainWindow.h"
#include "ui/document/Document.h"
#include "ui/edit/EditController.h"
#include "ui/sim/SimulationController.h"
#include "ui/view/GlFormat.h"
#include "ui/view/OsgViewWidget.h"

#include <QAbstractItemView>
#include <QCompleter>
#include <QFileDialog>
#include <QLineEdit>
#include <QPushButton>
#include <QSlider>
#include <QStyleOptionSlider>
#include <QTimer>
#include <QtTest>

#include <cmath>
#include <functional>

namespace guitest {

// For each GUI test's initMain(), before the QApplication exists: the GL format OSG needs, and test-mode
// standard paths (settings, recovery files) so a test never touches the user's.
inline void initGuiTest() {
    tl::ui::setDefaultSurfaceFormat();
    QStandardPaths::setTestModeEnabled(true);
}

// The user guide's pictures (docs/images, remade by `./tracklab.sh screenshots`): with TRACKLAB_DOC_IMAGES
// set to a folder, a test that reaches the moment a picture shows saves the window there under the
// picture's name.
inline void docImage(QWidget& window, const char* name) {
    const QString dir = qEnvironmentVariable("TRACKLAB_DOC_IMAGES");
    if (dir.isEmpty()) return;
    if (!window.grab().save(dir + "/" + name)) qWarning("cannot write %s/%s", qPrintable(dir), name);
}

// Luminance variance of an image: a blank (uniformly cleared) view gives ~0.
inline double luminanceVariance(const QImage& img) {
    double sum = 0, sum2 = 0;
    const double n = double(img.width()) * img.height();
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x) {
            const double l = qGray(img.pixel(x, y));
            sum += l;
            sum2 += l * l;
        }
    const double mean = sum / n;
    return sum2 / n - mean * mean;
}

// Number of pixels whose RGB differ by more than `threshold` (sum of channel differences).
inline int differingPixels(const QImage& a, const QImage& b, int threshold = 40) {
    if (a.size() != b.size()) return a.width() * a.height();
    int n = 0;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x) {
            const QRgb p = a.pixel(x, y), q = b.pixel(x, y);
            if (std::abs(qRed(p) - qRed(q)) + std::abs(qGreen(p) - qGreen(q)) +
                    std::abs(qBlue(p) - qBlue(q)) >
                threshold)
                ++n;
        }
    return n;
}

// The 3D view as currently rendered (after the pending frames were drawn).
inline QImage viewImage(tl::ui::MainWindow& w) {
    const int before = w.view()->framesRendered();
    w.view()->update();
    (void)QTest::qWaitFor([&] { return w.view()->framesRendered() > before; }, 5000);
    return w.view()->grabFramebuffer();
}

inline bool showAndWait(tl::ui::MainWindow& w) {
    w.show();
    if (!QTest::qWaitForWindowExposed(&w)) return false;
    w.activateWindow(); // keyboard shortcuts need the active window
    if (!QTest::qWaitForWindowActive(&w)) return false;
    return QTest::qWaitFor(
        [&] {
            w.view()->update(); // the view renders on demand
            return w.view()->framesRendered() > 3;
        },
        15000);
}

// Select track `id` where arc length s lies, as a user does: a click near the place, F frames the selected
// track, a click on the place.
inline void clickTrack(tl::ui::MainWindow& w, const std::string& id, double s) {
    tl::ui::OsgViewWidget* v = w.view();
    w.frameAll();
    viewImage(w);
    const auto L = w.document()->layout();
    const int t = L->trackIndex(id);
    QVERIFY2(t >= 0, id.c_str());
    const osg::Vec3d place = tl::render::toOsg(L->frameInWorld(std::size_t(t), s).F.P);
    QTest::mouseClick(v, Qt::LeftButton, Qt::NoModifier, v->project(place).toPoint());
    QTest::keyClick(v, Qt::Key_F);
    viewImage(w);
    QTest::mouseClick(v, Qt::LeftButton, Qt::NoModifier, v->project(place).toPoint());
    viewImage(w);
    QCOMPARE(w.editor()->selectedTrack(), t);
}

// A left-button drag with intermediate moves (what a user's mouse produces).
inline void drag(QWidget* w, QPoint from, QPoint to, Qt::KeyboardModifiers mods = Qt::NoModifier,
                 int steps = 8) {
    QTest::mousePress(w, Qt::LeftButton, mods, from);
    for (int i = 1; i <= steps; ++i) {
        const QPointF p = from + (to - from) * (double(i) / steps);
        QMouseEvent move(QEvent::MouseMove, p, w->mapToGlobal(p), Qt::NoButton, Qt::LeftButton, mods);
        QApplication::sendEvent(w, &move);
        QTest::qWait(15);
    }
    QTest::mouseRelease(w, Qt::LeftButton, mods, to);
}

// Lets the event loop run the (started) simulation until done() holds. Bounded by simulated time and by
// the run's state, never by the wall clock (a sanitizer build on a shared machine is many times slower):
// gives up once the live run passes maxSimTime seconds or stops running; ctest's timeout is the backstop.
template <class Done> bool runUntil(tl::ui::SimulationController* sim, Done done, double maxSimTime) {
    for (;;) {
        if (done()) return true;
        if (!sim->isRunning() || !sim->simulation() || sim->simulation()->time() > maxSimTime) return done();
        QTest::qWait(10);
    }
}

// Drag a slider's handle to the given fraction of its groove with the mouse.
inline void dragSlider(QSlider* s, double fraction) {
    QStyleOptionSlider opt;
    opt.initFrom(s);
    opt.orientation = s->orientation();
    opt.minimum = s->minimum();
    opt.maximum = s->maximum();
    opt.sliderPosition = s->sliderPosition();
    opt.sliderValue = s->value();
    const QRect handle = s->style()->subControlRect(QStyle::CC_Slider, &opt, QStyle::SC_SliderHandle, s);
    const QRect groove = s->style()->subControlRect(QStyle::CC_Slider, &opt, QStyle::SC_SliderGroove, s);
    const QPoint from = handle.center();
    const QPoint to(groove.left() + int(fraction * groove.width()), from.y());
    drag(s, from, to);
}

// Runs `act` on the modal dialog of type D as soon as it is shown (from inside its exec()).
template <class D> void whenDialogShows(std::function<void(D*)> act) {
    auto* timer = new QTimer;
    timer->setInterval(20);
    QObject::connect(timer, &QTimer::timeout, [timer, act] {
        D* d = qobject_cast<D*>(QApplication::activeModalWidget());
        for (QWidget* w : QApplication::topLevelWidgets())
            if (!d && qobject_cast<D*>(w) && w->isVisible()) d = qobject_cast<D*>(w);
        if (d && d->isVisible()) {
            timer->stop();
            timer->deleteLater();
            // as a window manager does (Xvfb has none): the dialog becomes the active window, so its
            // fields get the keyboard focus and Enter reaches its default button
            d->activateWindow();
            if (!QTest::qWaitForWindowActive(d)) qWarning() << "the dialog did not become active";
            act(d);
        }
    });
    timer->start();
}

// In a file dialog (Qt's own: AA_DontUseNativeDialogs): Ctrl+A and `name` typed into the file name field,
// then a click on the default button (Save / Open). Returns the user actions taken (-1: no such field).
inline int acceptFileDialog(QFileDialog* d, const QString& name) {
    QLineEdit* field = d->findChild<QLineEdit*>("fileNameEdit");
    QPushButton* ok = nullptr;
    for (QPushButton* b : d->findChildren<QPushButton*>())
        if (b->isVisible() && b->isDefault()) ok = b;
    if (!field || !ok) {
        d->reject(); // the caller fails instead of hanging
        return -1;
    }
    field->setFocus();
    QTest::keyClick(field, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(field, name);
    const bool popupBefore = field->completer() && field->completer()->popup()->isVisible();
    QTest::mouseClick(ok, Qt::LeftButton, Qt::NoModifier, ok->rect().center());
    if (d->isVisible()) {
        qWarning() << "the file dialog stayed open; file name" << field->text() << "button enabled"
                   << ok->isEnabled() << "completer popup" << popupBefore
                   << (field->completer() && field->completer()->popup()->isVisible()) << "popup widget"
                   << QApplication::activePopupWidget();
        d->reject();
        return -1;
    }
    return 2 + int(name.size());
}

inline QString dataPath(const QString& rel) {
    return QStringLiteral(TRACKLAB_SOURCE_DIR "/") + rel;
}

} // namespace guitest
