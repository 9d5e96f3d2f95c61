#pragma once
// The layout's tracks as a Wavefront OBJ mesh: the geometry the 3D view draws up close (buildTrackMesh:
// rails, sleepers and ballast, or the coaster look's tube rails, spine, ties and supports), in the layout's
// own look, every body at its initial pose. docs/export.md.
#include "core/layout/Layout.h"

#include <osg/Group>

#include <filesystem>

namespace tl::render {

// The mesh of every track (buildTrackMesh with levelsOfDetail off, the style of the layout's "look" within
// TrackStyle::withinBudget: a huge layout gets ribbons) under a transform to its body's initial pose, in
// TrackLab's world coordinates (z up). One child per track, named by its id.
osg::ref_ptr<osg::Group> buildLayoutMesh(const Layout& layout);

// Write buildLayoutMesh(layout) as OBJ to `path` through the osgdb_obj plugin, turned to OBJ's y-up
// convention: (x, y, z) in the file = (x, z, -y) of TrackLab (osgDB::readNodeFile, which turns OBJ files
// back to z up, reads it in TrackLab's coordinates). No materials (.mtl). The file is replaced atomically
// (core/io/SaveFile.h): on any failure the old file stays. Throws SaveError (naming the path), or
// std::runtime_error if the OBJ plugin is missing or fails.
void writeLayoutObj(const Layout& layout, const std::filesystem::path& path);

} // namespace tl::render
