#pragma once
#include <QSurfaceFormat>

namespace tl::ui {
// Debian's OSG is GL2/fixed-function: request a compatibility context (a core profile draws nothing).
// Must be called before the QApplication is constructed.
void setDefaultSurfaceFormat();
// The 3D view's format: the default one with 4 samples (multisampled only where the scene is drawn).
QSurfaceFormat viewFormat();
} // namespace tl::ui
