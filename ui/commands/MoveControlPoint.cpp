#include "ui/commands/MoveControlPoint.h"

#include "ui/document/Document.h"

#include <QObject>

namespace tl::ui {

MoveControlPoint::MoveControlPoint(Document* doc, int track, int point, const Vec3& newPosition,
                                   QUndoCommand* parent)
    : QUndoCommand(parent), m_doc(doc), m_track(track), m_point(point), m_after(newPosition) {
    const TrackSpec& t = doc->spec().tracks.at(std::size_t(track));
    m_before = t.curve.points.at(std::size_t(point)).position;
    setText(QObject::tr("Move point %1 of %2").arg(point + 1).arg(QString::fromStdString(t.id)));
}

void MoveControlPoint::redo() {
    LayoutSpec s = m_doc->spec();
    s.tracks[std::size_t(m_track)].curve.points[std::size_t(m_point)].position = m_after;
    m_doc->applySpec(s);
}

void MoveControlPoint::undo() {
    LayoutSpec s = m_doc->spec();
    s.tracks[std::size_t(m_track)].curve.points[std::size_t(m_point)].position = m_before;
    m_doc->applySpec(s);
}

bool MoveControlPoint::mergeWith(const QUndoCommand* other) {
    const auto* o = static_cast<const MoveControlPoint*>(other);
    if (o->m_track != m_track || o->m_point != m_point) return false;
    m_after = o->m_after;
    return true;
}

} // namespace tl::ui
