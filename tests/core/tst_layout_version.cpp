// Layout format version 2 (docs/layout-format.md, "Versions"; core/layout/FormatVersion.h): a track without
// "frame" is a bank from the vertical, so a cant on a climbing curve banks at the equilibrium
// atan(v^2 kappa_L / g) and a closed 3D spline without a twist keeps its rails level; version-1 files keep
// their meaning and bytes, and their first save after an edit writes version 2 with the implicit frames
// made explicit; keys that came with version 2 are errors in a version-1 file; the typed keys (look,
// railCentreDistance, lineSpeed, drives) read, check and round-trip as the untyped ones did.
#include "core/layout/FormatVersion.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "core/layout/LayoutFile.h"
#include "core/layout/LayoutJson.h"
#include "core/units/CantUnits.h"

#include <QTest>

#include <cmath>
#include <numbers>

using namespace tl;

namespace {

constexpr double kDeg = 180.0 / std::numbers::pi;

// The bank from the vertical at s (docs/layout-format.md, "The up frame"): the angle about T from U (+z
// made perpendicular to T) to wB, measured on the world frame whatever frame the track was built in.
double bankFromVertical(const Layout& L, std::size_t track, double s) {
    const TwistedFrame w = L.frameInWorld(track, s);
    const Vec3 U = (Vec3::UnitZ() - w.F.T.z() * w.F.T).normalized();
    return std::atan2(U.cross(w.wB).dot(w.F.T), U.dot(w.wB));
}

std::string withVersion(std::string text, int version) { // text says "version": 2
    const std::string key = "\"version\": 2";
    const auto at = text.find(key);
    if (at == std::string::npos) qFatal("test data: no \"version\": 2");
    return text.replace(at, key.size(), "\"version\": " + std::to_string(version));
}

// A climbing curve: a spline through points every 5 deg of a circle R = 100 m in plan, its height z = k d^2
// over the distance d along the circle (a vertical curve: the grade grows from 0 to 15.7 %), cant for
// 16 m/s, no "frame". Its Frenet frame leans by atan(kappa_v / kappa_h) = 5.7 deg off the vertical.
std::string climbingCurve() {
    std::string pts;
    for (int deg = 0; deg <= 90; deg += 5) {
        const double th = deg * std::numbers::pi / 180, d = 100 * th;
        const std::string p = "[" + std::to_string(100 * std::sin(th)) + ", " +
                              std::to_string(100 * (1 - std::cos(th))) + ", " + std::to_string(5e-4 * d * d) +
                              "]";
        // the ends' tangents d/dd (clamped ends: the spline's curvature is the circle's there too)
        const std::string tangent = "[" + std::to_string(std::cos(th)) + ", " + std::to_string(std::sin(th)) +
                                    ", " + std::to_string(1e-3 * d) + "]";
        pts += (deg ? ", " : "") +
               (deg == 0 || deg == 90 ? R"({"position": )" + p + R"(, "tangent": )" + tangent + "}" : p);
    }
    return R"({"format": "tracklab-layout", "version": 2, "tracks": [
  {"id": "climb", "curve": {"type": "spline", "points": [)" +
           pts + R"(]}, "twist": {"type": "cant", "designSpeed": 16, "maxAngle": 0.6}}]})";
}
const std::string kClimbingCurve = climbingCurve();

// The lateral (level) curvature at s, from the compiled frames alone: the rate at which the tangent turns
// toward the level left normal U x T / |U x T| (central differences over +-0.25 m).
double lateralCurvature(const Layout& L, std::size_t track, double s) {
    const double h = 0.25;
    const Vec3 T = L.frameInWorld(track, s).F.T;
    const Vec3 dT = (L.frameInWorld(track, s + h).F.T - L.frameInWorld(track, s - h).F.T) / (2 * h);
    const Vec3 left = Vec3::UnitZ().cross(T).normalized();
    return dT.dot(left);
}

// A closed spline that climbs, turns and crosses itself in plan (3D inflections), no twist, no "frame".
const char* kClosedSpline = R"({"format": "tracklab-layout", "version": 2, "tracks": [
  {"id": "loop", "curve": {"type": "spline", "closed": true, "points": [[0, 0, 2], [40, 10, 8], [70, 50, 20],
   [40, 80, 12], [0, 60, 25], [-30, 30, 6], [-20, -10, 3]]}}]})";

// A version-1 file: "A" without "frame" (Frenet), "B" with "frame": "up", hand-formatted.
const char* kVersion1 = R"({"format": "tracklab-layout", "version": 1, "description": "kept as written",
  "tracks": [
    {"id": "A", "curve": {"type": "line", "length": 100.0}, "lineSpeed": 2.50E1},
    {"id": "B", "curve": {"type": "arc", "radius": 3e2, "angle": 0.5}, "frame": "up",
     "placement": {"after": ["A", "end"]}}
  ],
  "connections": [{"a": ["A", "end"], "b": ["B", "start"]}]
}
)";

QString errorOf(const std::string& text) {
    try {
        parseLayoutSpec(text, "x.json");
    } catch (const LayoutError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

} // namespace

class TestLayoutVersion : public QObject {
    Q_OBJECT
private slots:
    void cantOnAClimbingCurveBanksAtEquilibrium() {
        const double v = 16, g = 9.81;
        const Layout L = Layout::compile(parseLayoutSpec(kClimbingCurve, "climb.json"));
        QVERIFY(L.spec().tracks[0].frame == TrackFrame::Up);
        const double len = L.track(0).length();
        double worst = 0, worstOld = 0, equilibriumMid = 0;
        const Layout old = Layout::compile(parseLayoutSpec(withVersion(kClimbingCurve, 1), "climb.json"));
        QVERIFY(old.spec().tracks[0].frame == TrackFrame::Frenet);
        for (double s = 10; s <= len - 10; s += 2.5) {
            const double kappaL = lateralCurvature(L, 0, s);
            // constant plan curvature: 1 / (100 m) times cos^2 of the grade
            QVERIFY2(std::abs(kappaL * 100 - 1) < 0.05,
                     qPrintable(QString("s = %1: kappa_L %2").arg(s).arg(kappaL)));
            const double equilibrium = std::atan(v * v * kappaL / g);
            const double phi = bankFromVertical(L, 0, s);
            // it leans into the (left) curve: a negative bank
            QVERIFY2(phi < 0, qPrintable(QString("s = %1: bank %2 deg").arg(s).arg(phi * kDeg)));
            worst = std::max(worst, std::abs(-phi - equilibrium));
            worstOld = std::max(worstOld, std::abs(-bankFromVertical(old, 0, s) - equilibrium));
            if (std::abs(s - len / 2) < 1.25) equilibriumMid = equilibrium;
        }
        qInfo("version 2: at most %.4f deg off the equilibrium (%.2f deg mid-curve); version 1: %.2f deg off",
              worst * kDeg, equilibriumMid * kDeg, worstOld * kDeg);
        QVERIFY2(worst * kDeg < 0.1, qPrintable(QString("worst %1 deg off the equilibrium (%2 deg mid-curve)")
                                                    .arg(worst * kDeg)
                                                    .arg(equilibriumMid * kDeg)));
        // the same file as version 1 measures the cant from the Frenet frame, which leans on the vertical
        // curve: it banks off the equilibrium (the reason version 2 changed the default)
        QVERIFY2(worstOld * kDeg > 2.0, qPrintable(QString("version 1: %1 deg off").arg(worstOld * kDeg)));
    }

    void closedSplineWithoutTwistKeepsItsRailsLevel() {
        const Layout L = Layout::compile(parseLayoutSpec(kClosedSpline, "loop.json"));
        const double len = L.track(0).length();
        double worstBank = 0, worstStep = 0, prev = bankFromVertical(L, 0, 0);
        for (double s = 5; s <= len; s += 5) {
            const double phi = bankFromVertical(L, 0, s);
            worstBank = std::max(worstBank, std::abs(phi));
            worstStep = std::max(worstStep, std::abs(phi - prev));
            prev = phi;
        }
        QVERIFY2(worstStep * kDeg <= 1.0, qPrintable(QString("bank step %1 deg").arg(worstStep * kDeg)));
        QVERIFY2(worstBank * kDeg < 1e-6, qPrintable(QString("bank %1 deg").arg(worstBank * kDeg)));

        // version 1: the Frenet frame turns the rails over somewhere along the loop
        const Layout old = Layout::compile(parseLayoutSpec(withVersion(kClosedSpline, 1), "loop.json"));
        double oldStep = 0;
        prev = bankFromVertical(old, 0, 0);
        for (double s = 5; s <= len; s += 5) {
            const double phi = bankFromVertical(old, 0, s);
            oldStep = std::max(oldStep, std::abs(std::remainder(phi - prev, 2 * std::numbers::pi)));
            prev = phi;
        }
        qInfo("version 2: largest bank %.2g deg, largest step %.2g deg per 5 m; version 1: step %.1f deg",
              worstBank * kDeg, worstStep * kDeg, oldStep * kDeg);
        QVERIFY2(oldStep * kDeg > 10.0,
                 qPrintable(QString("version 1 bank step %1 deg").arg(oldStep * kDeg)));
    }

    void version1KeepsItsBytesUntilEdited() {
        const LayoutSpec spec = parseLayoutSpec(kVersion1, "v1.json");
        QCOMPARE(spec.version, 1);
        QVERIFY(spec.tracks[0].frame == TrackFrame::Frenet);
        QVERIFY(spec.tracks[1].frame == TrackFrame::Up);
        QCOMPARE(layoutSpecTextLike(spec, kVersion1), std::string(kVersion1)); // unchanged: same bytes

        // an edit, then the save's upgrade: version 2, "frame": "frenet" where version 1 left it implicit,
        // the edit, and nothing else
        LayoutSpec edited = spec;
        edited.tracks[0].curve.params["length"] = 120.0;
        QCOMPARE(upgradeToCurrentVersion(edited), 1); // one Frenet track
        QCOMPARE(edited.version, 2);
        QCOMPARE(upgradeToCurrentVersion(edited), -1); // current already
        const std::string text = layoutSpecTextLike(edited, kVersion1);
        std::string expected = kVersion1;
        auto replace = [&](const std::string& from, const std::string& to) {
            const auto at = expected.find(from);
            QVERIFY(at != std::string::npos);
            expected.replace(at, from.size(), to);
        };
        replace("\"version\": 1", "\"version\": 2");
        replace("\"length\": 100.0}, \"lineSpeed\": 2.50E1}",
                "\"length\": 120.0}, \"lineSpeed\": 2.50E1, \"frame\": \"frenet\"}");
        QCOMPARE(text, expected);
        // and it means what it meant
        const LayoutSpec reread = parseLayoutSpec(text, "v2.json");
        QCOMPARE(reread.version, 2);
        QVERIFY(reread.tracks[0].frame == TrackFrame::Frenet);
        QVERIFY(reread.tracks[1].frame == TrackFrame::Up);
        QVERIFY(reread == edited);
    }

    void version2WritesEveryFrame() {
        // a new track in a version-2 layout names its frame; a hand-written one without it keeps its text
        const std::string v2 = kClimbingCurve;
        LayoutSpec spec = parseLayoutSpec(v2, "climb.json");
        QCOMPARE(layoutSpecTextLike(spec, v2), v2);
        TrackSpec t;
        t.id = "next";
        t.curve.params["length"] = 10.0;
        t.frame = TrackFrame::Up;
        t.placement.after = EndRef{"climb", TrackEnd::End};
        spec.tracks.push_back(t);
        const Json j = Json::parse(layoutSpecTextLike(spec, v2));
        QVERIFY(!j["tracks"][0].contains("frame"));
        QCOMPARE(j["tracks"][1]["frame"].get<std::string>(), std::string("up"));
        QCOMPARE(LayoutSpec{}.version, 2); // File > New
    }

    void versionErrors_data() {
        QTest::addColumn<QString>("document");
        QTest::addColumn<QString>("message");
        const QString v1 = QString::fromUtf8(kVersion1);
        auto top = [&](const char* key) {
            QString d = v1;
            return d.replace("\"description\"", QString("\"%1\": [], \"description\"").arg(key));
        };
        QTest::newRow("version 3")
            << QString(v1).replace("\"version\": 1", "\"version\": 3")
            << "x.json: /version: unsupported version 3 (this build reads versions 1 to 2)";
        QTest::newRow("version 0")
            << QString(v1).replace("\"version\": 1", "\"version\": 0")
            << "x.json: /version: unsupported version 0 (this build reads versions 1 to 2)";
        for (const char* key : {"bufferStops", "signals", "routes", "alignments"})
            QTest::newRow(key) << top(key)
                               << QString("x.json: /%1: \"%1\" needs version 2 (this file is version 1; set "
                                          "\"version\": 2)")
                                      .arg(key);
        QTest::newRow("heartline")
            << QString(v1).replace("\"frame\": \"up\"", "\"frame\": \"up\", \"heartline\": 1.1")
            << "x.json: /tracks/1/heartline: \"heartline\" needs version 2 (this file is "
               "version 1; set \"version\": 2)";
        QTest::newRow("curve type")
            << QString(v1).replace("\"type\": \"line\", \"length\": 100.0",
                                   "\"type\": \"bloss\", \"length\": 100.0")
            << "x.json: /tracks/0/curve/type: curve type \"bloss\" needs version 2 (this "
               "file is version 1; set \"version\": 2)";
        // in version 2 an "alignment" curve needs its horizontal curve (docs/layout-format.md, "Alignments")
        QTest::newRow("curve type v2")
            << QString(v1)
                   .replace("\"version\": 1", "\"version\": 2")
                   .replace("\"type\": \"line\", \"length\": 100.0",
                            "\"type\": \"alignment\", \"length\": 100.0")
            << "x.json: /tracks/0/curve/horizontal: missing required key \"horizontal\"";
        QTest::newRow("lineSpeed string")
            << QString(v1).replace("2.50E1", "\"fast\"")
            << "x.json: /tracks/0/lineSpeed: expected a number [m/s], got a string "
               "\"fast\"";
        QTest::newRow("lineSpeed 0") << QString(v1).replace("2.50E1", "0")
                                     << "x.json: /tracks/0/lineSpeed: lineSpeed must be > 0 [m/s], got 0";
        QTest::newRow("look") << top("look").replace("\"look\": []", "\"look\": \"tram\"")
                              << "x.json: /look: look must be \"railway\" or \"coaster\", got \"tram\"";
        QTest::newRow("railCentreDistance type")
            << top("railCentreDistance")
                   .replace("\"railCentreDistance\": []", "\"railCentreDistance\": \"1.5\"")
            << "x.json: /railCentreDistance: expected a number [m], got a string \"1.5\"";
        QTest::newRow("railCentreDistance mm")
            << top("railCentreDistance").replace("\"railCentreDistance\": []", "\"railCentreDistance\": 1500")
            << "x.json: /railCentreDistance: railCentreDistance must be in [0.05, 5] m, got 1500 (1.5 for "
               "standard gauge)";
        auto drive = [&](const char* body) {
            return top("drives").replace("\"drives\": []", QString("\"drives\": [%1]").arg(body));
        };
        QTest::newRow("drives not array")
            << top("drives").replace("\"drives\": []", "\"drives\": {}")
            << "x.json: /drives: expected an array of drive sections, got an object {}";
        QTest::newRow("drive not object")
            << drive("3") << "x.json: /drives/0: expected a drive section object, got a number 3";
        QTest::newRow("drive kind")
            << drive(R"({"kind": "winch", "track": "A", "speed": 1, "maxForce": 10})")
            << "x.json: /drives/0/kind: unknown drive kind \"winch\" (expected chain, booster or "
               "brake)";
        QTest::newRow("drive track missing") << drive(R"({"speed": 1, "maxForce": 10})")
                                             << "x.json: /drives/0/track: missing required key \"track\"";
        QTest::newRow("drive unknown track") << drive(R"({"track": "lopp", "speed": 1, "maxForce": 10})")
                                             << "x.json: /drives/0/track: unknown track \"lopp\"";
        QTest::newRow("drive direction")
            << drive(R"({"track": "A", "speed": 1, "maxForce": 10, "direction": 0})")
            << "x.json: /drives/0/direction: direction must be 1 or -1";
        QTest::newRow("drive speed") << drive(R"({"track": "A", "speed": -1, "maxForce": 10})")
                                     << "x.json: /drives/0/speed: speed must be >= 0";
        QTest::newRow("drive maxForce") << drive(R"({"track": "A", "speed": 1})")
                                        << "x.json: /drives/0/maxForce: missing required key \"maxForce\"";
        QTest::newRow("drive maxForce 0") << drive(R"({"track": "A", "speed": 1, "maxForce": 0})")
                                          << "x.json: /drives/0/maxForce: maxForce must be > 0, got 0";
    }
    void versionErrors() {
        QFETCH(QString, document);
        QFETCH(QString, message);
        QCOMPARE(errorOf(document.toStdString()), message);
    }

    void driveSectionOffItsTrack() {
        // that [from, to] lies on the track needs its length: the compile says so, with the same path
        std::string doc = kVersion1;
        doc.replace(
            doc.find("\"description\""), 13,
            R"("drives": [{"track": "A", "from": 50, "to": 140, "speed": 1, "maxForce": 10}], "description")");
        const LayoutSpec spec = parseLayoutSpec(doc, "x.json");
        try {
            Layout::compile(spec, "x.json");
            QFAIL("compiled a drive section beyond its track");
        } catch (const LayoutError& e) {
            QCOMPARE(QString::fromStdString(e.what()),
                     QString("x.json: /drives/0/to: the section [from, to] must lie on the track (0 .. "
                             "100.000000 m) with from < to"));
        }
    }

    void typedKeysRoundTrip() {
        std::string doc = kVersion1;
        doc.replace(doc.find("\"description\""), 13,
                    R"("look": "coaster", "railCentreDistance": 1.06, "drives": [{"id": "lift", "track": "B",
                        "from": 10, "speed": 3.5, "maxForce": 3000, "note": "chain 2"}], "description")");
        const LayoutSpec spec = parseLayoutSpec(doc, "x.json");
        QVERIFY(spec.lookOrDefault() == LayoutLook::Coaster);
        QVERIFY(bankUnit(spec) == BankUnit::Degrees);
        QCOMPARE(railCentreDistance(spec), 1.06);
        QCOMPARE(*spec.tracks[0].lineSpeed, 25.0);
        QVERIFY(!spec.tracks[0].extra.contains("lineSpeed"));
        QVERIFY(!spec.extra.contains("look") && !spec.extra.contains("drives"));
        QCOMPARE(spec.drives.size(), std::size_t(1));
        const DriveSpec& d = spec.drives[0];
        QCOMPARE(d.id, std::string("lift"));
        QVERIFY(d.kind == DriveKind::Chain);
        QVERIFY(!d.to);
        QCOMPARE(d.extra["note"].get<std::string>(), std::string("chain 2"));
        const Layout L = Layout::compile(spec);
        QCOMPARE(L.drives().size(), std::size_t(1));
        QCOMPARE(L.drives()[0].track, 1);
        QCOMPARE(L.drives()[0].to, 150.0); // the arc's length: 300 m x 0.5 rad
        // unchanged: the same bytes; through canonical JSON: the same spec
        QCOMPARE(layoutSpecTextLike(spec, doc), doc);
        QVERIFY(layoutSpecFromJson(layoutSpecToJson(spec)) == spec);
        // absent keys: the defaults, and nothing written
        const LayoutSpec plain = parseLayoutSpec(kVersion1);
        QVERIFY(bankUnit(plain) == BankUnit::CantMm);
        QCOMPARE(railCentreDistance(plain), defaultRailCentreDistance);
        const Json out = layoutSpecToJson(plain);
        QVERIFY(!out.contains("look") && !out.contains("railCentreDistance") && !out.contains("drives"));
        QVERIFY(!out["tracks"][1].contains("lineSpeed"));
    }
};

QTEST_APPLESS_MAIN(TestLayoutVersion)
#include "tst_layout_version.moc"
