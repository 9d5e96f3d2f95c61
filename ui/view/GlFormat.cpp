#include "ui/view/GlFormat.h"

#include <QSurfaceFormat>

namespace tl::ui {
void setDefaultSurfaceFormat() {
    QSurfaceFormat f;
    f.setRenderableType(QSurfaceFormat::OpenGL);
    f.setVersion(2, 1);
    f.setProfile(QSurfaceFormat::CompatibilityProfile);
    f.setDepthBufferSize(24);
    f.setStencilBufferSize(8);
    // No multisampling here: this format is also the one of the top-level window into which Qt composes the
    // widgets, where 4 samples only cost time (in software GL, ~13 ms per frame at 1280 x 800:
    // bench_render_frame). The 3D view asks for its own samples (viewFormat).
    QSurfaceFormat::setDefaultFormat(f);
}

QSurfaceFormat viewFormat() {
    QSurfaceFormat f = QSurfaceFormat::defaultFormat();
    f.setSamples(4); // the 3D view's edges antialiased
    return f;
}
} // namespace tl::ui
