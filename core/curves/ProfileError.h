#pragma once
// The error of a vertical or cant profile (core/curves/VerticalProfile.h, CantProfile.h): which piece and
// which of its keys, so that the layout reader can name the JSON path (.../vertical/2/radius).
// what() = "<profile> piece <i>, <key>: <problem>" (or "<profile>: <problem>" for the whole profile).
#include <stdexcept>
#include <string>

namespace tl {

class ProfileError : public std::invalid_argument {
public:
    ProfileError(const std::string& profile, int piece, std::string key, std::string problem)
        : std::invalid_argument(profile + (piece >= 0 ? " piece " + std::to_string(piece) : std::string()) +
                                (key.empty() ? std::string() : ", " + key) + ": " + problem),
          piece_(piece), key_(std::move(key)), problem_(std::move(problem)) {}

    int piece() const { return piece_; }                    // index, -1 = the whole profile
    const std::string& key() const { return key_; }         // file key ("" = the piece)
    const std::string& problem() const { return problem_; } // without the piece and key

private:
    int piece_;
    std::string key_;
    std::string problem_;
};

} // namespace tl
