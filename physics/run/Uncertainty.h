#pragma once
// The uncertain inputs of a derailment-risk map (tracklab-cli risk, docs/batch.md "Derailment-risk maps"):
// a small JSON object, per input a distribution --
//   {"speed": {"dist": "normal", "mean": 30, "sd": 1}, "friction": {"dist": "uniform", "min": 0.25,
//    "max": 0.4}, "payload": {"dist": "fixed", "value": 0}}
// Inputs: speed (the train's initial speed [m/s], as sweep sets it), friction (the wheel-rail friction of
// every car of the train), payload (mass added to every car body at its centre of gravity [kg]), cgHeight
// (an offset of every car body's centre of gravity [m]), couplerSlack (every car's coupler slack [m]),
// position (an offset of the train's start s [m]). Absent inputs stay as the layout says.
// Draws depend only on (seed, run, input, attempt), through splitmix64 and transforms written out here
// (uniform: 52 bits; normal: Box-Muller) -- never std::normal_distribution, whose numbers differ between
// standard libraries. A draw outside the input's valid range is drawn again (the next attempt).
#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace tl {

struct Distribution {
    enum class Kind { Normal, Uniform, Fixed } kind = Kind::Fixed;
    double a = 0.0, b = 0.0; // normal: mean, sd (>= 0); uniform: min, max (min <= max); fixed: value
    // A draw for (seed, run, input, attempt).
    double draw(std::uint64_t seed, int run, int input, int attempt) const;
};

struct Uncertainty {
    enum Input { Speed, Friction, Payload, CgHeight, CouplerSlack, Position, InputCount };
    static const char* name(int input); // its JSON key
    std::optional<Distribution> inputs[InputCount];
};

// Throws LayoutError naming `file`, the JSON path and the problem: an unknown key or dist, a missing or
// non-finite parameter, a negative sd, min > max.
Uncertainty parseUncertainty(const nlohmann::json& j, const std::string& file);

// The generator: splitmix64 of a 64-bit key (its finalizer), and a uniform number in (0, 1) from it.
std::uint64_t splitmix64(std::uint64_t x);
double unitUniform(std::uint64_t bits); // ((bits >> 12) + 0.5) / 2^52

} // namespace tl
