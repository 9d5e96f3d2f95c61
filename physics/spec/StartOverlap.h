#pragma once
// Two trains must not overlap where they start (docs/trains-format.md, "Buffers and collisions"): a free car
// end of one may not lie beyond a free end of another that faces it (car ends closer than 0 along the track,
// CarEnd.h's rules, 1 mm of rounding allowed), and no car body may overlap a car body of another train (a
// fouling point, or one train standing in another: the bodies' boxes, each shortened by its buffer stroke at
// both ends so that ends in buffer contact on a curve do not count). The cars stand where
// Simulation::addTrain puts them (fitTrain, the initial switch states), their bodies on the mean of their
// bogies' track frames.
#include "core/layout/Layout.h"
#include "physics/spec/TrainSpec.h"

#include <string>
#include <vector>

namespace tl {

struct StartOverlap {
    int train = -1, other = -1; // train overlaps other (other < train, listed before it); -1: none
    std::string problem;        // "" when no two trains overlap
};

// The first overlap, taking the trains in their order: train k against trains 0..k-1.
StartOverlap findStartOverlap(const std::vector<TrainSpec>& trains, const Layout& layout,
                              const SwitchStates& states);

} // namespace tl
