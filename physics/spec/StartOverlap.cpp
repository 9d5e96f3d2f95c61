#include "physics/spec/StartOverlap.h"

#include "physics/spec/CarBox.h"
#include "physics/spec/CarEnd.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <tuple>

namespace tl {

namespace {

constexpr double kRounding = 1e-3; // overlaps up to this are rounding, not an overlap [m]

struct StartCar : CarBox {
    int train = 0, car = 0;
    TrackPosition centre;      // the car's centre on the track
    double xMin = 0, xMax = 0; // the box's extent in world x
};

// The body's pose as addCar builds it: x from the rear to the front bogie (the track's forward tangent with
// one bogie), z the mean track up, the centre of mass cgHeight above the bogies' mean rail point.
Pose startPose(const RollingStockSpec& stock, const TrackPosition& centre, const Layout& layout,
               const SwitchStates& states) {
    const int nb = stock.bogies.count;
    Vec3 mid = Vec3::Zero(), up = Vec3::Zero(), front = Vec3::Zero(), rear = Vec3::Zero(), x = Vec3::UnitX();
    for (int k = 0; k < nb; ++k) {
        const TrackPosition at = layout.advance(centre, bogieOffset(stock, k), states).position;
        const TwistedFrame f = layout.frameInWorld(std::size_t(at.track), at.s);
        mid += f.F.P / nb;
        up += f.wB / nb;
        (k == 0 ? front : rear) = f.F.P;
        if (nb == 1) x = at.direction * f.F.T;
    }
    if (nb == 2) x = (front - rear).normalized();
    const Vec3 z = (up - x * x.dot(up)).normalized();
    Pose X = Pose::Identity();
    X.linear().col(0) = x;
    X.linear().col(1) = z.cross(x);
    X.linear().col(2) = z;
    X.translation() = mid + z * stock.body.cgHeight;
    return X;
}

std::string place(const Layout& layout, const TrackPosition& p) {
    std::ostringstream o;
    o << "track \"" << layout.track(std::size_t(p.track)).id() << "\" at s = " << std::round(p.s * 10) / 10
      << " m";
    return o.str();
}

} // namespace

StartOverlap findStartOverlap(const std::vector<TrainSpec>& trains, const Layout& layout,
                              const SwitchStates& states) {
    std::vector<StartCar> cars;
    std::vector<CarEnd> ends;    // the free ends: each train's head car front and tail car rear
    std::vector<double> lengths; // their cars' lengths
    for (std::size_t t = 0; t < trains.size(); ++t) {
        const TrainFit fit = fitTrain(trains[t], layout, states);
        if (!fit.problem.empty()) continue; // the reader reports it
        for (std::size_t c = 0; c < fit.centres.size(); ++c) {
            const RollingStockSpec& stock = trains[t].cars[c];
            StartCar s;
            s.train = int(t);
            s.car = int(c);
            s.X = startPose(stock, fit.centres[c], layout, states);
            s.half = insideBuffers(stock);
            s.centre = fit.centres[c];
            s.xMin = s.X.translation().x() - xReach(s);
            s.xMax = s.X.translation().x() + xReach(s);
            cars.push_back(s);
            if (c == 0) ends.push_back(carEnd(int(t), 0, +1, s.X, stock.body));
            if (c == 0) lengths.push_back(stock.body.length);
            if (c + 1 == fit.centres.size()) ends.push_back(carEnd(int(t), int(c), -1, s.X, stock.body));
            if (c + 1 == fit.centres.size()) lengths.push_back(stock.body.length);
        }
    }
    StartOverlap first;
    auto found = [&](int train, int other, const std::string& problem) {
        if (first.train < 0 || std::tie(train, other) < std::tie(first.train, first.other))
            first = {train, other, problem};
    };
    // car ends beyond each other along the track, by less than the shorter car's length (further beyond each
    // other they point away from each other; cars that still overlap are found by their bodies below)
    for (std::size_t a = 0; a < ends.size(); ++a)
        for (std::size_t b = 0; b < ends.size(); ++b) {
            const CarEnd& A = ends[a];
            const CarEnd& B = ends[b];
            double d = 0;
            Vec3 n;
            if (B.train >= A.train || !endsAligned(A, B, &d, &n) || d >= -kRounding ||
                -d >= std::min(lengths[a], lengths[b]))
                continue;
            std::ostringstream o;
            o << "overlaps train \"" << trains[std::size_t(B.train)].id << "\": its "
              << (A.end > 0 ? "front" : "rear") << " end lies " << std::round(-d * 1000) / 1000
              << " m beyond that train's " << (B.end > 0 ? "front" : "rear")
              << " end (car ends must not be closer than 0 along the track)";
            found(A.train, B.train, o.str());
        }
    // car bodies overlapping (a fouling point, or one train standing in another): a sweep along world x
    std::sort(cars.begin(), cars.end(), [](const StartCar& a, const StartCar& b) {
        return std::tie(a.xMin, a.train, a.car) < std::tie(b.xMin, b.train, b.car);
    });
    for (std::size_t i = 0; i < cars.size(); ++i)
        for (std::size_t j = i + 1; j < cars.size() && cars[j].xMin <= cars[i].xMax; ++j) {
            const StartCar& a = cars[i].train > cars[j].train ? cars[i] : cars[j];
            const StartCar& b = cars[i].train > cars[j].train ? cars[j] : cars[i];
            if (a.train == b.train) continue;
            const double depth = boxOverlap(a, b);
            if (depth <= kRounding) continue;
            std::ostringstream o;
            o << "overlaps train \"" << trains[std::size_t(b.train)].id << "\": its car " << a.car << " ("
              << place(layout, a.centre) << ") and that train's car " << b.car << " ("
              << place(layout, b.centre) << ") stand " << std::round(depth * 1000) / 1000
              << " m inside each other (a fouling point, or the same track)";
            found(a.train, b.train, o.str());
        }
    return first;
}

} // namespace tl
