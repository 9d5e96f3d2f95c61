// The OBJ export of the track (render/track/LayoutObjExport.h, docs/export.md): the demo written and read
// back through osgDB (the osgdb_obj plugin, which turns OBJ's y up back to z up) is the mesh that was
// written -- same bounds within 1 mm -- and lies where the frames put the track's cross-section; the export
// has no level-of-detail ribbons or centre lines; a failed save keeps the old file.
#include "core/io/SaveFile.h"
#include "core/layout/Layout.h"
#include "render/track/LayoutObjExport.h"
#include "render/track/TrackStyle.h"

#include <osg/ComputeBoundsVisitor>
#include <osg/Geometry>
#include <osg/LOD>
#include <osg/NodeVisitor>
#include <osgDB/ReadFile>

#include <QTemporaryDir>
#include <QtTest>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace tl;
using namespace tl::render;

namespace {

const std::string kDemo = std::string(TRACKLAB_SOURCE_DIR) + "/resources/layouts/demo.json";

// Vertices, and the nodes that are only a level of detail of the view (must not be in an export).
struct Census : osg::NodeVisitor {
    Census() : osg::NodeVisitor(TRAVERSE_ALL_CHILDREN) {}
    std::size_t vertices = 0, lods = 0, lines = 0;
    void apply(osg::LOD& lod) override {
        ++lods;
        traverse(lod);
    }
    void apply(osg::Geometry& g) override {
        if (g.getVertexArray()) vertices += g.getVertexArray()->getNumElements();
        for (unsigned p = 0; p < g.getNumPrimitiveSets(); ++p) {
            const GLenum mode = g.getPrimitiveSet(p)->getMode();
            if (mode == GL_LINES || mode == GL_LINE_STRIP || mode == GL_LINE_LOOP) ++lines;
        }
    }
};

osg::BoundingBox bounds(osg::Node& node) {
    osg::ComputeBoundsVisitor v;
    node.accept(v);
    return v.getBoundingBox();
}

std::string readAll(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

ssize_t fullDisk(int, const void*, size_t) {
    errno = ENOSPC;
    return -1;
}

} // namespace

class TestObjExport : public QObject {
    Q_OBJECT

private slots:
    void demoRoundTrip();
    void failedSaveKeepsTheOldFile();
};

void TestObjExport::demoRoundTrip() {
    const Layout layout = Layout::load(kDemo);
    osg::ref_ptr<osg::Group> mesh = buildLayoutMesh(layout);
    QCOMPARE(mesh->getNumChildren(), unsigned(layout.trackCount()));
    Census written;
    mesh->accept(written);
    QVERIFY(written.vertices > 0);
    QCOMPARE(written.lods, std::size_t(0)); // the detailed mesh only: no LOD, no ribbon, no centre line
    QCOMPARE(written.lines, std::size_t(0));

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::filesystem::path path = dir.filePath("demo.obj").toStdString();
    writeLayoutObj(layout, path);
    QVERIFY(!std::filesystem::exists(path.string() + ".mtl")); // written from memory: no materials file
    const std::string text = readAll(path);
    QVERIFY(text.find("\nv ") != std::string::npos && text.find("\nf ") != std::string::npos);

    osg::ref_ptr<osg::Node> read = osgDB::readNodeFile(path.string());
    QVERIFY(read);
    Census back;
    read->accept(back);
    QVERIFY(back.vertices > 0);

    // the file is the mesh that was written: OBJ's y up turned back to z up, 9 significant digits (floats
    // written whole), so the bounds agree to well within 1 mm
    const osg::BoundingBox a = bounds(*mesh), b = bounds(*read);
    QVERIFY(a.valid() && b.valid());
    for (int i = 0; i < 3; ++i) {
        QVERIFY2(std::abs(a._min[i] - b._min[i]) < 1e-3 && std::abs(a._max[i] - b._max[i]) < 1e-3,
                 qPrintable(QString("axis %1: written [%2, %3], read [%4, %5]")
                                .arg(i)
                                .arg(a._min[i])
                                .arg(a._max[i])
                                .arg(b._min[i])
                                .arg(b._max[i])));
    }

    // And where the frames put the track: the extreme points of the cross-section (the ballast's foot
    // corners, the rail heads' outer top edges) sampled every 0.25 m of every track. The mesh is a polygon
    // through samples at most 2 m and 0.03 rad of turn apart, whose edges cut inside the curve by at most
    // max over R of min(R 0.03^2 / 8, 2^2 / (8 R)) = 7.5 mm (R = 67 m), ~8 mm at the ballast's edge: 1 cm.
    // Beyond the ballast only a sleeper can reach, at an open end: half a sleeper's width, 0.13 m, along the
    // track. So each bound of the file lies within [-1 cm, +14 cm] outside the frames' bound.
    const TrackStyle st = TrackStyle::forLook(TrackLook::Railway);
    const double footB = -st.railHeight - st.sleeperHeight - st.ballastHeight;
    const double railN = st.railSpacing() / 2 + st.railHeadWidth / 2;
    const double corners[4][2] = {
        {st.ballastFootWidth / 2, footB}, {-st.ballastFootWidth / 2, footB}, {railN, 0.0}, {-railN, 0.0}};
    osg::BoundingBoxd frames;
    for (std::size_t t = 0; t < layout.trackCount(); ++t) {
        const double L = layout.track(t).length();
        for (double s = 0.0;; s = std::min(L, s + 0.25)) {
            const TwistedFrame f = layout.frameInWorld(t, s);
            for (const auto& c : corners) {
                const Vec3 p = f.F.P + c[0] * f.wN + c[1] * f.wB;
                frames.expandBy(osg::Vec3d(p.x(), p.y(), p.z()));
            }
            if (s >= L) break;
        }
    }
    for (int i = 0; i < 3; ++i) {
        const double below = frames._min[i] - b._min[i], above = b._max[i] - frames._max[i];
        QVERIFY2(below > -0.01 && below < 0.14 && above > -0.01 && above < 0.14,
                 qPrintable(QString("axis %1: frames [%2, %3], file [%4, %5]")
                                .arg(i)
                                .arg(frames._min[i])
                                .arg(frames._max[i])
                                .arg(b._min[i])
                                .arg(b._max[i])));
    }
}

void TestObjExport::failedSaveKeepsTheOldFile() {
    const Layout layout = Layout::load(kDemo);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::filesystem::path path = dir.filePath("old.obj").toStdString();
    const std::string old = "# the old file\n";
    std::ofstream(path, std::ios::binary) << old;
    setSaveWriteFunctionForTesting(fullDisk);
    bool threw = false;
    try {
        writeLayoutObj(layout, path);
    } catch (const SaveError& e) {
        threw = true;
        QVERIFY(std::string(e.what()).find(path.string()) != std::string::npos);
    }
    setSaveWriteFunctionForTesting(nullptr);
    QVERIFY(threw);
    QCOMPARE(readAll(path), old);
    QCOMPARE(std::distance(std::filesystem::directory_iterator(dir.path().toStdString()),
                           std::filesystem::directory_iterator()),
             std::ptrdiff_t(1)); // no temporary file left
    // a folder that does not exist: the error names the path
    QVERIFY_THROWS_EXCEPTION(SaveError,
                             writeLayoutObj(layout, dir.filePath("no/such/dir.obj").toStdString()));
}

QTEST_APPLESS_MAIN(TestObjExport)
#include "tst_obj_export.moc"
