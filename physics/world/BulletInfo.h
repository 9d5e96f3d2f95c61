#pragma once
// What Bullet library this process runs with, and whether it is the double-precision build.
#include <optional>
#include <string>

namespace tl {

std::string bulletVersion();     // e.g. "3.24"
int bulletScalarBytes();         // sizeof(btScalar) this code was compiled with (8 = double)
std::string bulletLibraryPath(); // the LinearMath shared object actually loaded
// Empty if Bullet is double precision in both the headers and the loaded library; otherwise a
// message saying what is wrong. Checks sizeof(btScalar), the library file and an inverse-mass
// round trip through library code (a float library misreads a double build's structs).
std::optional<std::string> bulletPrecisionProblem();

} // namespace tl
