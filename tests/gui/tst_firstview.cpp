// The first view a new user gets, under Xvfb with fresh (test-mode) settings: the whole layout framed, the
// tracks as a connected band of pixels around the loop, the train's marker, the notes, the 3D view taking
// most of the window; handles only on the selected track and never in the cab; the next steps doing what
// they say; help and shortcuts generated from the actions; --screenshot writing no settings.
#include "GuiTestUtil.h"

#include "core/layout/Layout.h"
#include "physics/sim/Simulation.h"
#include "render/OsgConvert.h"
#include "render/scene/LayoutScene.h"
#include "render/scene/TrainMarkers.h"
#include "ui/ActionDecor.h"
#include "ui/FirstView.h"
#include "ui/document/Document.h"
#include "ui/document/FileManager.h"
#include "ui/edit/EditController.h"
#include "ui/help/HelpBrowser.h"
#include "ui/help/ShortcutsDialog.h"
#include "ui/panels/NotesPanel.h"
#include "ui/sim/DrivePanel.h"
#include "ui/sim/EventLog.h"
#include "ui/sim/SimulationController.h"
#include "ui/sim/TrainLabels.h"

#include <QDockWidget>
#include <QMenuBar>
#include <QProcess>
#include <QPushButton>
#include <QScrollBar>
#include <QTemporaryDir>
#include <QTextBrowser>

#include <queue>

using tl::ui::MainWindow;
using namespace guitest;

class TstFirstView : public QObject {
    Q_OBJECT
public:
    static void initMain() { guitest::initGuiTest(); }

private slots:
    void initTestCase() { QSettings().clear(); } // fresh settings: the first start's layout
    void firstViewShowsTheWork_data();
    void firstViewShowsTheWork();
    void handlesOnlyOnSelectionNeverInCab();
    void openingFramesTheLayout();
    void nextStepsDoWhatTheySay();
    void actionsHaveIconsTipsAndShortcuts();
    void helpShowsGuideAndShortcuts();
    void minimumSizeFitsALaptop();
    void screenshotLeavesSettingsAlone();
};

namespace {
// Pixels of the track's far-view line (or, close up, its mesh): near the line colour of the look.
bool isTrackPixel(QRgb p, bool coaster) {
    const int r = qRed(p), g = qGreen(p), b = qBlue(p);
    // a joint marker (a green dot where two tracks meet) sits on the track: it belongs to the band
    if (g > 100 && g > r + 50 && g > b + 40) return true;
    // a drive section drawn along the track (render/track/DriveSections.h): yellow chain, blue booster
    if (coaster && ((r > 180 && g > 140 && b < 90) || (b > 150 && b > r + 80 && b > g + 40))) return true;
    if (coaster) return r > 70 && r > 1.6 * g && r > 1.6 * b; // red rails and spine, lit or not
    return r + g + b < 200; // the dark line (41, 36, 33) on a light ground (~143, 163, 120) and sky
}

// Projected centre-line points of every track (widget coordinates of the 3D view), every ~10 m.
QVector<QPoint> projectedTrack(MainWindow& w, bool mainLoopOnly) {
    QVector<QPoint> out;
    const auto layout = w.document()->layout();
    const qreal dpr = w.view()->devicePixelRatioF();
    for (std::size_t i = 0; i < layout->trackCount(); ++i) {
        const std::string& id = layout->track(i).id();
        if (mainLoopOnly && (id == "turnout" || id.rfind("siding", 0) == 0)) continue;
        const double L = layout->track(i).length();
        const int n = std::max(2, int(L / 10));
        for (int k = 0; k <= n; ++k) {
            const QPointF p = w.view()->project(tl::render::toOsg(layout->frameInWorld(i, L * k / n).F.P));
            out << (p * dpr).toPoint();
        }
    }
    return out;
}

// The connected component (pixels at most 2 apart) of track pixels that holds the most of `points` (each
// point counts if a track pixel of the component lies within 2 px). Returns how many points it holds; *size:
// its pixels.
int bestComponent(const QImage& img, const QVector<QPoint>& points, bool coaster, int* size) {
    const int W = img.width(), H = img.height();
    QVector<int> label(W * H, -1);
    int best = 0;
    *size = 0;
    int next = 0;
    auto near = [&](const QPoint& p, int l) {
        for (int dy = -2; dy <= 2; ++dy)
            for (int dx = -2; dx <= 2; ++dx) {
                const int x = p.x() + dx, y = p.y() + dy;
                if (x >= 0 && y >= 0 && x < W && y < H && label[y * W + x] == l) return true;
            }
        return false;
    };
    for (const QPoint& seed : points) {
        // seed a component from a track pixel next to this point, if it has none yet
        QPoint start(-1, -1);
        for (int dy = -2; dy <= 2 && start.x() < 0; ++dy)
            for (int dx = -2; dx <= 2; ++dx) {
                const int x = seed.x() + dx, y = seed.y() + dy;
                if (x >= 0 && y >= 0 && x < W && y < H && isTrackPixel(img.pixel(x, y), coaster) &&
                    label[y * W + x] < 0) {
                    start = QPoint(x, y);
                    break;
                }
            }
        if (start.x() < 0) continue;
        const int l = next++;
        int pixels = 0;
        std::queue<QPoint> q;
        q.push(start);
        label[start.y() * W + start.x()] = l;
        while (!q.empty()) {
            const QPoint p = q.front();
            q.pop();
            ++pixels;
            // neighbours within 2 px: a crack of a pixel (a rasterised joint) does not split the band
            for (int dy = -2; dy <= 2; ++dy)
                for (int dx = -2; dx <= 2; ++dx) {
                    const int x = p.x() + dx, y = p.y() + dy;
                    if (x < 0 || y < 0 || x >= W || y >= H || label[y * W + x] >= 0) continue;
                    if (!isTrackPixel(img.pixel(x, y), coaster)) continue;
                    label[y * W + x] = l;
                    q.push(QPoint(x, y));
                }
        }
        int held = 0;
        for (const QPoint& p : points)
            held += near(p, l) ? 1 : 0;
        if (held > best) {
            best = held;
            *size = pixels;
        }
    }
    return best;
}

QDockWidget* dock(MainWindow& w, const char* name) {
    return w.findChild<QDockWidget*>(name);
}
} // namespace

void TstFirstView::firstViewShowsTheWork_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("notesText");
    QTest::newRow("demo") << QString() << QString("Corner c3 (R = 120 m) is too sharp");
    QTest::newRow("coaster") << dataPath("resources/layouts/coaster.json")
                             << QString("TrackLab coaster demo: a 16-point closed spline");
}

void TstFirstView::firstViewShowsTheWork() {
    QFETCH(QString, file);
    QFETCH(QString, notesText);
    MainWindow w;
    QVERIFY(file.isEmpty() ? w.files()->openDemo() : w.files()->open(file));
    QVERIFY(showAndWait(w));
    QTest::qWait(200); // docks settle; the framing follows the view's final size
    const QImage view = viewImage(w);
    const QImage window = w.grab().toImage();
    window.save(QStringLiteral("tst_firstview_%1.png").arg(QTest::currentDataTag()));
    const bool coaster = !file.isEmpty();

    // the 3D view covers most of the window
    const double share = double(w.view()->width()) * w.view()->height() / (double(w.width()) * w.height());
    qInfo() << "window" << w.size() << "view" << w.view()->size() << "share" << share;
    QVERIFY2(share >= 0.60, qPrintable(QString::number(share)));

    // the track: one connected band of pixels through (nearly) every projected centre-line point
    const QVector<QPoint> loop = projectedTrack(w, true);
    int inside = 0;
    for (const QPoint& p : loop)
        inside += view.rect().adjusted(2, 2, -2, -2).contains(p) ? 1 : 0;
    QCOMPARE(inside, loop.size()); // the whole layout is framed
    int pixels = 0;
    const int held = bestComponent(view, loop, coaster, &pixels);
    qInfo() << "track band holds" << held << "of" << loop.size() << "centre-line points," << pixels
            << "pixels";
    // a few points may lie under the train's marker and label
    QVERIFY2(held >= 0.95 * loop.size(), qPrintable(QString("%1 / %2").arg(held).arg(loop.size())));
    // a band at least ~3 px wide: pixels per point spacing (10 m) well above a 1 px line's
    QVERIFY(pixels > 2 * held);

    // the train's marker: its orange disc around the projected train middle
    const tl::Simulation* sim = w.simulation()->shown();
    QVERIFY(sim && sim->view().trainCount() > 0);
    const tl::Vec3 mid =
        0.5 * (sim->view().carPose(0, 0).translation() +
               sim->view().carPose(0, int(sim->view().trainInfo(0).cars.size()) - 1).translation());
    const QPoint c = (w.view()->project(tl::render::toOsg(mid)) * w.view()->devicePixelRatioF()).toPoint();
    const osg::Vec4 fill = tl::render::TrainMarkers::fillColour();
    int orange = 0;
    for (int y = c.y() - 12; y <= c.y() + 12; ++y)
        for (int x = c.x() - 12; x <= c.x() + 12; ++x) {
            if (!view.rect().contains(x, y)) continue;
            const QRgb p = view.pixel(x, y);
            if (std::abs(qRed(p) - int(fill.r() * 255)) + std::abs(qGreen(p) - int(fill.g() * 255)) +
                    std::abs(qBlue(p) - int(fill.b() * 255)) <
                40)
                ++orange;
        }
    qInfo() << "train marker pixels" << orange << "label"
            << QString::fromStdString(w.findChild<tl::ui::FirstView*>()->trainLabels()->markers().label(0));
    QVERIFY2(orange > 80, qPrintable(QString::number(orange))); // a disc of radius 8: ~200 px
    QVERIFY(QString::fromStdString(w.findChild<tl::ui::FirstView*>()->trainLabels()->markers().label(0))
                .contains(QRegularExpression("\\d+ km/h")));

    // the layout's notes are on screen (the notes dock is visible, not behind a tab)
    tl::ui::NotesPanel* notes = w.findChild<tl::ui::NotesPanel*>();
    QVERIFY(notes);
    QVERIFY2(notes->plainText().contains(notesText), qPrintable(notes->plainText()));
    QVERIFY(!notes->visibleRegion().isEmpty());
    QVERIFY(notes->width() > 200 && notes->height() > 200);
    // the drive controls too; no empty dock at the bottom
    QVERIFY(w.drive()->isVisible() && !w.drive()->visibleRegion().isEmpty());
    QVERIFY(w.tabifiedDockWidgets(dock(w, "driveDock")).isEmpty());
    for (const char* name : {"twistDock", "plotDock", "eventsDock"})
        QVERIFY2(dock(w, name)->isHidden(), name);
}

void TstFirstView::handlesOnlyOnSelectionNeverInCab() {
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    const auto layout = w.document()->layout();
    const int hill = layout->trackIndex("hill"), top = layout->trackIndex("top");
    for (std::size_t i = 0; i < layout->trackCount(); ++i)
        QVERIFY(!w.scene()->handlesShown(int(i)));
    w.editor()->select(hill, -1);
    QVERIFY(w.scene()->handlesShown(hill));
    QVERIFY(!w.scene()->handlesShown(top));
    // a pick at a hill point finds it; the same pick at a point of an unselected track finds no handle
    w.frameSelected();
    viewImage(w);
    const QPointF at = w.view()->project(tl::render::toOsg(w.scene()->handlePosition(hill, 2)));
    const osg::Vec2d win = w.view()->toOsgWindow(at.x(), at.y());
    QCOMPARE(int(w.scene()->pick(*w.view()->viewer(), win.x(), win.y()).kind),
             int(tl::render::PickHit::ControlPoint));
    auto& markers = w.findChild<tl::ui::FirstView*>()->trainLabels()->markers();
    QVERIFY(markers.isVisible());
    w.setCamera(MainWindow::Camera::Cab);
    QVERIFY(!w.scene()->handlesShown(hill));
    QVERIFY(!markers.isVisible());
    const QImage cab = viewImage(w);
    cab.save(QStringLiteral("tst_firstview_cab.png"));
    w.setCamera(MainWindow::Camera::Follow);
    QVERIFY(!w.scene()->handlesShown(hill));
    w.setCamera(MainWindow::Camera::Free);
    QVERIFY(w.scene()->handlesShown(hill));
    QVERIFY(markers.isVisible());
}

void TstFirstView::openingFramesTheLayout() {
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    w.view()->manipulator()->setCenter(osg::Vec3d(5000, 5000, 0)); // the user looked elsewhere
    QVERIFY(w.files()->open(dataPath("resources/layouts/coaster.json")));
    viewImage(w);
    const auto layout = w.document()->layout();
    int inside = 0, total = 0;
    for (const QPoint& p : projectedTrack(w, false)) {
        ++total;
        inside += w.view()->rect().contains(p / w.view()->devicePixelRatioF()) ? 1 : 0;
    }
    QCOMPARE(inside, total);
    // New frames too (the scene's home: nothing left to show of the old layout)
    w.files()->newFileInteractive();
    QCOMPARE(int(w.document()->layout()->trackCount()), 0);
}

void TstFirstView::nextStepsDoWhatTheySay() {
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    tl::ui::NotesPanel* notes = w.findChild<tl::ui::NotesPanel*>();
    // Edit it: a spline track selected, its control points shown and in view
    QTest::mouseClick(notes->editButton(), Qt::LeftButton);
    const int hill = w.document()->layout()->trackIndex("hill");
    QCOMPARE(w.editor()->selectedTrack(), hill);
    QVERIFY(w.scene()->handlesShown(hill));
    viewImage(w);
    QVERIFY(w.view()->rect().contains(
        w.view()->project(tl::render::toOsg(w.scene()->handlePosition(hill, 2))).toPoint()));
    // Drive it: running, riding with the train
    QTest::mouseClick(notes->driveButton(), Qt::LeftButton);
    QVERIFY(w.simulation()->isRunning());
    QVERIFY(runUntil(
        w.simulation(), [&] { return w.simulation()->simulation()->time() > 0.2; }, 1.0));
    QVERIFY(!w.scene()->handlesShown(hill)); // riding: no handles
    w.simulation()->setRunning(false);
    // Inspect a derailment: full throttle until c3 throws the train off; the event is shown
    QTest::mouseClick(notes->derailButton(), Qt::LeftButton);
    // the run pauses itself at the first derailment (bounded by simulated time, not the wall clock)
    QVERIFY(runUntil(
        w.simulation(), [&] { return w.events()->eventCount() > 0; }, 120.0));
    QVERIFY(!w.simulation()->isRunning());
    const tl::DerailmentEvent e = w.simulation()->simulation()->view().derailments().front();
    // the event is shown: replayed from the recording, or the live state itself when the run stopped on
    // the derailment's own step
    const std::int64_t eventStep = std::llround(e.t / w.simulation()->simulation()->dt());
    QCOMPARE(w.simulation()->shownStep(), eventStep);
    QCOMPARE(w.simulation()->isScrubbing(), eventStep < w.simulation()->recording().lastStep());
    qInfo() << "derailed:" << e.message.c_str();
    // c3 or its entry transition (the Bloss cant ramp reaches full cant only at the arc)
    QVERIFY2(e.trackId == "c3" || e.trackId == "c3-in", e.trackId.c_str());
    QVERIFY(std::abs(w.simulation()->shownTime() - e.t) < 1e-9);
    QVERIFY(!dock(w, "eventsDock")->isHidden());
    QVERIFY(!w.simulation()->isRunning());
    QTest::qWait(700); // the camera flight
    viewImage(w);
    w.grab().save(QStringLiteral("tst_firstview_derailment.png"));
    if (qEnvironmentVariableIsSet("TRACKLAB_DOC_IMAGES")) { // the guide's picture: the run, not the editing
        w.findChild<QDockWidget*>("trackToolsDock")->hide();
        QTest::qWait(300);
        viewImage(w);
        docImage(w, "derailment.png");
    }
}

void TstFirstView::actionsHaveIconsTipsAndShortcuts() {
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    int n = 0;
    std::function<void(QMenu*)> walk = [&](QMenu* m) {
        for (QAction* a : m->actions()) {
            if (a->isSeparator()) continue;
            if (a->menu()) {
                walk(a->menu());
                continue;
            }
            if (m->title().contains("Recent")) continue; // file names
            ++n;
            QVERIFY2(!a->icon().isNull(), qPrintable(a->text()));
            QVERIFY2(!a->statusTip().isEmpty(), qPrintable(a->text()));
            for (const QKeySequence& k : a->shortcuts())
                QVERIFY2(a->toolTip().contains(k.toString(QKeySequence::NativeText)),
                         qPrintable(a->toolTip()));
        }
    };
    for (QAction* a : w.menuBar()->actions())
        if (a->menu()) walk(a->menu());
    qInfo() << n << "actions checked";
    QVERIFY(n > 40);
    // Save As is Ctrl+Shift+S
    bool saveAs = false;
    for (QAction* a : w.findChildren<QAction*>())
        if (tl::ui::plainActionText(a) == "Save As")
            saveAs = a->shortcuts().contains(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    QVERIFY(saveAs);
}

void TstFirstView::helpShowsGuideAndShortcuts() {
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    QAction* guide = nullptr;
    for (QAction* a : w.findChildren<QAction*>())
        if (tl::ui::plainActionText(a) == "User Guide") guide = a;
    QVERIFY(guide);
    guide->trigger();
    auto* help = w.findChild<tl::ui::HelpBrowser*>();
    QVERIFY(help && help->isVisible());
    const QString text = help->browser()->toPlainText();
    QVERIFY2(text.contains("TrackLab User Guide") && text.contains("Inspect a derailment"),
             qPrintable(text.left(200)));
    // the guide's screenshots are in the program
    const QVariant img =
        help->browser()->loadResource(QTextDocument::ImageResource, QUrl("images/first-view.png"));
    QVERIFY(!img.isNull());
    // ... scaled to the page's width: no picture wider than the window, no horizontal scroll bar
    const QImage shown = img.value<QImage>();
    qInfo("first-view.png shown %d px wide in a %d px page", shown.width(),
          help->browser()->viewport()->width());
    QVERIFY(shown.width() > 300 && shown.width() <= help->browser()->viewport()->width());
    QTRY_VERIFY(!help->browser()->horizontalScrollBar()->isVisible());
    QVERIFY(
        !help->browser()->loadResource(QTextDocument::ImageResource, QUrl("images/risk-map.png")).isNull());
    // a link to another page of the docs opens it
    help->showPage(QUrl("qrc:/docs/layout-format.md"));
    QVERIFY(help->browser()->toPlainText().contains("layout file"));

    // the shortcut list is the actions' own shortcuts, every one of them
    const QList<tl::ui::ShortcutEntry> list = tl::ui::collectShortcuts(&w);
    int withKeys = 0;
    for (QAction* a : w.findChildren<QAction*>())
        if (!a->shortcut().isEmpty() && !a->associatedObjects().isEmpty()) ++withKeys;
    qInfo() << list.size() << "shortcuts listed;" << withKeys << "actions with shortcuts";
    QVERIFY(list.size() >= 30);
    bool foundSaveAs = false;
    for (const auto& e : list)
        foundSaveAs = foundSaveAs || (e.action == "Save As" && e.keys.contains("Ctrl+Shift+S"));
    QVERIFY(foundSaveAs);
    tl::ui::ShortcutsDialog d(&w);
    QCOMPARE(d.table()->rowCount(), int(list.size()));
}

void TstFirstView::minimumSizeFitsALaptop() {
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    for (QDockWidget* d : w.findChildren<QDockWidget*>())
        d->show(); // every dock open: the worst case
    QTest::qWait(50);
    const QSize min = w.minimumSizeHint().expandedTo(w.minimumSize());
    qInfo() << "minimum size with every dock open" << min;
    QVERIFY(min.width() <= 1280 && min.height() <= 720);
}

void TstFirstView::screenshotLeavesSettingsAlone() {
    QTemporaryDir home;
    QVERIFY(home.isValid());
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("HOME", home.path());
    env.insert("XDG_CONFIG_HOME", home.filePath(".config"));
    env.insert("XDG_DATA_HOME", home.filePath(".local/share"));
    QProcess p;
    p.setProcessEnvironment(env);
    const QString out = home.filePath("shot.png");
    p.start(QStringLiteral(TRACKLAB_GUI_BINARY),
            {dataPath("resources/layouts/demo.json"), "--screenshot", out});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 0);
    QVERIFY(QImage(out).width() > 600);
    const QString conf = home.filePath(".config/TrackLab/TrackLab.conf");
    QVERIFY2(!QFileInfo::exists(conf), qPrintable(QFileInfo::exists(conf) ? [&] {
        QFile f(conf);
        f.open(QIODevice::ReadOnly);
        return QString::fromUtf8(f.readAll());
    }() : QString()));
    // nothing else either (recovery files)
    QVERIFY(!QFileInfo::exists(home.filePath(".local/share/TrackLab")));
}

QTEST_MAIN(TstFirstView)
#include "tst_firstview.moc"
