#pragma once
// The versions of the layout format (docs/layout-format.md, "Versions"). This build reads 1 and 2 and
// writes 2 (LayoutSpec::currentVersion).
//   Version 1: a track without "frame" is measured from its Frenet frame ("frenet").
//   Version 2: a track without "frame" is a bank from the vertical ("up"); every key added after version 1
//              is a version-2 key: in a version-1 file it is an error naming the key ("needs version 2").
// A version-1 file keeps its meaning and, unchanged, saves to the same bytes; the first save after an edit
// writes version 2 (upgradeToCurrentVersion) with "frame": "frenet" wherever version 1 left it implicit.
#include "core/layout/LayoutSpec.h"

#include <string>

namespace tl {

inline constexpr int kOldestLayoutVersion = 1;

// What a track of a file of `version` means without "frame".
inline TrackFrame defaultTrackFrame(int version) {
    return version >= 2 ? TrackFrame::Up : TrackFrame::Frenet;
}

// Where a version-2 key may stand.
enum class KeyPlace { TopLevel, Track, CurveType };

// The version a key (or, for KeyPlace::CurveType, a curve "type" value) first appeared in: 1 for every
// key version 1 knew or kept as unknown, 2 for the keys added with version 2 (buffer stops, signals,
// routes, a track's heartline, the transition and force curve types).
int keyVersion(KeyPlace place, const std::string& key);

// Turn an older spec into the current version without changing its meaning: every track's frame is
// explicit in the spec (the reader set it), and version 2 writes it. Returns the number of "frenet"
// tracks (version 1 left their frame implicit unless the file named it), or -1 when the spec was current.
int upgradeToCurrentVersion(LayoutSpec& spec);

} // namespace tl
