#include "ui/commands/MoveControlPoint.h"

#include "ui/document/Document.h"

#include <QObject>

namespace tl::ui {

MoveControlPoint::MoveControlPoint(Document* doc, int track, int point, const Vec3& newPosition,
                                   QUndoCommand* parent)
    : QUndoCommand(parent), m_doc(doc), m_track(track), m_point(point), m_after(newPosition) {
    const TrackSpec& t = doc->spec().tracks.at(std::size_t(track));
    m_before = point < 0 ? t.placement.pose.position : t.curve.points.at(std::size_t(point)).position;
    setText(point < 0 ? QObject::tr("Move %1").arg(QString::fromStdString(t.id))
                      : QObject::tr("Move point %1 of %2").arg(point + 1).arg(QString::fromStdString(t.id)));
}

void MoveControlPoint::moveTo(const Vec3& position) {
    TrackSpec t = m_doc->spec().tracks[std::size_t(m_track)]; // this track only
    (m_point < 0 ? t.placement.pose.position : t.curve.points[std::size_t(m_point)].position) = position;
    m_doc->replaceTrack(m_track, std::move(t));
}

void MoveControlPoint::redo() {
    moveTo(m_after);
}

void MoveControlPoint::undo() {
    moveTo(m_before);
}

bool MoveControlPoint::mergeWith(const QUndoCommand* other) {
    const auto* o = static_cast<const MoveControlPoint*>(other);
    if (o->m_track != m_track || o->m_point != m_point) return false;
    m_after = o->m_after;
    return true;
}

} // namespace tl::ui
