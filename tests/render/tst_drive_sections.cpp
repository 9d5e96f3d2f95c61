// Drive sections drawn along their tracks (render/track/DriveSections.h): on the coaster demo the lift
// chain (loop, 10..176 m) and the station booster show as strips between the rails, far-view lines and
// labels naming them; the geometry follows the track's twisted frame wF exactly.
#include "core/layout/Layout.h"
#include "physics/vehicle/TrackDrives.h"
#include "render/OsgConvert.h"
#include "render/track/DriveSections.h"
#include "render/track/TrackStyle.h"

#include <osg/Geode>
#include <osg/Geometry>
#include <osg/MatrixTransform>
#include <osgText/Text>

#include <QtTest>

#include <cmath>

using namespace tl;

class TstDriveSections : public QObject {
    Q_OBJECT
private slots:
    void coasterLiftAndBooster();
    void noDrivesNothingDrawn();
};

namespace {
const osg::Geode* childGeode(const osg::Group* g, const std::string& name) {
    for (unsigned i = 0; i < g->getNumChildren(); ++i)
        if (g->getChild(i)->getName() == name) return g->getChild(i)->asGeode();
    return nullptr;
}
} // namespace

void TstDriveSections::coasterLiftAndBooster() {
    const Layout layout = Layout::load(TRACKLAB_SOURCE_DIR "/resources/layouts/coaster.json");
    const std::vector<TrackDrive> drives = layout.drives();
    QCOMPARE(drives.size(), std::size_t(2));
    const render::TrackStyle style = render::TrackStyle::forLook(render::TrackLook::Coaster);
    const osg::ref_ptr<osg::Group> root = render::buildDriveSections(layout, drives, style);
    QCOMPARE(root->getNumChildren(), 2u);
    for (unsigned k = 0; k < 2; ++k) {
        const TrackDrive& d = drives[k];
        const osg::Group* g = root->getChild(k)->asGroup();
        QVERIFY(g);
        QCOMPARE(g->getName(), d.id);
        // the section's vertices are relative to its start: its transform translates there (in double)
        const auto* placed = dynamic_cast<const osg::MatrixTransform*>(g);
        QVERIFY(placed);
        const osg::Matrixd M = placed->getMatrix();
        QVERIFY(
            (render::toEigen(M.getTrans()) - layout.frameInWorld(std::size_t(d.track), d.from).F.P).norm() <
            1e-12);
        // the strip: one quad per link (0.5 m, chain) or fin (1 m, booster), from `from` to `to`
        const osg::Geode* strip = childGeode(g, "driveStrip");
        QVERIFY(strip);
        const auto* geom = strip->getDrawable(0)->asGeometry();
        const auto* v = static_cast<const osg::Vec3Array*>(geom->getVertexArray());
        const auto* c = static_cast<const osg::Vec4Array*>(geom->getColorArray());
        const int pieces = int(std::ceil((d.to - d.from) / (d.chain ? 0.5 : 1.0)));
        QCOMPARE(int(v->size()), 4 * pieces);
        QCOMPARE(int(geom->getNumPrimitiveSets()), pieces);
        // every vertex: 3 cm above the rail top along wB, inside the rail heads along wN, at its s
        const double half = 0.5 * (style.railSpacing() - style.railHeadWidth) - 0.02;
        double worst = 0;
        for (int i = 0; i < pieces; ++i)
            for (int e = 0; e < 2; ++e) {
                const double s = d.from + (d.to - d.from) * (i + e) / pieces;
                const TwistedFrame f = layout.frameInWorld(std::size_t(d.track), s);
                for (int side = 0; side < 2; ++side) {
                    const Vec3 expect = f.F.P + 0.03 * f.wB + (side ? 1.0 : -1.0) * half * f.wN;
                    worst = std::max(
                        worst, (render::toEigen(osg::Vec3d((*v)[4 * i + 2 * e + side]) * M) - expect).norm());
                }
            }
        qInfo("%s: %d pieces, worst vertex offset %.3g m (float vertices x the section's matrix)",
              d.id.c_str(), pieces, worst);
        QVERIFY(worst < 1e-4); // float vertex precision at ~100 m
        // alternating colours: the section's colour and black (chain) / white (booster)
        const osg::Vec4 colour =
            d.chain ? render::DriveSectionColours::chain() : render::DriveSectionColours::booster();
        QCOMPARE((*c)[0], colour);
        QVERIFY((*c)[4] != colour);
        QCOMPARE((*c)[8], colour);
        // the far-view line and the label naming it
        QVERIFY(childGeode(g, "trackLine"));
        const osgText::Text* text = nullptr;
        for (unsigned i = 0; i < g->getNumChildren(); ++i)
            if (const auto* t = g->getChild(i)->asTransform())
                if (t->getNumChildren() && t->getChild(0)->getName() == "driveLabel")
                    text = dynamic_cast<const osgText::Text*>(t->getChild(0)->asGeode()->getDrawable(0));
        QVERIFY(text);
        const std::string label = text->getText().createUTF8EncodedString();
        qInfo("label: %s", label.c_str());
        QCOMPARE(label, render::driveSectionLabel(d));
    }
    QCOMPARE(render::driveSectionLabel(drives[0]), std::string("lift: chain lift 3.5 m/s \u2192"));
    QVERIFY(render::driveSectionLabel(drives[1]).find("station: booster") == 0);
}

void TstDriveSections::noDrivesNothingDrawn() {
    const Layout layout = Layout::load(TRACKLAB_SOURCE_DIR "/resources/layouts/demo.json");
    const std::vector<TrackDrive> drives = layout.drives();
    QVERIFY(drives.empty());
    QCOMPARE(render::buildDriveSections(layout, drives, render::TrackStyle{})->getNumChildren(), 0u);
}

QTEST_MAIN(TstDriveSections)
#include "tst_drive_sections.moc"
