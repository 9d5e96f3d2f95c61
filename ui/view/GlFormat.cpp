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
    f.setSamples(4);
    QSurfaceFormat::setDefaultFormat(f);
}
} // namespace tl::ui
