// The whole path from an IFC 4.3 file to a derailment's station, through the real window (Xvfb, real keys,
// clicks and file dialogs):
// - the test writes an IFC4X3_ADD2 file: alignment "Main" from (1000, 2000) heading east, a 500 m straight
//   ("straight") then a left arc of R = 150 m over 200 m ("curve"); a vertical layout (a constant gradient
//   of -0.4 % from 500 m high over 400 m, then a parabolic arc from -0.4 % to +0.2 % over 300 m); a cant
//   layout (b = 1.5 m: none up to 440 m, a linear ramp of the right rail to 90 mm over 60 m, 90 mm on the
//   arc); a station referent at distance 0 with Pset_Stationing.Station = 12 000 m;
// - File > Import IFC Alignment... through its dialog: two `alignment` tracks, the start station 12 000 m;
// - a click 60 m into the straight and Track > Add Train Here (Ctrl+Shift+T): a locomotive and a coach at
//   rest, brakes on; brakes off (S x 5) and full throttle (Q x 5); Simulation > Run (Space);
// - on the level-ish straight the train reaches about 30 m/s, far above the arc's overturning speed
//   (sqrt(g R (b/2 + h tan phi) / (h - b/2 tan phi)) ~ 27 m/s with phi = asin(0.09 / 1.5), h ~ 1.75 m) and
//   derails where the arc starts ("Stop at First Event" pauses the run there);
// - the event log's derailment row shows "s (km 12+...)": the text is stationLabel(layout, track, s) of the
//   event's place, and its value is the closed form 12 000 m + the horizontal distance to the place: the
//   place's plan position P on the straight (u = P.x - 1000) or on the arc (u = 500 + R phi, phi the angle
//   at the arc's centre (1500, 2150) from its start), to 1e-3 m;
// - File > Export > IFC 4.3 Alignments... through its dialog, and the written file imported again
//   (importIfcAlignments): the same number of tracks, each end within 1e-6 m of the first import's (the
//   alignment tracks are written exactly with their vertical and cant layouts: docs/alignments.md, "Export").
#include "GuiTestUtil.h"
#include "tests/core/IfcTestFile.h"

#include "core/alignment/IfcAlignmentReader.h"
#include "core/layout/Alignment.h"
#include "core/layout/Layout.h"
#include "core/units/Station.h"
#include "ui/document/FileManager.h"
#include "ui/sim/EventLog.h"
#include "ui/sim/RunEvents.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

using namespace guitest;
using ifctest::real;
using tl::ui::MainWindow;

namespace {

constexpr double kX0 = 1000.0, kY0 = 2000.0; // [m] the alignment's start, heading east
constexpr double kStraight = 500.0;          // [m]
constexpr double kRadius = 150.0;            // [m] turning left
constexpr double kArc = 200.0;               // [m]
constexpr double kStartStation = 12000.0;    // [m]

// The DATA section of an IFC file, numbering the instances (as tests/core/tst_ifc_import.cpp writes them).
struct Ifc {
    std::string data;
    int next = 1;
    int add(const std::string& entity) {
        const int id = next++;
        data += "#" + std::to_string(id) + "=" + entity + ";\n";
        return id;
    }
    static std::string r(int id) { return "#" + std::to_string(id); }
    void nest(int parent, const std::vector<int>& children) {
        std::string list;
        for (const int c : children)
            list += (list.empty() ? "" : ",") + r(c);
        add("IFCRELNESTS('n" + std::to_string(next) + "',$,$,$," + r(parent) + ",(" + list + "))");
    }
    int segment(const std::string& name, int params) {
        return add("IFCALIGNMENTSEGMENT('g" + std::to_string(next) + "',$,'" + name + "',$,$,$,$," +
                   r(params) + ")");
    }
    int horizontal(const std::string& name, double x, double y, double dir, double radius, double length,
                   const std::string& type) {
        const int p = add("IFCCARTESIANPOINT((" + real(x) + "," + real(y) + "))");
        return segment(name,
                       add("IFCALIGNMENTHORIZONTALSEGMENT($,$," + r(p) + "," + real(dir) + "," +
                           real(radius) + "," + real(radius) + "," + real(length) + ",$,." + type + ".)"));
    }
    int vertical(double from, double length, double height, double g0, double g1, const std::string& type) {
        return segment("", add("IFCALIGNMENTVERTICALSEGMENT($,$," + real(from) + "," + real(length) + "," +
                               real(height) + "," + real(g0) + "," + real(g1) + ",$,." + type + ".)"));
    }
    int cant(double from, double length, double right0, double right1, const std::string& type) {
        return segment("", add("IFCALIGNMENTCANTSEGMENT($,$," + real(from) + "," + real(length) + ",0.,0.," +
                               real(right0) + "," + real(right1) + ",." + type + ".)"));
    }
    std::string file() const { return ifctest::file(data, "run.ifc"); }
};

std::string alignmentFile() {
    Ifc f;
    const int m = f.add("IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.)");
    const int rad = f.add("IFCSIUNIT(*,.PLANEANGLEUNIT.,$,.RADIAN.)");
    f.add("IFCUNITASSIGNMENT((" + Ifc::r(m) + "," + Ifc::r(rad) + "))");
    const int a = f.add("IFCALIGNMENT('a1',$,'Main',$,$,$,$,$)");
    const int h = f.add("IFCALIGNMENTHORIZONTAL('h1',$,$,$,$,$,$)");
    f.nest(a, {h});
    f.nest(h, {f.horizontal("straight", kX0, kY0, 0.0, 0.0, kStraight, "LINE"),
               f.horizontal("curve", kX0 + kStraight, kY0, 0.0, kRadius, kArc, "CIRCULARARC")});
    const int v = f.add("IFCALIGNMENTVERTICAL('v1',$,$,$,$,$,$)");
    f.nest(a, {v});
    f.nest(v, {f.vertical(0, 400, 500.0, -0.004, -0.004, "CONSTANTGRADIENT"),
               f.vertical(400, 300, 500.0 - 0.004 * 400, -0.004, 0.002, "PARABOLICARC")});
    const int c = f.add("IFCALIGNMENTCANT('c1',$,$,$,$,$,$," + real(1.5) + ")");
    f.nest(a, {c});
    f.nest(c, {f.cant(0, 440, 0, 0, "CONSTANTCANT"), f.cant(440, 60, 0, 0.09, "LINEARTRANSITION"),
               f.cant(500, 200, 0.09, 0.09, "CONSTANTCANT")});
    // the start station: a referent at distance 0 along the alignment
    const int d = f.add("IFCPOINTBYDISTANCEEXPRESSION(IFCLENGTHMEASURE(0.),$,$,$,#1)");
    const int ax = f.add("IFCAXIS2PLACEMENTLINEAR(" + Ifc::r(d) + ",$,$)");
    const int lp = f.add("IFCLINEARPLACEMENT($," + Ifc::r(ax) + ",$)");
    const int ref = f.add("IFCREFERENT('r1',$,'12+000',$,$," + Ifc::r(lp) + ",$,.STATION.)");
    f.nest(a, {ref});
    const int prop =
        f.add("IFCPROPERTYSINGLEVALUE('Station',$,IFCLENGTHMEASURE(" + real(kStartStation) + "),$)");
    const int pset = f.add("IFCPROPERTYSET('ps1',$,'Pset_Stationing',$,(" + Ifc::r(prop) + "))");
    f.add("IFCRELDEFINESBYPROPERTIES('rp1',$,$,$,(" + Ifc::r(ref) + ")," + Ifc::r(pset) + ")");
    return f.file();
}

// The closed form: the horizontal distance from the alignment's start to a plan position on the straight or
// on the arc (centre (1500, 2150), start at its bottom, turning counter-clockwise).
double horizontalDistance(const std::string& track, const tl::Vec3& P) {
    if (track == "Main/straight") return P.x() - kX0;
    const double cx = kX0 + kStraight, cy = kY0 + kRadius;
    const double phi = std::atan2(P.x() - cx, cy - P.y());
    return kStraight + kRadius * phi;
}

std::vector<tl::Vec3> trackEnds(const tl::Layout& L) {
    std::vector<tl::Vec3> ends;
    for (std::size_t t = 0; t < L.trackCount(); ++t)
        ends.push_back(L.frameInWorld(t, L.track(t).length()).F.P);
    return ends;
}

} // namespace

class TstIfcRunGui : public QObject {
    Q_OBJECT
public:
    static void initMain() { initGuiTest(); }
private slots:
    void importAddTrainDerailAtStation();
};

void TstIfcRunGui::importAddTrainDerailAtStation() {
    MainWindow w;
    QVERIFY(showAndWait(w));
    tl::ui::SimulationController* sim = w.simulation();
    tl::ui::OsgViewWidget* v = w.view();
    QTemporaryDir dir;
    {
        QFile f(dir.filePath("main-line.ifc"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        const std::string text = alignmentFile();
        QVERIFY(f.write(text.data(), qint64(text.size())) == qint64(text.size()));
    }
    QVERIFY(QDir::setCurrent(dir.path())); // the dialogs open in the working directory

    // File > Import IFC Alignment...
    int answered = 0;
    whenDialogShows<QFileDialog>([&](QFileDialog* d) { answered = acceptFileDialog(d, "main-line.ifc"); });
    w.findChild<QAction*>("fileImport")->trigger();
    QVERIFY(answered > 0);
    QVERIFY2(w.statusBar()->currentMessage().startsWith("Imported"),
             qPrintable(w.statusBar()->currentMessage()));
    const tl::LayoutSpec& spec = w.document()->spec();
    QCOMPARE(int(spec.tracks.size()), 2);
    QCOMPARE(spec.tracks[0].id, std::string("Main/straight"));
    QCOMPARE(spec.tracks[1].id, std::string("Main/curve"));
    for (const tl::TrackSpec& t : spec.tracks)
        QCOMPARE(t.curve.type, std::string("alignment"));
    QCOMPARE(int(spec.alignmentSpecs.size()), 1);
    QCOMPARE(spec.alignmentSpecs[0].startStation, kStartStation);
    QVERIFY(spec.trains.is_null() || spec.trains.empty());
    const std::vector<tl::Vec3> imported = trackEnds(*w.document()->layout());

    // Track > Add Train Here (Ctrl+Shift+T) after a click 60 m into the straight
    clickTrack(w, "Main/straight", 60.0);
    QTest::keyClick(v, Qt::Key_T, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(w.document()->spec().trains.size(), std::size_t(1));
    QTRY_VERIFY(sim->simulation() && sim->simulation()->view().trainCount() == 1);
    // brakes off, full throttle: the keys of the Simulation menu
    v->setFocus();
    for (int k = 0; k < 5; ++k)
        QTest::keyClick(v, Qt::Key_S);
    for (int k = 0; k < 5; ++k)
        QTest::keyClick(v, Qt::Key_Q);
    QCOMPARE(sim->simulation()->view().trainDrive(0).brake, 0.0);
    QCOMPARE(sim->simulation()->view().trainDrive(0).throttle, 1.0);

    // Simulation > Run (Space), as fast as the machine goes; "Stop at First Event" pauses at the derailment
    sim->setRate(0.0);
    QTest::keyClick(v, Qt::Key_Space);
    QVERIFY(sim->isRunning());
    QVERIFY(runUntil(
        sim, [&] { return !sim->simulation()->view().derailments().empty(); }, 120.0));
    QTRY_VERIFY(!sim->isRunning());
    const tl::Simulation* live = sim->simulation();
    const tl::DerailmentEvent e = live->view().derailments().front();
    qInfo("derailed at t = %.3f s on %s, s = %.3f m, %.2f m/s: %s", e.t, e.trackId.c_str(), e.s, e.speed,
          e.message.c_str());
    QVERIFY2(e.trackId == "Main/curve" || e.trackId == "Main/straight", e.trackId.c_str());
    QVERIFY(e.speed > 25.0);
    QVERIFY2(e.cause != "end of track", e.cause.c_str()); // in the curve, not off its end

    // the event log's row: "s (km 12+...)", the station label of the event's place
    const tl::Layout& L = live->layout();
    const std::string label = tl::stationLabel(L, e.track, e.s);
    const tl::ui::RunEvent derailment{tl::ui::RunEvent::Kind::Derailment, 0};
    QTRY_VERIFY(w.events()->rowOf(derailment) >= 0);
    const int row = w.events()->rowOf(derailment);
    const QString cell = w.events()->item(row, 4)->text();
    qInfo() << "event log:" << cell;
    QVERIFY2(QString::fromStdString(label).startsWith("km 12+"), label.c_str());
    QCOMPARE(cell, QString("%1 (%2)").arg(e.s, 0, 'f', 1).arg(QString::fromStdString(label)));
    // its value: the start station + the horizontal distance to the place, in closed form
    const tl::Vec3 P = L.frameInWorld(std::size_t(e.track), e.s).F.P;
    if (e.trackId == "Main/curve") // on the circle
        QVERIFY(std::abs(std::hypot(P.x() - (kX0 + kStraight), P.y() - (kY0 + kRadius)) - kRadius) < 1e-6);
    else
        QVERIFY(std::abs(P.y() - kY0) < 1e-6);
    const double expected = kStartStation + horizontalDistance(e.trackId, P);
    const double shown = tl::parseStation(label);
    qInfo("station shown %s = %.4f m, closed form %.4f m", label.c_str(), shown, expected);
    QVERIFY(std::abs(shown - expected) < 1e-3);
    QVERIFY(L.station(e.track, e.s) && std::abs(*L.station(e.track, e.s) - expected) < 1e-3);

    // File > Export > IFC 4.3 Alignments..., and that file imported again
    QString error;
    connect(w.files(), &tl::ui::FileManager::error, this, [&](const QString& m) { error = m; });
    const QString out = dir.filePath("main-line-out.ifc");
    whenDialogShows<QFileDialog>(
        [&](QFileDialog* d) { answered = acceptFileDialog(d, "main-line-out.ifc"); });
    w.findChild<QAction*>("fileExportIfc")->trigger();
    QVERIFY(answered > 0);
    qInfo() << "export:" << w.statusBar()->currentMessage() << error;
    QVERIFY2(QFile::exists(out), qPrintable(error));
    const tl::IfcImport back = tl::importIfcAlignments(out.toStdString());
    const tl::Layout again = tl::Layout::compile(back.layout);
    QCOMPARE(int(again.trackCount()), int(imported.size()));
    const std::vector<tl::Vec3> ends = trackEnds(again);
    for (std::size_t t = 0; t < ends.size(); ++t) {
        qInfo("track %zu: end off by %.3e m", t, (ends[t] - imported[t]).norm());
        QVERIFY((ends[t] - imported[t]).norm() < 1e-6);
    }
}

QTEST_MAIN(TstIfcRunGui)
#include "tst_ifc_run_gui.moc"
