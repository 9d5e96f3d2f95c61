// Route operations of the designer (core/design/RouteOps.h), on layouts the test writes:
// - a junction: 600 m of "main", switch W1 at its end (state 0: "through", a 500 m line; state 1: "siding",
//   an arc of radius 300 m through 0.25 rad, 75 m), home signal H1 at 450 m of main, X1 at 300 m of through,
//   X2 at 50 m of siding, all facing increasing s, no routes. H1 to X1 sets W1 to 0 and its path is main
//   450..600, through 0..300 and the 50 m overlap through 300..350 (450 m to the exit, W1 at 150 m); H1 to X2
//   sets W1 to 1 (200 m, the overlap cut at siding's open end at 75 m). X1 to H1 is refused (no way in X1's
//   direction), so is a signal facing the other way, a duplicate id, an unknown signal. Deleting a route and
//   setting its overlap (80 m: through 300..380) are single edits.
// - a diamond: "in" (100 m), W1 to "a" (200 m) or "b" (300 m), both joining "out" at W2 (trailing); E1 at
//   50 m of in, E2 at 100 m of out. Two ways: the shortest (via a, 350 m, W1 and W2 both 0) is taken and the
//   undo step says so; choosing W1 = 1 gives the other way (450 m, both 1).
#include "DesignTestUtil.h"
#include "core/design/RouteOps.h"
#include "core/design/SignalOps.h"
#include "core/layout/LayoutFile.h"

#include <QtTest>

#include <functional>

using namespace tl;
using namespace tl::design;

namespace {

const char* kJunction = R"({"format": "tracklab-layout", "version": 2, "tracks": [
    {"id": "main", "curve": {"type": "line", "length": 600}, "frame": "up"},
    {"id": "through", "curve": {"type": "line", "length": 500}, "frame": "up",
     "placement": {"after": ["main", "end"]}},
    {"id": "siding", "curve": {"type": "arc", "radius": 300, "angle": 0.25}, "frame": "up",
     "placement": {"after": ["main", "end"]}}],
  "switches": [{"id": "W1", "at": ["main", "end"], "branches": [["through", "start"], ["siding", "start"]]}],
  "signals": [{"id": "H1", "track": "main", "s": 450, "kind": "home"}, {"id": "X1", "track": "through", "s": 300},
              {"id": "X2", "track": "siding", "s": 50}]})";

// (geometry aside: the layout only needs to compile, not to join smoothly)
const char* kDiamond = R"({"format": "tracklab-layout", "version": 2, "tracks": [
    {"id": "in", "curve": {"type": "line", "length": 100}, "frame": "up"},
    {"id": "a", "curve": {"type": "line", "length": 200}, "frame": "up", "placement": {"after": ["in", "end"]}},
    {"id": "b", "curve": {"type": "line", "length": 300}, "frame": "up"},
    {"id": "out", "curve": {"type": "line", "length": 200}, "frame": "up", "placement": {"after": ["a", "end"]}}],
  "switches": [{"id": "W1", "at": ["in", "end"], "branches": [["a", "start"], ["b", "start"]]},
               {"id": "W2", "at": ["out", "start"], "branches": [["a", "end"], ["b", "end"]]}],
  "signals": [{"id": "E1", "track": "in", "s": 50, "kind": "home"}, {"id": "E2", "track": "out", "s": 100}]})";

// The DesignError's sentence, or "no error".
std::string refusal(const std::function<void()>& f) {
    try {
        f();
    } catch (const DesignError& e) {
        return e.what();
    }
    return "no error";
}

void compareSpan(const TrackSpan& got, int track, double s0, double s1) {
    QCOMPARE(got.track, track);
    QVERIFY2(std::abs(got.s0 - s0) < 1e-6, qPrintable(QString("s0 %1, expected %2").arg(got.s0).arg(s0)));
    QVERIFY2(std::abs(got.s1 - s1) < 1e-6, qPrintable(QString("s1 %1, expected %2").arg(got.s1).arg(s1)));
}

} // namespace

class TestRouteOps : public QObject {
    Q_OBJECT
private slots:
    void junctionRoutes();
    void refusals();
    void deleteAndOverlap();
    void shortestOfSeveralWays();
};

void TestRouteOps::junctionRoutes() {
    const Layout L0 = test::checkedLayout(parseLayoutSpec(kJunction, "junction"));
    const int main = L0.trackIndex("main"), through = L0.trackIndex("through"),
              siding = L0.trackIndex("siding");

    // the signals a route from H1 could end at: X2 (200 m) before X1 (450 m)
    const std::vector<RouteWay> exits = routeExits(L0, "H1");
    QCOMPARE(exits.size(), std::size_t(2));
    QCOMPARE(exits[0].to, std::string("X2"));
    QCOMPARE(exits[0].length, 200.0);
    QCOMPARE(exits[0].switches, (SwitchChoices{{"W1", 1}}));
    QCOMPARE(exits[1].to, std::string("X1"));
    QCOMPARE(exits[1].length, 450.0);
    QCOMPARE(exits[1].switches, (SwitchChoices{{"W1", 0}}));
    QVERIFY(routeExits(L0, "X1").empty()); // through ends open ahead of X1

    // H1 to X1: W1 straight on
    const DesignEdit r1 = addRoute(L0, "H1", "X1");
    QCOMPARE(QString::fromStdString(r1.description), QString("Add route R1 from H1 to X1"));
    QCOMPARE(r1.spec.routeSpecs.size(), std::size_t(1));
    const RouteSpec& q1 = r1.spec.routeSpecs[0];
    QCOMPARE(q1.id, std::string("R1"));
    QCOMPARE(q1.from, std::string("H1"));
    QCOMPARE(q1.to, std::string("X1"));
    QCOMPARE(q1.switches, (std::vector<std::pair<std::string, int>>{{"W1", 0}}));
    QVERIFY(!q1.overlap);
    const Layout L1 = test::checkedLayout(r1.spec);
    QCOMPARE(L1.routeList().size(), std::size_t(1));
    const Route& c1 = L1.routeList()[0];
    QCOMPARE(c1.path.size(), std::size_t(3));
    compareSpan(c1.path[0], main, 450.0, 600.0);
    compareSpan(c1.path[1], through, 0.0, 300.0);
    compareSpan(c1.path[2], through, 300.0, 350.0); // the overlap: X1's default 50 m
    QCOMPARE(c1.length, 450.0);                     // 150 m on main + 300 m on through
    QCOMPARE(c1.sets, (std::vector<std::pair<int, int>>{{L1.switchIndex("W1"), 0}}));
    QCOMPARE(c1.at, std::vector<double>{150.0}); // W1's points, 150 m from H1

    // H1 to X2 on that: W1 to the siding, the next id
    const DesignEdit r2 = addRoute(L1, "H1", "X2");
    QCOMPARE(QString::fromStdString(r2.description), QString("Add route R2 from H1 to X2"));
    const RouteSpec& q2 = r2.spec.routeSpecs.back();
    QCOMPARE(q2.id, std::string("R2"));
    QCOMPARE(q2.switches, (std::vector<std::pair<std::string, int>>{{"W1", 1}}));
    QVERIFY(r2.spec.routeSpecs[0] == q1); // R1 as it was
    const Layout L2 = test::checkedLayout(r2.spec);
    const Route& c2 = L2.routeList()[1];
    QCOMPARE(c2.path.size(), std::size_t(3));
    compareSpan(c2.path[0], main, 450.0, 600.0);
    compareSpan(c2.path[1], siding, 0.0, 50.0);
    compareSpan(c2.path[2], siding, 50.0, 75.0); // the overlap ends at siding's open end (300 m x 0.25)
    QCOMPARE(c2.length, 200.0);
    QCOMPARE(c2.sets, (std::vector<std::pair<int, int>>{{L2.switchIndex("W1"), 1}}));

    // deleting a signal deletes its routes in the same edit (core/design/SignalOps.h)
    const DesignEdit gone = deleteSignal(r2.spec, "X2");
    QCOMPARE(gone.spec.routeSpecs.size(), std::size_t(1));
    QCOMPARE(gone.spec.routeSpecs[0].id, std::string("R1"));
}

void TestRouteOps::refusals() {
    const Layout L0 = test::checkedLayout(parseLayoutSpec(kJunction, "junction"));
    // X1 looks out along through, away from main: no way to H1
    QCOMPARE(refusal([&] { addRoute(L0, "X1", "H1"); }),
             std::string("There is no way from X1 to H1 in X1's direction."));
    // a signal Y on through facing back towards the junction: met only travelling against it
    LayoutSpec withY = L0.spec();
    withY.signalSpecs.push_back(SignalSpec{"Y", "through", 400.0, -1, SignalKind::Block, {}, Json::object()});
    const Layout LY = Layout::compile(withY, "junction");
    QCOMPARE(refusal([&] { addRoute(LY, "H1", "Y"); }),
             std::string("Signal Y faces the other way: the way from H1 reaches it travelling against it."));
    // a duplicate id
    const DesignEdit r1 = addRoute(L0, "H1", "X1");
    const Layout L1 = Layout::compile(r1.spec, "junction");
    QCOMPARE(refusal([&] { addRoute(L1, "H1", "X2", {}, "R1"); }),
             std::string("A route \"R1\" exists already."));
    QCOMPARE(addRoute(L1, "H1", "X2", {}, "R7").spec.routeSpecs.back().id, std::string("R7"));
    // unknown names, a state that is no branch, a switch off the way, the entry as exit
    QCOMPARE(refusal([&] { addRoute(L0, "H1", "Q"); }), std::string("There is no signal \"Q\"."));
    QCOMPARE(refusal([&] {
                 addRoute(L0, "H1", "X1", {{"W9", 0}});
             }),
             std::string("There is no switch \"W9\"."));
    QCOMPARE(refusal([&] {
                 addRoute(L0, "H1", "X1", {{"W1", 2}});
             }),
             std::string("State 2 is no branch of switch W1 (0..1)."));
    QCOMPARE(refusal([&] {
                 addRoute(L0, "H1", "X1", {{"W1", 1}});
             }),
             std::string("There is no way from H1 to X1 in H1's direction with the chosen switches."));
    QCOMPARE(refusal([&] { addRoute(L0, "H1", "H1"); }),
             std::string("A route runs from one signal to another."));
    // nothing was changed by a refusal: the layout's spec still has no route
    QVERIFY(L0.spec().routeSpecs.empty());
}

void TestRouteOps::deleteAndOverlap() {
    const Layout L0 = test::checkedLayout(parseLayoutSpec(kJunction, "junction"));
    const DesignEdit r1 = addRoute(L0, "H1", "X1");
    const DesignEdit o = setRouteOverlap(r1.spec, "R1", 80.0);
    QCOMPARE(QString::fromStdString(o.description), QString("Set route R1's overlap to 80 m"));
    QCOMPARE(o.spec.routeSpecs[0].overlap.value_or(-1.0), 80.0);
    const Layout L = test::checkedLayout(o.spec);
    const Route& c = L.routeList()[0];
    QCOMPARE(c.overlap, 80.0);
    compareSpan(c.path.back(), L.trackIndex("through"), 300.0, 380.0);
    QVERIFY(setRouteOverlap(o.spec, "R1", std::nullopt).spec == r1.spec); // back to X1's
    QCOMPARE(refusal([&] { setRouteOverlap(r1.spec, "R1", -1.0); }),
             std::string("A route's overlap is a length of 0 m or more."));
    QCOMPARE(refusal([&] { setRouteOverlap(r1.spec, "R2", 10.0); }),
             std::string("There is no route \"R2\"."));

    const DesignEdit d = deleteRoute(o.spec, "R1");
    QCOMPARE(QString::fromStdString(d.description), QString("Delete route R1"));
    QVERIFY(d.spec.routeSpecs.empty());
    QVERIFY(d.spec == L0.spec());
    QCOMPARE(refusal([&] { deleteRoute(d.spec, "R1"); }), std::string("There is no route \"R1\"."));
}

void TestRouteOps::shortestOfSeveralWays() {
    const Layout L = Layout::compile(parseLayoutSpec(kDiamond, "diamond"), "diamond");
    const RouteWay way = findRouteWay(L, "E1", "E2");
    QCOMPARE(way.ways, 2);
    QCOMPARE(way.length, 350.0); // 50 m on in + 200 m of a + 100 m on out
    QCOMPARE(way.switches, (SwitchChoices{{"W1", 0}, {"W2", 0}}));
    const DesignEdit e = addRoute(L, "E1", "E2");
    QCOMPARE(QString::fromStdString(e.description),
             QString("Add route R1 from E1 to E2 (the shortest of 2 ways)"));
    const Layout L1 = Layout::compile(e.spec, "diamond");
    QCOMPARE(L1.routeList()[0].length, 350.0);
    // the other way, chosen by its first switch
    const RouteWay b = findRouteWay(L, "E1", "E2", {{"W1", 1}});
    QCOMPARE(b.ways, 1);
    QCOMPARE(b.length, 450.0); // 50 + 300 + 100 m
    QCOMPARE(b.switches, (SwitchChoices{{"W1", 1}, {"W2", 1}}));
    const Layout L2 = Layout::compile(addRoute(L, "E1", "E2", {{"W1", 1}}).spec, "diamond");
    QCOMPARE(L2.routeList()[0].length, 450.0);
    QCOMPARE(L2.routeList()[0].at, (std::vector<double>{50.0, 350.0})); // W1 and W2 along the way
    // switches that no way takes together
    QCOMPARE(refusal([&] {
                 findRouteWay(L, "E1", "E2", {{"W1", 0}, {"W2", 1}});
             }),
             std::string("There is no way from E1 to E2 in E1's direction with the chosen switches."));
    const std::vector<RouteWay> exits = routeExits(L, "E1");
    QCOMPARE(exits.size(), std::size_t(1));
    QCOMPARE(exits[0].to, std::string("E2"));
    QCOMPARE(exits[0].ways, 2);
    QCOMPARE(exits[0].length, 350.0);
}

QTEST_GUILESS_MAIN(TestRouteOps)
#include "tst_route_ops.moc"
