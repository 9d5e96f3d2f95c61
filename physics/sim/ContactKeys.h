#pragma once
// What the contact stage (SimulationContacts.cpp) and the body contacts (SimulationBodyContacts.cpp) share:
// the key that names a contact across steps, and how soon a contact of the same two cars continues the last
// one's event.
#include "physics/state/RuntimeState.h"

#include <tuple>

namespace tl::contact {

constexpr double kRecontact =
    1.0; // a contact this soon after the last of the same two cars: the same event [s]

inline auto key(const BufferContactState& s) {
    return std::tie(s.trainA, s.carA, s.endA, s.trainB, s.carB, s.endB);
}
inline auto key(const BodyContactState& s) {
    return std::tie(s.trainA, s.carA, s.trainB, s.carB);
}

// A single vehicle takes part in body contacts as a train of one car, numbered below every train: vehicle i
// of n is train i - n (vehicle 0 the lowest, so it comes first in a contact's canonical order).
inline int vehicleParty(int vehicle, int vehicles) {
    return vehicle - vehicles;
}
inline int vehicleOf(int party, int vehicles) {
    return party + vehicles;
}

} // namespace tl::contact
