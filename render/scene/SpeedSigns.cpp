#include "render/scene/SpeedSigns.h"

#include "render/LocalOrigin.h"
#include "render/scene/LabelFont.h"

#include <osg/AutoTransform>
#include <osg/Geode>
#include <osg/Geometry>
#include <osg/LineWidth>
#include <osgText/Text>

namespace tl::render {

namespace {

osg::ref_ptr<osg::Geometry> post(const osg::Vec3& foot, const osg::Vec3& top) {
    osg::ref_ptr<osg::Vec3Array> v = new osg::Vec3Array;
    v->push_back(foot);
    v->push_back(top);
    osg::ref_ptr<osg::Vec4Array> c = new osg::Vec4Array;
    c->push_back(osg::Vec4(0.25f, 0.25f, 0.25f, 1.f));
    osg::ref_ptr<osg::Geometry> g = new osg::Geometry;
    g->setVertexArray(v);
    g->setColorArray(c, osg::Array::BIND_OVERALL);
    g->addPrimitiveSet(new osg::DrawArrays(GL_LINES, 0, 2));
    g->getOrCreateStateSet()->setAttributeAndModes(new osg::LineWidth(2.f));
    return g;
}

} // namespace

SpeedSigns::SpeedSigns() : m_root(new osg::Group) {
    m_root->setName("speedSigns");
    m_root->getOrCreateStateSet()->setMode(GL_LIGHTING,
                                           osg::StateAttribute::OFF | osg::StateAttribute::OVERRIDE);
}

void SpeedSigns::set(const std::vector<SpeedSign>& signs) {
    m_signs = signs;
    m_root->removeChildren(0, m_root->getNumChildren());
    for (const SpeedSign& s : signs) {
        if (!s.foot.allFinite()) continue;
        // the post's foot is the sign's origin, put back by a double transform (render/LocalOrigin.h)
        osg::ref_ptr<osg::MatrixTransform> at = localOriginTransform(s.foot);
        at->setName("speedSign");
        const osg::Vec3 foot(0.f, 0.f, 0.f), top(0.f, 0.f, float(s.height));
        osg::ref_ptr<osg::Geode> pole = new osg::Geode;
        pole->setName("speedSignPost");
        pole->addDrawable(post(foot, top));
        at->addChild(pole);
        // the board: screen-aligned, sized in pixels
        osg::ref_ptr<osg::AutoTransform> board = new osg::AutoTransform;
        board->setPosition(top);
        board->setAutoScaleToScreen(true);
        board->setAutoRotateMode(osg::AutoTransform::ROTATE_TO_SCREEN);
        osg::ref_ptr<osgText::Text> text = new osgText::Text;
        text->setFont(labelFont());
        text->setCharacterSize(14.f);
        text->setFontResolution(32, 32);
        text->setAlignment(osgText::Text::CENTER_BOTTOM);
        text->setPosition(osg::Vec3(0.f, 4.f, 0.f));
        text->setColor(s.ink);
        text->setText(s.text, osgText::String::ENCODING_UTF8);
        text->setDrawMode(osgText::Text::TEXT | osgText::Text::FILLEDBOUNDINGBOX);
        text->setBoundingBoxColor(s.board);
        text->setBoundingBoxMargin(3.f);
        osg::ref_ptr<osg::Geode> g = new osg::Geode;
        g->addDrawable(text);
        board->addChild(g);
        at->addChild(board);
        m_root->addChild(at);
    }
}

} // namespace tl::render
