#pragma once
// Icons of the track tools, drawn with QPainter (no image files): a straight, arcs, a transition, a
// slope, a helix, a spline, the first track, join, split, delete, switch, signal and rename.
#include <QIcon>
#include <QString>

namespace tl::ui {

// name: "straight", "arc-left", "arc-right", "transition", "slope", "helix", "spline", "first", "join",
// "split", "delete", "switch", "signal", "rename", "type". Unknown names give a blank icon.
QIcon pieceIcon(const QString& name);

} // namespace tl::ui
