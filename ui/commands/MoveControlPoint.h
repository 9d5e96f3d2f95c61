#pragma once
// Move one spline control point (curve-local coordinates), or with point -1 the track's start (its
// placement's position, in its body). Successive moves of the same point merge, so a whole mouse drag is
// one undo step. Each move copies the one track it changes (Document::replaceTrack), not the layout.
#include "core/geometry/Frame.h"

#include <QUndoCommand>

namespace tl::ui {

class Document;

class MoveControlPoint : public QUndoCommand {
public:
    MoveControlPoint(Document* doc, int track, int point, const Vec3& newPosition,
                     QUndoCommand* parent = nullptr);
    void undo() override;
    void redo() override;
    int id() const override { return 1001; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    void moveTo(const Vec3& position);
    Document* m_doc;
    int m_track, m_point;
    Vec3 m_before, m_after; // curve-local [m] (the start: in the track's body)
};

} // namespace tl::ui
