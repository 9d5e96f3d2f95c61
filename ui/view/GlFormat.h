#pragma once

namespace tl::ui {
// Debian's OSG is GL2/fixed-function: request a compatibility context (a core profile draws nothing).
// Must be called before the QApplication is constructed.
void setDefaultSurfaceFormat();
} // namespace tl::ui
