#include "render/scene/Environment.h"

#include "render/LocalOrigin.h"
#include "render/scene/Shapes.h"

#include <osg/Geode>
#include <osg/Geometry>
#include <osg/Light>
#include <osg/LightModel>
#include <osg/LightSource>
#include <osg/MatrixTransform>
#include <osg/PolygonOffset>

#include <cmath>

namespace tl::render {

osg::ref_ptr<osg::Node> createGround(const EnvironmentOptions& o) {
    // vertices about the ground's centre, put back by a double transform: no float jitter far from the
    // origin (grid coordinates of millions of metres)
    const float h = float(o.halfSize), cx = 0.f, cy = 0.f, z = 0.f;
    osg::ref_ptr<osg::Geometry> plane = new osg::Geometry;
    osg::ref_ptr<osg::Vec3Array> v = new osg::Vec3Array;
    v->push_back({cx - h, cy - h, z});
    v->push_back({cx + h, cy - h, z});
    v->push_back({cx + h, cy + h, z});
    v->push_back({cx - h, cy + h, z});
    plane->setVertexArray(v);
    plane->setNormalArray(single<osg::Vec3Array>(osg::Vec3(0, 0, 1)), osg::Array::BIND_OVERALL);
    plane->setColorArray(single<osg::Vec4Array>(osg::Vec4(0.56f, 0.64f, 0.47f, 1)), osg::Array::BIND_OVERALL);
    plane->addPrimitiveSet(new osg::DrawArrays(GL_QUADS, 0, 4));
    // push the plane back so the grid lines and tracks lying on it win the depth test
    plane->getOrCreateStateSet()->setAttributeAndModes(new osg::PolygonOffset(1.f, 1.f));

    osg::ref_ptr<osg::Geometry> grid = new osg::Geometry;
    osg::ref_ptr<osg::Vec3Array> g = new osg::Vec3Array;
    const int n = int(std::floor(o.halfSize / o.gridSpacing));
    for (int i = -n; i <= n; ++i) {
        const float d = float(i * o.gridSpacing);
        g->push_back({cx + d, cy - h, z});
        g->push_back({cx + d, cy + h, z});
        g->push_back({cx - h, cy + d, z});
        g->push_back({cx + h, cy + d, z});
    }
    grid->setVertexArray(g);
    grid->setColorArray(single<osg::Vec4Array>(osg::Vec4(0.45f, 0.52f, 0.40f, 1)), osg::Array::BIND_OVERALL);
    grid->addPrimitiveSet(new osg::DrawArrays(GL_LINES, 0, GLsizei(g->size())));
    grid->getOrCreateStateSet()->setMode(GL_LIGHTING, osg::StateAttribute::OFF);

    osg::ref_ptr<osg::Geode> geode = new osg::Geode;
    geode->setName("ground");
    geode->addDrawable(plane);
    geode->addDrawable(grid);
    osg::ref_ptr<osg::MatrixTransform> at = localOriginTransform(Vec3(o.centreX, o.centreY, o.groundZ));
    at->setName("groundPlacement");
    at->addChild(geode);
    return at;
}

osg::ref_ptr<osg::Group> createEnvironment(const EnvironmentOptions& options) {
    osg::ref_ptr<osg::Group> root = createEnvironment(false);
    root->addChild(createGround(options));
    return root;
}

osg::ref_ptr<osg::Group> createEnvironment(bool withGround) {
    osg::ref_ptr<osg::Group> root = new osg::Group;
    root->setName("environment");

    osg::ref_ptr<osg::Light> sun = new osg::Light(0);
    sun->setPosition(osg::Vec4(0.35f, -0.45f, 0.82f, 0.f)); // directional, from the south-east, high
    sun->setAmbient(osg::Vec4(0.35f, 0.35f, 0.38f, 1.f));
    sun->setDiffuse(osg::Vec4(0.85f, 0.83f, 0.78f, 1.f));
    sun->setSpecular(osg::Vec4(0.2f, 0.2f, 0.2f, 1.f));
    osg::ref_ptr<osg::LightSource> source = new osg::LightSource;
    source->setLight(sun);
    source->setReferenceFrame(osg::LightSource::ABSOLUTE_RF);
    root->addChild(source);

    osg::StateSet* ss = root->getOrCreateStateSet();
    ss->setMode(GL_LIGHTING, osg::StateAttribute::ON);
    ss->setMode(GL_LIGHT0, osg::StateAttribute::ON);
    ss->setMode(GL_RESCALE_NORMAL, osg::StateAttribute::ON);
    osg::ref_ptr<osg::LightModel> model = new osg::LightModel;
    model->setTwoSided(true);
    model->setAmbientIntensity(osg::Vec4(0.25f, 0.25f, 0.28f, 1.f));
    ss->setAttributeAndModes(model);

    if (withGround) root->addChild(createGround({}));
    return root;
}

} // namespace tl::render
