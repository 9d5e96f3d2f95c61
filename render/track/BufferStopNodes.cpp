// Buffer stops drawn (BufferStopNodes.h).
#include "render/track/BufferStopNodes.h"

#include "render/OsgConvert.h"
#include "render/scene/Shapes.h"

#include <osg/MatrixTransform>

#include <string>

namespace tl::render {

namespace {
const osg::Vec4 kRed{0.80f, 0.08f, 0.06f, 1.f};
const osg::Vec4 kWhite{0.95f, 0.95f, 0.95f, 1.f};
const osg::Vec4 kSteel{0.35f, 0.35f, 0.38f, 1.f};
const osg::Vec4 kConcrete{0.62f, 0.62f, 0.60f, 1.f};

void add(osg::MatrixTransform& to, const Vec3& centre, const Vec3& extents, const osg::Vec4& colour) {
    osg::ref_ptr<osg::MatrixTransform> at = new osg::MatrixTransform(osg::Matrixd::translate(toOsg(centre)));
    at->addChild(makeBox(extents, colour));
    to.addChild(at);
}
} // namespace

osg::ref_ptr<osg::Group> buildBufferStops(const Layout& layout) {
    osg::ref_ptr<osg::Group> root = new osg::Group;
    root->setName("bufferStops");
    for (const BufferStop& b : layout.bufferStops()) {
        const Track& t = layout.track(std::size_t(b.track));
        const bool atEnd = b.end == TrackEnd::End;
        const TwistedFrame f = t.frameInWorld(atEnd ? t.length() - b.stroke : b.stroke, Pose::Identity());
        Pose X = Pose::Identity(); // x toward the end, y across, z up the track
        X.linear().col(0) = (atEnd ? 1.0 : -1.0) * f.F.T;
        X.linear().col(2) = f.wB;
        X.linear().col(1) = X.linear().col(2).cross(X.linear().col(0));
        X.translation() = f.F.P;
        osg::ref_ptr<osg::MatrixTransform> stop = new osg::MatrixTransform(toOsg(X));
        stop->setName("buffer stop " + t.id() + " " + endName(b.end));
        if (b.friction) {
            add(*stop, {0.15, 0, 1.0}, {0.3, 2.2, 0.45},
                kRed); // the beam, with white ends (the buffers' line)
            for (const double y : {-1.2, 1.2})
                add(*stop, {0.15, y, 1.0}, {0.3, 0.2, 0.45}, kWhite);
            for (const double y : {-0.9, 0.9}) // the posts and the sliding frame along the stroke
                add(*stop, {0.3, y, 0.5}, {0.2, 0.2, 1.0}, kSteel);
            add(*stop, {0.5 * b.stroke + 0.3, 0, 0.05}, {b.stroke, 2.0, 0.1}, kSteel);
        } else {
            add(*stop, {0.6, 0, 0.7}, {1.2, 3.0, 1.4}, kConcrete);
        }
        root->addChild(stop);
    }
    return root;
}

} // namespace tl::render
