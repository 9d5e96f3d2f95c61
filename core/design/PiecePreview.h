#pragma once
// The tracks a design operation adds, compiled on their own against the unchanged layout (a preview that
// follows the mouse costs the piece, not the whole layout): their curves, and placements resolved through
// "after" ends of the layout or of earlier new tracks. Twists are left out (the preview is a centre line).
#include "core/design/DesignEdit.h"
#include "core/layout/Layout.h"

#include <vector>

namespace tl::design {

// Throws DesignError / std::invalid_argument for a new track that does not build.
std::vector<Track> previewTracks(const Layout& base, const DesignEdit& edit);

// Points along the tracks in world coordinates, about every `step` metres (at least 8 per track).
std::vector<Vec3> previewPolyline(const Layout& base, const std::vector<Track>& tracks, double step = 1.0);

} // namespace tl::design
