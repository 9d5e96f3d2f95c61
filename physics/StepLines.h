#pragma once
// The cache lines a step reads of each run-time object of a train, for the prefetch queue (CachePrefetch.h;
// issue 14). Queuing whole objects fetched lines no step reads: of a btRigidBody's 21 lines a railed body's
// step reads 15, of a bogie's 20 about 14 (the 2 m means read one bin of 21), of a car's 18 about 12 (the
// rider filter reads two slots of 13). Every line fetched for nothing takes one of the few dozen misses the
// core tracks at a time. Prefetches have no effect on results: a line missing here is only fetched on
// demand.
#include "physics/CachePrefetch.h"

class btRigidBody;

namespace tl {

struct Bogie;
struct Car;

// A body's lines that the step reads (Bullet 3.24's layout in double precision, measured by a memory trace
// of a step; a body of another layout is queued whole).
void queueStepLines(CachePrefetch& q, const btRigidBody& body);
// A bogie's state, its 2 m means' bins the next step writes, and the pointers to its body and joint.
void queueStepLines(CachePrefetch& q, const Bogie& bogie);
// A car's state: the rider filter's slots the next step reads and writes, the rest of the car but its
// bodies, pivots and bogies (queued on their own).
void queueStepLines(CachePrefetch& q, const Car& car);

} // namespace tl
