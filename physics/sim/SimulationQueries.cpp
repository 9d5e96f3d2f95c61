// Simulation, queries on trains: ids, speeds, anchors, poses and energy (what the GUI, the CLI and the
// tests read between steps).
#include "physics/joint/BulletEigen.h"
#include "physics/sim/SimulationEngine.h"

#include <btBulletDynamicsCommon.h>

#include <algorithm>

namespace tl {

int SimulationEngine::trainIndex(const std::string& id) const {
    for (std::size_t i = 0; i < trains_.size(); ++i)
        if (trains_[i]->spec.id == id) return int(i);
    return -1;
}

std::vector<std::string> SimulationEngine::trainIds() const {
    std::vector<std::string> ids;
    for (const auto& t : trains_)
        ids.push_back(t->spec.id);
    return ids;
}

int SimulationEngine::bogieCount() const {
    int n = 0;
    for (const auto& t : trains_)
        for (const auto& c : t->cars)
            n += int(c.bogies.size());
    return n;
}

double SimulationEngine::trainSpeed(int t) const {
    const Train& tr = *trains_.at(std::size_t(t));
    double sum = 0, sumAll = 0;
    int n = 0, nAll = 0;
    for (const auto& c : tr.cars)
        for (const auto& b : c.bogies) {
            const double v = b.speed() * c.facing; // (a turned car's bogies face the other way)
            sumAll += v;
            ++nAll;
            if (b.railed) {
                sum += v;
                ++n;
            }
        }
    return n > 0 ? sum / n : sumAll / std::max(1, nAll);
}

namespace {
const Bogie& bogieAt(const std::vector<std::unique_ptr<Train>>& trains, int t, int c, int b) {
    return trains.at(std::size_t(t))->cars.at(std::size_t(c)).bogies.at(std::size_t(b));
}
} // namespace

double SimulationEngine::bogieSpeed(int t, int c, int b) const {
    return bogieAt(trains_, t, c, b).speed();
}

Vec3 SimulationEngine::bogieAnchor(int t, int c, int b) const {
    return bogieAt(trains_, t, c, b).anchorPoint();
}

Pose SimulationEngine::carPose(int t, int c) const {
    return toEigen(trains_.at(std::size_t(t))->cars.at(std::size_t(c)).body->getCenterOfMassTransform());
}

Pose SimulationEngine::bogiePose(int t, int c, int b) const {
    return toEigen(bogieAt(trains_, t, c, b).body->getCenterOfMassTransform());
}

double SimulationEngine::trainEnergy(int t) const {
    double E = 0;
    for (const auto& c : trains_.at(std::size_t(t))->cars) {
        E += bodyEnergy(*c.body, options_.gravity);
        for (const auto& b : c.bogies)
            E += b.energy(options_.gravity);
    }
    return E;
}

} // namespace tl
