#include "render/track/LayoutObjExport.h"

#include "core/io/SaveFile.h"
#include "render/OsgConvert.h"
#include "render/track/TrackMesh.h"

#include <osg/MatrixTransform>
#include <osgDB/Options>
#include <osgDB/ReaderWriter>
#include <osgDB/Registry>

#include <locale>
#include <sstream>
#include <stdexcept>

namespace tl::render {

osg::ref_ptr<osg::Group> buildLayoutMesh(const Layout& layout) {
    const TrackLook look =
        layout.spec().lookOrDefault() == LayoutLook::Coaster ? TrackLook::Coaster : TrackLook::Railway;
    double total = 0.0;
    for (const Track& t : layout.tracks())
        total += t.length();
    TrackStyle style = TrackStyle::forLook(look).withinBudget(total);
    style.levelsOfDetail = false;
    osg::ref_ptr<osg::Group> root = new osg::Group;
    for (const Track& t : layout.tracks()) {
        osg::ref_ptr<osg::MatrixTransform> body =
            new osg::MatrixTransform(toOsg(layout.initialBodyPose(t.body())));
        body->setName(t.id());
        body->addChild(buildTrackMesh(t, style, OverlayOptions{}));
        root->addChild(body);
    }
    return root;
}

void writeLayoutObj(const Layout& layout, const std::filesystem::path& path) {
    osgDB::ReaderWriter* rw = osgDB::Registry::instance()->getReaderWriterForExtension("obj");
    if (!rw) throw std::runtime_error("the OpenSceneGraph OBJ plugin (osgdb_obj) is not installed");
    // z up -> y up: (x, y, z) -> (x, z, -y); OSG's matrices act on row vectors (v' = v * M)
    osg::ref_ptr<osg::MatrixTransform> yUp = new osg::MatrixTransform(
        osg::Matrixd(1, 0, 0, 0, /**/ 0, 0, -1, 0, /**/ 0, 1, 0, 0, /**/ 0, 0, 0, 1));
    yUp->addChild(buildLayoutMesh(layout));
    std::ostringstream text;
    text.imbue(std::locale::classic());
    text.precision(
        9); // a float's every digit (the plugin's "precision" option sets the same where it has one)
    osg::ref_ptr<osgDB::Options> options = new osgDB::Options("precision=9");
    const osgDB::ReaderWriter::WriteResult result = rw->writeNode(*yUp, text, options.get());
    if (!result.success())
        throw std::runtime_error("the OBJ plugin could not write the mesh" +
                                 (result.message().empty() ? std::string() : ": " + result.message()));
    saveFile(path, text.str());
}

} // namespace tl::render
