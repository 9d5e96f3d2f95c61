#include "core/layout/FormatVersion.h"

#include <algorithm>
#include <array>
#include <string_view>

namespace tl {

namespace {

struct KeyIntroduced {
    KeyPlace place;
    std::string_view key;
};

// Keys the format gained with version 2 (docs/layout-format.md, "Versions"). A key the build does not yet
// interpret is kept in `extra` in a version-2 file, like any unknown key.
constexpr std::array<KeyIntroduced, 17> kVersion2Keys{{
    {KeyPlace::TopLevel, "bufferStops"},
    {KeyPlace::TopLevel, "signals"},
    {KeyPlace::TopLevel, "routes"},
    {KeyPlace::TopLevel, "alignments"}, // LayoutSpec::alignmentSpecs (docs/alignments.md, "Stationing")
    {KeyPlace::TopLevel, "coasterFriction"},
    {KeyPlace::TopLevel, "coasterDrag"},
    {KeyPlace::Track, "heartline"},
    {KeyPlace::CurveType, "bloss"},
    {KeyPlace::CurveType, "helmert"},
    {KeyPlace::CurveType, "cosine"},
    {KeyPlace::CurveType, "sine"},
    {KeyPlace::CurveType, "vienneseBend"},
    {KeyPlace::CurveType, "cubic"},
    {KeyPlace::CurveType, "force"},
    {KeyPlace::CurveType, "geometric"},
    {KeyPlace::CurveType, "alignment"},
    {KeyPlace::Track, "alignment"},
}};

} // namespace

int keyVersion(KeyPlace place, const std::string& key) {
    const bool v2 = std::any_of(kVersion2Keys.begin(), kVersion2Keys.end(),
                                [&](const KeyIntroduced& k) { return k.place == place && k.key == key; });
    return v2 ? 2 : 1;
}

int upgradeToCurrentVersion(LayoutSpec& spec) {
    if (spec.version >= LayoutSpec::currentVersion) return -1;
    int frenet = 0;
    for (const TrackSpec& t : spec.tracks)
        frenet += t.frame == TrackFrame::Frenet ? 1 : 0;
    spec.version = LayoutSpec::currentVersion;
    return frenet;
}

} // namespace tl
