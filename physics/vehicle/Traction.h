#pragma once
// Driver inputs -> trackjoint motor row 6 of one bogie (docs/trackjoint.md, equation (11): wF.T.(va - vp) =
// vTarget within force limits). Throttle sets vTarget = throttle * maxSpeed with the tractive effort F(v) =
// min(maxForce, maxPower/|v|) as the pulling limit; brake and Davis resistance act as force limits toward
// zero speed (vTarget = 0: a saturated row is a constant retarding force, a stopped train is held). Zero
// throttle, zero brake and zero resistance: no motor row (free rolling).
#include "physics/spec/RollingStock.h"

namespace tl {

struct DriveInputs {
    double throttle = 0.0; // [0, 1]
    double brake = 0.0;    // [0, 1]; any brake cuts the traction
    int direction = +1;    // +1: towards the head car, -1: towards the tail
};

struct MotorCommand {
    bool on = false;       // row 6 present
    double vTarget = 0.0;  // along +wF.T [m/s]
    double forceMin = 0.0; // f6 limits along +wF.T [N]
    double forceMax = 0.0;
};

// One bogie of a car with `bogies` bogies. sigma = +1 if the driving direction is along +wF.T at this bogie,
// -1 otherwise; speed: the bogie's speed along wF.T [m/s].
MotorCommand bogieMotorCommand(const DriveInputs& in, const RollingStockSpec& car, int bogies, int sigma,
                               double speed);

} // namespace tl
