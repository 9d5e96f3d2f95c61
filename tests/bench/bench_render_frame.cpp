// Benchmark (not a test), docs/trains-format.md, "Scale benchmark": the time to draw one frame of the demo's
// 3D view at 1280 x 800, in the real main window (the app's own OsgViewWidget, the scene the user sees:
// tracks, vehicles, markers, labels), with the app's opening camera and with the cab camera on the first
// train. Each frame is a synchronous repaint of the view (paintGL: OSG update, cull and draw, then Qt
// composes the window) followed by glFinish, so the figure includes the rasterization that Mesa's llvmpipe
// runs on its worker threads. Reports per frame: wall time, this thread's CPU time and the whole process's
// CPU time (all threads), medians of interleaved repeats with their min..max spread, OSG's cull / draw / GPU
// split, and the scene's node / drawable / vertex / primitive counts (all nodes, and what survives culling).
// Needs a display (run under Xvfb with a screen larger than 1280 x 800); set LP_NUM_THREADS for
// reproducible llvmpipe figures. Goal: <= 50 ms per frame.
//   bench_render_frame [frames per repeat (20)] [repeats (5)]
// BENCH_OSG_ONLY=1: time only OSG's frame into the view's framebuffer (no Qt composition);
// BENCH_WINDOW_SAMPLES=4: the top-level window multisampled too (as before the change in
// docs/trains-format.md, "Scale benchmark"), to compare.
#include "ui/MainWindow.h"
#include "ui/document/Document.h"
#include "ui/document/FileManager.h"
#include "ui/view/GlFormat.h"
#include "ui/view/OsgViewWidget.h"

#include <QApplication>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QStandardPaths>
#include <QSurfaceFormat>
#include <QtTest>

#include <osg/Stats>
#include <osgUtil/Statistics>
#include <osgViewer/Viewer>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <map>
#include <string>
#include <vector>

using tl::ui::MainWindow;

namespace {

double clockMs(clockid_t id) {
    timespec ts{};
    clock_gettime(id, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n == 0 ? 0.0 : n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

struct Frame {
    double wall = 0, thread = 0, process = 0;          // [ms]
    double cull = 0, draw = 0, gpu = 0;                // OSG's own figures [ms]
    double visibleVertices = 0, visiblePrimitives = 0; // after culling
    double visibleDrawables = 0;
};

// Everything in the scene graph (not culled): OSG's StatsVisitor.
void printSceneCounts(osg::Node* root) {
    osgUtil::StatsVisitor sv;
    root->accept(sv);
    sv.totalUpStats();
    unsigned prims = 0;
    for (const auto& [mode, count] : sv._uniqueStats.getPrimitiveCountMap())
        prims += count;
    unsigned instPrims = 0;
    for (const auto& [mode, count] : sv._instancedStats.getPrimitiveCountMap())
        instPrims += count;
    std::printf("scene graph: %zu groups, %zu transforms, %zu LODs, %zu switches, %zu geodes, %zu drawables "
                "(%zu geometries), %zu state sets\n",
                sv._groupSet.size(), sv._transformSet.size(), sv._lodSet.size(), sv._switchSet.size(),
                sv._geodeSet.size(), sv._drawableSet.size(), sv._geometrySet.size(), sv._statesetSet.size());
    std::printf("scene graph: %u vertices, %u primitives in unique drawables (%u vertices, %u primitives "
                "as instanced)\n",
                sv._uniqueStats._vertexCount, prims, sv._instancedStats._vertexCount, instPrims);
}

// One synchronous repaint of the view, then glFinish: a frame as the user gets it.
Frame renderFrame(MainWindow& w) {
    tl::ui::OsgViewWidget* view = w.view();
    Frame f;
    const double w0 = clockMs(CLOCK_MONOTONIC), t0 = clockMs(CLOCK_THREAD_CPUTIME_ID),
                 p0 = clockMs(CLOCK_PROCESS_CPUTIME_ID);
    if (std::getenv("BENCH_OSG_ONLY")) {
        view->makeCurrent();
        view->viewer()->frame();
    } else {
        const int before = view->framesRendered();
        view->update();
        // as in the app: the update request is delivered by the event loop, which paints the view and
        // composes the window (QWidget::repaint() does not paint a QOpenGLWidget in every configuration)
        while (view->framesRendered() == before)
            QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents);
        view->makeCurrent();
    }
    QOpenGLContext::currentContext()->functions()->glFinish();
    view->doneCurrent();
    f.wall = clockMs(CLOCK_MONOTONIC) - w0;
    f.thread = clockMs(CLOCK_THREAD_CPUTIME_ID) - t0;
    f.process = clockMs(CLOCK_PROCESS_CPUTIME_ID) - p0;
    osgViewer::Viewer* viewer = view->viewer();
    osg::Stats* stats = viewer->getCamera()->getStats();
    const unsigned n = viewer->getFrameStamp()->getFrameNumber();
    double v = 0;
    if (stats->getAttribute(n, "Cull traversal time taken", v)) f.cull = v * 1e3;
    if (stats->getAttribute(n, "Draw traversal time taken", v)) f.draw = v * 1e3;
    if (stats->getAttribute(n, "Visible vertex count", v)) f.visibleVertices = v;
    if (stats->getAttribute(n, "Visible number of drawables", v)) f.visibleDrawables = v;
    double prims = 0;
    for (const char* k : {"Visible number of GL_TRIANGLES", "Visible number of GL_TRIANGLE_STRIP",
                          "Visible number of GL_TRIANGLE_FAN", "Visible number of GL_QUADS",
                          "Visible number of GL_LINES", "Visible number of GL_LINE_STRIP",
                          "Visible number of GL_QUAD_STRIP", "Visible number of GL_POLYGON"})
        if (stats->getAttribute(n, k, v)) prims += v;
    f.visiblePrimitives = prims;
    // timer queries come back a frame or two later: the latest one available
    for (unsigned k = n; k + 5 > n && k > 0; --k)
        if (stats->getAttribute(k, "GPU draw time taken", v)) {
            f.gpu = v * 1e3;
            break;
        }
    return f;
}

struct Camera {
    std::string name;
    MainWindow::Camera mode;
    osg::Matrixd matrix; // the manipulator's matrix while this camera is shown
};

void show(MainWindow& w, const Camera& c) {
    w.setCamera(c.mode);
    w.view()->manipulator()->setByMatrix(c.matrix);
}

} // namespace

int main(int argc, char** argv) {
    tl::ui::setDefaultSurfaceFormat();
    if (const char* e = std::getenv("BENCH_WINDOW_SAMPLES")) { // to compare: a multisampled window
        QSurfaceFormat f = QSurfaceFormat::defaultFormat();
        f.setSamples(std::atoi(e));
        QSurfaceFormat::setDefaultFormat(f);
    }
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    const int frames = argc > 1 ? std::max(1, std::atoi(argv[1])) : 20;
    const int repeats = argc > 2 ? std::max(1, std::atoi(argv[2])) : 5;

    MainWindow w;
    w.setPersistent(false);
    if (!w.files()->openDemo()) return 2;
    w.show();
    if (!QTest::qWaitForWindowExposed(&w)) return 2;
    // the 3D view exactly 1280 x 800 (the docks keep their size)
    tl::ui::OsgViewWidget* view = w.view();
    for (int i = 0; i < 5 && view->size() != QSize(1280, 800); ++i) {
        w.resize(w.size() + QSize(1280, 800) - view->size());
        QTest::qWait(200);
    }
    if (view->size() != QSize(1280, 800)) {
        std::fprintf(stderr, "cannot size the 3D view to 1280 x 800 (got %d x %d): screen too small?\n",
                     view->width(), view->height());
        return 2;
    }
    QTest::qWait(300);
    const char* lp = std::getenv("LP_NUM_THREADS");
    std::printf("GL: %s\nview %d x %d (device pixel ratio %.1f), LP_NUM_THREADS=%s, %d frames x %d repeats\n",
                qPrintable(view->glInfo()), view->width(), view->height(), view->devicePixelRatioF(),
                lp ? lp : "(unset)", frames, repeats);

    osgViewer::Viewer* viewer = view->viewer();
    osg::Stats* camStats = viewer->getCamera()->getStats();
    camStats->collectStats("rendering", true);
    camStats->collectStats("gpu", true);
    camStats->collectStats("scene", true);

    // the cameras: the app's opening view (framed at this size), and the cab of the first train
    std::vector<Camera> cams;
    renderFrame(w);
    cams.push_back({"opening view", MainWindow::Camera::Free, view->manipulator()->getMatrix()});
    w.setCamera(MainWindow::Camera::Cab);
    renderFrame(w);
    cams.push_back({"cab view", MainWindow::Camera::Cab, view->manipulator()->getMatrix()});
    show(w, cams[0]);

    printSceneCounts(viewer->getSceneData());

    std::map<std::string, std::vector<Frame>> all;         // every frame
    std::map<std::string, std::vector<double>> repeatWall; // median wall per repeat
    std::map<std::string, std::vector<double>> repeatThread, repeatProcess;
    for (const Camera& c : cams) { // warm up: buffers uploaded, fonts rendered
        show(w, c);
        for (int i = 0; i < 5; ++i)
            renderFrame(w);
    }
    for (int r = 0; r < repeats; ++r)
        for (const Camera& c : cams) { // interleaved
            show(w, c);
            renderFrame(w);
            std::vector<double> wall, thread, process;
            for (int i = 0; i < frames; ++i) {
                const Frame f = renderFrame(w);
                all[c.name].push_back(f);
                wall.push_back(f.wall);
                thread.push_back(f.thread);
                process.push_back(f.process);
            }
            repeatWall[c.name].push_back(median(wall));
            repeatThread[c.name].push_back(median(thread));
            repeatProcess[c.name].push_back(median(process));
        }

    std::printf(
        "\nper frame [ms]: median of %d repeats (each the median of %d frames), min..max of the repeats\n",
        repeats, frames);
    std::printf("%-14s %22s %22s %22s\n", "camera", "wall (glFinish)", "thread CPU", "process CPU");
    for (const Camera& c : cams) {
        auto cell = [](const std::vector<double>& v) {
            char buf[64];
            std::snprintf(buf, sizeof buf, "%7.1f (%.1f..%.1f)", median(v),
                          *std::min_element(v.begin(), v.end()), *std::max_element(v.begin(), v.end()));
            return std::string(buf);
        };
        std::printf("%-14s %22s %22s %22s\n", c.name.c_str(), cell(repeatWall[c.name]).c_str(),
                    cell(repeatThread[c.name]).c_str(), cell(repeatProcess[c.name]).c_str());
    }
    std::printf("\nOSG split [ms, medians of all frames] and what survives culling\n");
    std::printf("%-14s %8s %8s %8s %12s %12s %10s\n", "camera", "cull", "draw", "GPU", "vertices",
                "primitives", "drawables");
    for (const Camera& c : cams) {
        std::vector<double> cull, draw, gpu, vv, vp, vd;
        for (const Frame& f : all[c.name]) {
            cull.push_back(f.cull);
            draw.push_back(f.draw);
            gpu.push_back(f.gpu);
            vv.push_back(f.visibleVertices);
            vp.push_back(f.visiblePrimitives);
            vd.push_back(f.visibleDrawables);
        }
        std::printf("%-14s %8.2f %8.2f %8.2f %12.0f %12.0f %10.0f\n", c.name.c_str(), median(cull),
                    median(draw), median(gpu), median(vv), median(vp), median(vd));
    }
    double worst = 0;
    for (const Camera& c : cams)
        worst = std::max(worst, median(repeatWall[c.name]));
    std::printf("\nworst camera: %.1f ms wall per frame (goal: <= 50 ms)\n", worst);
    w.document()->undoStack()->setClean();
    return 0;
}
