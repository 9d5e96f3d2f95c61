#include "render/scene/LabelFont.h"

namespace tl::render {

osgText::Font* labelFont() {
    static osg::ref_ptr<osgText::Font> font = [] {
        osg::ref_ptr<osgText::Font> f =
            osgText::readRefFontFile("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf");
        return f ? f : osg::ref_ptr<osgText::Font>(osgText::Font::getDefaultFont());
    }();
    return font.get();
}

} // namespace tl::render
