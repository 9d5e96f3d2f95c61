// Benchmark (needs a display: `./tracklab.sh bench` runs it under Xvfb): a 50-move mouse drag of a
// control point of the demo's hill in the real main window at 1280x960, while the 3D view is asked to
// redraw as often as it can (a timer calls update(), as a running simulation does).
//
// Per mouse move, in thread CPU time: the whole move as the window handles it (the command, the document's
// change and every view it reaches), and a breakdown taken by doing the same moves again outside the window:
// the document alone (a Document with no views: the spec's change, the compile with curve reuse and the
// joint checks) and the 3D scene alone (LayoutScene::setLayout with the new layout); the rest is the other
// views (panels, the simulation). Also: simulations rebuilt during the drag (simulationReset), the track
// specs copied per move (SharedList), and the frame rate during the drag against the idle frame rate of the
// same repeat. 5 interleaved repeats (idle, drag, undo), medians and spread. Results: docs/architecture.md.
// Builds against older trees too (what it cannot count there it says).
#include "core/BenchTiming.h"
#include "render/OsgConvert.h"
#include "render/scene/LayoutScene.h"
#include "ui/MainWindow.h"
#include "ui/commands/MoveControlPoint.h"
#include "ui/document/Document.h"
#include "ui/document/FileManager.h"
#include "ui/edit/EditController.h"
#include "ui/sim/SimulationController.h"
#include "ui/view/GlFormat.h"
#include "ui/view/OsgViewWidget.h"

#if __has_include("core/layout/SharedList.h")
#include "core/layout/SharedList.h"
#define TL_SHARED_SPEC 1
#endif

#include <QApplication>
#include <QElapsedTimer>
#include <QStandardPaths>
#include <QTimer>
#include <QtTest>

#include <algorithm>
#include <cstdio>
#include <vector>

namespace {

using tl::bench::Stat;
using tl::bench::statOf;
using tl::bench::threadCpuSeconds;

constexpr int kMoves = 50;
constexpr int kRepeats = 5;
constexpr int kPoint = 3;      // the hill's control point dragged
constexpr int kMoveGapMs = 30; // between mouse moves (a hand moves a mouse at ~30-60 Hz)

// The same moves outside the window: the document alone, then the 3D scene alone.
void breakdown(const QString& demo, const std::vector<tl::Vec3>& positions, double& docMs, double& sceneMs) {
    tl::ui::Document doc;
    QString error;
    if (!doc.load(demo, &error)) std::abort();
    tl::render::LayoutScene scene;
    scene.setLayout(doc.layout());
    const int hill = doc.layout()->trackIndex("hill");
    double docCpu = 0, sceneCpu = 0;
    for (const tl::Vec3& p : positions) {
        const double t0 = threadCpuSeconds();
        doc.undoStack()->push(new tl::ui::MoveControlPoint(&doc, hill, kPoint, p));
        const double t1 = threadCpuSeconds();
#ifdef TL_SHARED_SPEC
        scene.setLayout(doc.layout(), &doc.validation(), true); // (a drag step: the ribbon)
#else
        scene.setLayout(doc.layout());
#endif
        const double t2 = threadCpuSeconds();
        docCpu += t1 - t0;
        sceneCpu += t2 - t1;
    }
    docMs = 1e3 * docCpu / double(positions.size());
    sceneMs = 1e3 * sceneCpu / double(positions.size());
}

} // namespace

int main(int argc, char** argv) {
    tl::ui::setDefaultSurfaceFormat();
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    const QString demo = QStringLiteral(TRACKLAB_SOURCE_DIR "/resources/layouts/demo.json");

    tl::ui::MainWindow w;
    w.resize(1280, 960);
    if (!w.files()->openDemo()) return 2;
    w.show();
    if (!QTest::qWaitForWindowExposed(&w)) return 2;
    tl::ui::OsgViewWidget* v = w.view();
    QTimer pump; // redraw as often as the view can (as a running simulation asks)
    QObject::connect(&pump, &QTimer::timeout, v, [v] { v->update(); });
    pump.start(0);
    QTest::qWait(1000);

    const int hill = w.document()->layout()->trackIndex("hill");
    w.editor()->select(hill, kPoint);
    w.frameSelected();
    QTest::qWait(300);
    int rebuilds = 0;
    QObject::connect(w.simulation(), &tl::ui::SimulationController::simulationReset, [&] { ++rebuilds; });

    std::vector<double> addedMs, frameMs, moveMs, idleFps, dragFps, ratio, docMs, sceneMs, copies,
        rebuildCounts;
    for (int r = 0; r < kRepeats; ++r) {
        // idle: as long as the drag will take
        int f0 = v->framesRendered();
        QElapsedTimer idle;
        idle.start();
        const double idleCpu0 = threadCpuSeconds();
        QTest::qWait(kMoves * kMoveGapMs);
        const double idleSeconds = idle.nsecsElapsed() * 1e-9;
        idleFps.push_back((v->framesRendered() - f0) / idleSeconds);
        const double idleCpuPerFrame =
            (threadCpuSeconds() - idleCpu0) / std::max(1, v->framesRendered() - f0);

        const QPoint from = v->project(tl::render::toOsg(w.scene()->handlePosition(hill, kPoint))).toPoint();
        rebuilds = 0;
#ifdef TL_SHARED_SPEC
        const long long copies0 = tl::sharedListItemCopies().load();
#endif
        QTest::mousePress(v, Qt::LeftButton, Qt::NoModifier, from);
        std::vector<double> cpu;
        f0 = v->framesRendered();
        const double cpu0 = threadCpuSeconds();
        QElapsedTimer drag;
        drag.start();
        for (int i = 1; i <= kMoves; ++i) {
            const QPointF p = from + QPointF(2.0 * i, 1.0 * i); // 100 px right, 50 down
            QMouseEvent move(QEvent::MouseMove, p, v->mapToGlobal(p), Qt::NoButton, Qt::LeftButton,
                             Qt::NoModifier);
            const double t0 = threadCpuSeconds();
            QApplication::sendEvent(v, &move);
            cpu.push_back(1e3 * (threadCpuSeconds() - t0));
            QTest::qWait(kMoveGapMs);
        }
        const double dragSeconds = drag.nsecsElapsed() * 1e-9;
        const int dragFrames = v->framesRendered() - f0;
        const double dragCpu = threadCpuSeconds() - cpu0;
        rebuildCounts.push_back(rebuilds); // (the release rebuilds once: after the drag)
        // the positions the drag went through, for the breakdown (the first moves only arm the drag)
        std::vector<tl::Vec3> positions;
        const tl::Vec3 end = w.document()->spec().tracks[std::size_t(hill)].curve.points[kPoint].position;
        QTest::mouseRelease(v, Qt::LeftButton, Qt::NoModifier, from + QPoint(2 * kMoves, kMoves));
        QTest::qWait(200);
#ifdef TL_SHARED_SPEC
        copies.push_back(double(tl::sharedListItemCopies().load() - copies0) / kMoves);
#endif
        w.document()->undoStack()->undo(); // back to the demo for the next repeat
        QTest::qWait(200);
        const tl::Vec3 start = w.document()->spec().tracks[std::size_t(hill)].curve.points[kPoint].position;
        for (int i = 1; i <= kMoves; ++i)
            positions.push_back(start + (end - start) * (double(i) / kMoves));
        double d = 0, s = 0;
        breakdown(demo, positions, d, s);

        std::sort(cpu.begin(), cpu.end());
        moveMs.push_back(tl::bench::median(cpu));
        dragFps.push_back(dragFrames / dragSeconds);
        ratio.push_back(dragFps.back() / idleFps.back());
        docMs.push_back(d);
        // the main thread's CPU per move beyond drawing the frames it drew (at the idle cost per frame)
        addedMs.push_back(1e3 * (dragCpu - dragFrames * idleCpuPerFrame) / kMoves);
        frameMs.push_back(1e3 * idleCpuPerFrame);
        sceneMs.push_back(s);
        std::printf("repeat %d: move %.2f ms CPU (median of %d; max %.2f), idle %.1f fps, drag %.1f fps "
                    "(%.0f %%), simulations rebuilt %d\n",
                    r, moveMs.back(), kMoves, cpu.back(), idleFps.back(), dragFps.back(), 100 * ratio.back(),
                    rebuilds);
    }
    const auto show = [](const char* what, const Stat& s, const char* unit) {
        std::printf("%-44s %8.2f %s  (%.2f..%.2f)\n", what, s.median, unit, s.min, s.max);
    };
    std::printf("\ndemo, %d-move drag of hill point %d at 1280x960, %d repeats: medians (min..max)\n", kMoves,
                kPoint, kRepeats);
    show("CPU per mouse move, whole window", statOf(moveMs), "ms");
    show("  with deferred work (main thread, less frames)", statOf(addedMs), "ms");
    show("  document alone (change, compile, checks)", statOf(docMs), "ms");
    show("  3D scene alone (meshes of changed tracks)", statOf(sceneMs), "ms");
    show("simulations rebuilt during a drag", statOf(rebuildCounts), "");
#ifdef TL_SHARED_SPEC
    show("track specs copied per move", statOf(copies), "");
#else
    std::printf("%-44s (not counted in this tree)\n", "track specs copied per move");
#endif
    show("main-thread CPU per idle frame", statOf(frameMs), "ms");
    show("idle frame rate", statOf(idleFps), "fps");
    show("frame rate during the drag", statOf(dragFps), "fps");
    show("drag / idle frame rate", statOf(ratio), "");
    return 0;
}
