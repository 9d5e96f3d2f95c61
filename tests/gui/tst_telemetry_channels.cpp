// The one telemetry channel list (physics/telemetry/TelemetryChannels.h) and what derives from it: the CSV
// header (the documented column order of docs/vehicles-format.md, "Telemetry"), every CSV cell (a change to
// one channel of a sample changes that column's cell and no other), the run hash (a change to any one channel
// changes it), and the GUI history and plot style (each plotted channel kept in SI, named, scaled and
// coloured from the list). The setters below are this test's own: a new channel without one fails the
// static_assert, so a channel cannot be added without being checked here.
#include "physics/telemetry/Telemetry.h"
#include "physics/telemetry/TelemetryChannels.h"
#include "ui/Units.h"
#include "ui/plots/ChannelStyle.h"
#include "ui/sim/TelemetryHistory.h"

#include <QtTest>

#include <array>
#include <cmath>
#include <functional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using tl::Channel;
using tl::TelemetrySample;

namespace {

// A bogie row with a distinct value in every channel.
TelemetrySample bogieRow() {
    TelemetrySample s;
    s.t = 12.5, s.vehicle = -1, s.track = 1, s.s = 33.25, s.speed = 17.5, s.x = 101.5, s.y = -22.75,
    s.z = 3.125;
    s.e = {1e-4, 2e-4, 3e-4, 4e-4, 5e-4};
    s.f = {1500.0, 82000.0, -300.0, 40.0, 50.0, 6000.0};
    s.railed = true, s.train = 1, s.car = 2, s.origin = 2, s.bogie = 1;
    s.yq = 0.25, s.yqLimit = 0.8, s.rollMargin = 0.9, s.dqq = 0.125, s.unloaded = false;
    s.rider.vertical = 1.1, s.rider.lateral = 0.05, s.rider.longitudinal = -0.02, s.rider.jerk = 0.3;
    s.rider.rollRate = 0.05, s.rider.hasCantDeficiency = true, s.rider.cantDeficiency = 0.075;
    s.yq2m = 0.2, s.dqq2m = 0.1;
    return s;
}

// Each channel changed alone (in the list's order).
const std::array<std::function<void(TelemetrySample&)>, tl::kChannelCount> kChange = {
    [](TelemetrySample& s) { s.t += 0.5; },
    [](TelemetrySample& s) { s.vehicle = 0; }, // a vehicle index: the cell shows its id
    [](TelemetrySample& s) { s.track = 0; },
    [](TelemetrySample& s) { s.s += 1.0; },
    [](TelemetrySample& s) { s.speed += 1.0; },
    [](TelemetrySample& s) { s.x += 1.0; },
    [](TelemetrySample& s) { s.y += 1.0; },
    [](TelemetrySample& s) { s.z += 1.0; },
    [](TelemetrySample& s) { s.e[0] += 1e-3; },
    [](TelemetrySample& s) { s.e[1] += 1e-3; },
    [](TelemetrySample& s) { s.e[2] += 1e-3; },
    [](TelemetrySample& s) { s.e[3] += 1e-3; },
    [](TelemetrySample& s) { s.e[4] += 1e-3; },
    [](TelemetrySample& s) { s.f[0] += 1.0; },
    [](TelemetrySample& s) { s.f[1] += 1.0; },
    [](TelemetrySample& s) { s.f[2] += 1.0; },
    [](TelemetrySample& s) { s.f[3] += 1.0; },
    [](TelemetrySample& s) { s.f[4] += 1.0; },
    [](TelemetrySample& s) { s.f[5] += 1.0; },
    [](TelemetrySample& s) { s.railed = false; },
    [](TelemetrySample& s) { s.train = 0; },
    [](TelemetrySample& s) { s.car += 1; },
    [](TelemetrySample& s) { s.bogie = 0; },
    [](TelemetrySample& s) { s.yq += 0.01; },
    [](TelemetrySample& s) { s.yqLimit += 0.01; },
    [](TelemetrySample& s) { s.rollMargin -= 0.01; },
    [](TelemetrySample& s) { s.dqq += 0.01; },
    [](TelemetrySample& s) { s.unloaded = true; },
    [](TelemetrySample& s) { s.rider.vertical += 0.01; },
    [](TelemetrySample& s) { s.rider.lateral += 0.01; },
    [](TelemetrySample& s) { s.rider.longitudinal += 0.01; },
    [](TelemetrySample& s) { s.rider.jerk += 0.01; },
    [](TelemetrySample& s) { s.rider.rollRate += 0.01; },
    [](TelemetrySample& s) { s.rider.cantDeficiency += 0.001; },
    [](TelemetrySample& s) { s.yq2m += 0.01; },
    [](TelemetrySample& s) { s.dqq2m += 0.01; },
};

const std::vector<std::string> kVehicles = {"loco"}, kTracks = {"main", "loop"}, kTrains = {"A", "B"};

std::vector<std::string> cells(const TelemetrySample& s) {
    std::ostringstream os;
    tl::Telemetry::writeCsvRow(os, s, kVehicles, kTracks, kTrains);
    std::string row = os.str();
    if (!row.empty() && row.back() == '\n') row.pop_back();
    std::vector<std::string> out;
    std::size_t from = 0;
    for (;;) {
        const std::size_t comma = row.find(',', from);
        out.push_back(row.substr(from, comma - from));
        if (comma == std::string::npos) break;
        from = comma + 1;
    }
    return out;
}

std::uint64_t hashOf(const TelemetrySample& s) {
    tl::Telemetry t;
    t.add(s);
    return t.hash();
}

} // namespace

class TstTelemetryChannels : public QObject {
    Q_OBJECT
private slots:
    void csvHeaderIsTheListInOrder();
    void eachChannelHasItsOwnCell();
    void cellsFollowTheirRules();
    void everyChannelReachesTheHash();
    void historyKeepsThePlottedChannels();
};

void TstTelemetryChannels::csvHeaderIsTheListInOrder() {
    // the order users' scripts read (docs/vehicles-format.md, "Telemetry")
    QCOMPARE(
        std::string(tl::Telemetry::csvHeader()),
        std::string("t,vehicle,track,s,speed,x,y,z,e1,e2,e3,e4,e5,f1,f2,f3,f4,f5,f6,railed,train,car,bogie,"
                    "yq,yq_limit,roll_margin,dq_q,unloaded,rider_vertical_g,rider_lateral_g,"
                    "rider_longitudinal_g,rider_jerk_g_per_s,rider_roll_rate_deg_per_s,cant_deficiency_mm,"
                    "yq_2m,dq_q_2m"));
    std::string joined;
    std::set<std::string> names;
    for (int i = 0; i < tl::kChannelCount; ++i) {
        const tl::ChannelInfo& c = tl::telemetryChannels()[std::size_t(i)];
        QCOMPARE(int(c.id), i);
        QVERIFY2(names.insert(c.name).second, c.name);
        joined += (i ? "," : "") + std::string(c.name);
    }
    QCOMPARE(joined, std::string(tl::Telemetry::csvHeader()));
    QCOMPARE(int(cells(bogieRow()).size()), tl::kChannelCount); // a row has one cell per column
}

void TstTelemetryChannels::eachChannelHasItsOwnCell() {
    const TelemetrySample base = bogieRow();
    const auto before = cells(base);
    for (int i = 0; i < tl::kChannelCount; ++i) {
        const tl::ChannelInfo& c = tl::telemetryChannels()[std::size_t(i)];
        TelemetrySample changed = base;
        kChange[std::size_t(i)](changed);
        const auto after = cells(changed);
        QVERIFY2(after[std::size_t(i)] != before[std::size_t(i)], c.name);
        // no other cell moves, except those whose rule reads the changed channel: a derailed or unloaded
        // bogie has no Y/Q (yq, yq_2m empty), and a vehicle row (train -1) is not tested here
        for (int j = 0; j < tl::kChannelCount; ++j) {
            if (j == i) continue;
            const bool yqRule = (Channel(i) == Channel::Railed || Channel(i) == Channel::Unloaded) &&
                                (Channel(j) == Channel::YQ || Channel(j) == Channel::YQ2m);
            if (yqRule) {
                QCOMPARE(after[std::size_t(j)], std::string());
                continue;
            }
            QVERIFY2(
                after[std::size_t(j)] == before[std::size_t(j)],
                qPrintable(QString("%1 moved %2").arg(c.name, tl::telemetryChannels()[std::size_t(j)].name)));
        }
    }
}

void TstTelemetryChannels::cellsFollowTheirRules() {
    const TelemetrySample s = bogieRow();
    const auto b = cells(s);
    auto at = [&b](Channel c) { return b[std::size_t(c)]; };
    QCOMPARE(at(Channel::T), std::string("12.5"));
    QCOMPARE(at(Channel::Vehicle), std::string()); // a bogie row names no vehicle
    QCOMPARE(at(Channel::Track), std::string("loop"));
    QCOMPARE(at(Channel::Train), std::string("B"));
    QCOMPARE(at(Channel::Car), std::string("2"));
    QCOMPARE(at(Channel::Railed), std::string("1"));
    QCOMPARE(at(Channel::Unloaded), std::string("0"));
    QCOMPARE(at(Channel::F2), std::string("82000"));
    // 0.05 rad/s = 2.864788976 deg/s; 0.075 m = 75 mm
    QCOMPARE(at(Channel::RiderRollRate), std::string("2.864788976"));
    QCOMPARE(at(Channel::CantDeficiency), std::string("75"));

    // a vehicle row: the train's columns are empty, the vehicle is named
    TelemetrySample v = s;
    v.vehicle = 0, v.train = -1, v.car = -1, v.bogie = -1, v.rider.hasCantDeficiency = false;
    const auto r = cells(v);
    QCOMPARE(r[std::size_t(Channel::Vehicle)], std::string("loco"));
    for (Channel c :
         {Channel::Train, Channel::Car, Channel::Bogie, Channel::YQ, Channel::YQLimit, Channel::RollMargin,
          Channel::DQQ, Channel::Unloaded, Channel::CantDeficiency, Channel::YQ2m, Channel::DQQ2m})
        QVERIFY2(r[std::size_t(c)].empty(), tl::channelInfo(c).name);
    QCOMPARE(r[std::size_t(Channel::RiderVertical)], std::string("1.1")); // rider columns stay
}

void TstTelemetryChannels::everyChannelReachesTheHash() {
    const TelemetrySample base = bogieRow();
    const std::uint64_t h0 = hashOf(base);
    QCOMPARE(hashOf(base), h0); // the same samples, the same hash
    std::set<std::uint64_t> seen = {h0};
    for (int i = 0; i < tl::kChannelCount; ++i) {
        TelemetrySample changed = base;
        kChange[std::size_t(i)](changed);
        const std::uint64_t h = hashOf(changed);
        QVERIFY2(seen.insert(h).second, tl::telemetryChannels()[std::size_t(i)].name);
    }
    // fields outside the list do not reach it (the car's build order is not an output)
    TelemetrySample other = base;
    other.origin = 7;
    QCOMPARE(hashOf(other), h0);
}

void TstTelemetryChannels::historyKeepsThePlottedChannels() {
    tl::ui::Units::instance().setSpeed(tl::ui::Units::Speed::MetresPerSecond);
    tl::ui::TelemetryHistory h;
    h.reset({{"bogie B/3/2", -1, 1, 2, 1, 2}});
    const TelemetrySample s = bogieRow();
    h.add(s);
    QCOMPARE(h.times(0).size(), std::size_t(1));
    QCOMPARE(tl::ui::TelemetryHistory::kBytesPerPoint,
             sizeof(double) + std::size_t(tl::kPlottedChannelCount) * sizeof(float) + sizeof(int) +
                 sizeof(float));
    int plotted = 0;
    std::set<QString> names;
    for (int i = 0; i < tl::kChannelCount; ++i) {
        const Channel c = Channel(i);
        const tl::ChannelInfo& info = tl::channelInfo(c);
        if (!info.label) {
            QCOMPARE(tl::plottedIndex(c), -1);
            continue;
        }
        QCOMPARE(tl::plottedIndex(c), plotted);
        QCOMPARE(tl::ui::plotted(plotted), c);
        ++plotted;
        QCOMPARE(h.values(0, c).back(), float(info.value(s))); // kept in SI
        QCOMPARE(tl::ui::channelColour(c), QColor::fromRgb(QRgb(info.colour)));
        QVERIFY(names.insert(tl::ui::channelName(c)).second);
    }
    QCOMPARE(plotted, tl::kPlottedChannelCount);
    QCOMPARE(tl::ui::channelName(Channel::F1), QString("f1 lateral [kN]"));
    QCOMPARE(tl::ui::channelScale(Channel::F1), 1e-3);
    QCOMPARE(tl::ui::channelName(Channel::YQ), QString("Y/Q"));
    QCOMPARE(tl::ui::channelUnit(Channel::YQ), QString("ratio"));
    QCOMPARE(tl::ui::channelName(Channel::RiderRollRate), QString::fromUtf8("roll rate [°/s]"));
    QCOMPARE(tl::ui::channelScale(Channel::RiderRollRate), 180.0 / M_PI);
    QCOMPARE(tl::ui::channelName(Channel::Speed), QString("speed [m/s]"));
    QVERIFY(tl::ui::isRiderG(Channel::RiderLateral) && !tl::ui::isRiderG(Channel::RiderJerk));
    // a channel that is not plotted is not kept
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, h.values(0, Channel::X));
}

QTEST_MAIN(TstTelemetryChannels)
#include "tst_telemetry_channels.moc"
