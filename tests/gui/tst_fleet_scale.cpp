// A fleet in the editor (docs/trains-format.md, "Scale benchmark"): a layout of 60 trains (600 bogies) on six
// weaving spline tracks with cant, opened from its file, run flat out (Space: Simulation > Run) for 3
// simulated seconds. What the GUI keeps stays inside its buffers while no sample is lost between frames:
// - the run's telemetry buffer holds at most Telemetry::kLiveSamples (131 072) samples: 600 bogies x 240 Hz
//   x its 5 s window would be 720 000;
// - the history holds every bogie's samples at 60 Hz from the start to the last frame (t x 60 points, +-2),
//   each its own (a bogie's speed row carries its own train's speed, 20 m/s held), inside 512 MiB;
// - every part is drawn: 600 bogies and 300 car bodies;
// - at the opening view the 60 trains' labels do not pile up: 10 columns of 6 trains 10 m apart, a few
//   pixels apart on screen, and a label is left out where it would cover one already shown (its disc
//   stays): more than one label and fewer than all 60 are shown (7 here).
#include "GuiTestUtil.h"

#include "core/BenchTrack.h"
#include "physics/telemetry/Telemetry.h"
#include "render/scene/TrainMarkers.h"
#include "ui/FirstView.h"
#include "ui/document/FileManager.h"
#include "ui/sim/SimulationController.h"
#include "ui/sim/TrainLabels.h"

#include <QFile>
#include <QTemporaryDir>

#include <cmath>

using tl::ui::MainWindow;
using namespace guitest;

class TstFleetScale : public QObject {
    Q_OBJECT
public:
    static void initMain() { guitest::initGuiTest(); }

private slots:
    void fleetRunsInsideItsBuffers();
};

namespace {
QByteArray fleetLayout(int tracks, int trainsPerTrack) {
    std::string j = R"({"format": "tracklab-layout", "version": 1, "description": "a fleet", "tracks": [)";
    for (int k = 0; k < tracks; ++k) // the scale benchmark's track, 10 m apart
        j += (k ? "," : "") + tl::weavingTrackJson("y" + std::to_string(k), 2000.0,
                                                   R"({"position": [0, )" + std::to_string(10 * k) + ", 0]}");
    j += R"(], "trains": [)";
    for (int k = 0; k < tracks; ++k)
        for (int i = 0; i < trainsPerTrack; ++i)
            j += std::string(k || i ? "," : "") + R"({"id": "T)" + std::to_string(k) + "_" +
                 std::to_string(i) +
                 R"(", "cars": ["locomotive", "passenger-car", "passenger-car", "passenger-car", )"
                 R"("passenger-car"], "start": {"track": "y)" +
                 std::to_string(k) + R"(", "s": )" + std::to_string(150 * (i + 1)) +
                 R"(, "direction": 1}, "speed": 20.0})";
    return QByteArray::fromStdString(j + "]}");
}
} // namespace

void TstFleetScale::fleetRunsInsideItsBuffers() {
    QTemporaryDir dir;
    const QString path = dir.filePath("fleet.json");
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(fleetLayout(6, 10));
    }
    MainWindow w;
    QVERIFY(w.files()->open(path));
    QVERIFY(showAndWait(w));
    tl::ui::SimulationController* sim = w.simulation();
    QVERIFY(sim->simulation());
    QCOMPARE(sim->simulation()->view().bogieCount(), 600);
    QCOMPARE(int(sim->parts().size()), 600 + 300);
    QCOMPARE(sim->history().sourceCount(), 600);

    sim->setRate(0.0);                  // flat out
    QTest::keyClick(&w, Qt::Key_Space); // Simulation > Run
    QVERIFY(sim->isRunning());
    std::size_t mostHeld = 0;
    QTimer probe; // what the run holds, between frames
    QObject::connect(&probe, &QTimer::timeout,
                     [&] { mostHeld = std::max(mostHeld, sim->simulation()->telemetry().samples().size()); });
    probe.start(5);
    QVERIFY(runUntil(
        sim, [&] { return sim->simulation()->time() > 3.0; }, 3.1));
    sim->setRunning(false);
    probe.stop();
    const double t = sim->simulation()->time();
    const tl::Telemetry& tel = sim->simulation()->telemetry();
    qInfo() << "600 bogies," << t << "s: telemetry holds" << tel.samples().size() << "samples (most"
            << mostHeld << "), dropped" << tel.dropped() << "; history"
            << sim->history().memoryBytes() / (1 << 20) << "MiB," << sim->history().times(599).size()
            << "points a bogie";
    QVERIFY(tel.samples().size() <= tl::Telemetry::kLiveSamples);
    QVERIFY(mostHeld <= tl::Telemetry::kLiveSamples);
    QCOMPARE(tel.samples().size() + tel.dropped(), std::size_t(600 * std::lround(t * 240)));
    QVERIFY(sim->history().memoryBytes() <= tl::ui::TelemetryHistory::kDefaultMaxBytes);
    for (int b : {0, 301, 599}) { // the first, a middle and the last bogie: all of the run at 60 Hz
        const auto& times = sim->history().times(b);
        QVERIFY(!times.empty());
        QVERIFY(times.front() < 1.0 / 60.0);
        QVERIFY(t - times.back() < 1.0 / 60.0);
        QVERIFY(std::abs(double(times.size()) - t * 60.0) <= 2.0);
        const auto& speed = sim->history().values(b, tl::Channel::Speed);
        QVERIFY(std::abs(speed.back() - 20.0f) < 0.5f); // its own train holds 20 m/s
    }
    const QImage shot = viewImage(w);
    QVERIFY(!shot.isNull());
    if (qEnvironmentVariableIsSet("TRACKLAB_TEST_SHOTS"))
        shot.save(qEnvironmentVariable("TRACKLAB_TEST_SHOTS") + "/fleet.png");
    const auto& markers = w.findChild<tl::ui::FirstView*>()->trainLabels()->markers();
    qInfo() << "labels shown at the opening view:" << markers.labelsShown() << "of" << markers.count();
    QCOMPARE(markers.count(), std::size_t(60));
    QVERIFY(markers.labelsShown() > 1 && markers.labelsShown() < 60);
}

QTEST_MAIN(TstFleetScale)
#include "tst_fleet_scale.moc"
