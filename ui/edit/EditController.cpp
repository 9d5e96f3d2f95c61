#include "ui/edit/EditController.h"

#include "core/curves/Spline.h"
#include "render/OsgConvert.h"
#include "render/scene/LayoutScene.h"
#include "render/scene/VehicleNodes.h"
#include "ui/commands/EditLayout.h"
#include "ui/commands/MoveControlPoint.h"
#include "ui/document/Document.h"
#include "ui/tools/ScreenPick.h"
#include "ui/view/OsgViewWidget.h"

#include <QMouseEvent>

#include <cmath>
#include <limits>

namespace tl::ui {

namespace {
// Intersection of the ray (a -> b) with the plane through p with normal n; nullopt when parallel/behind.
std::optional<Vec3> rayPlane(const Vec3& a, const Vec3& b, const Vec3& p, const Vec3& n) {
    const Vec3 d = b - a;
    const double den = d.dot(n);
    if (std::abs(den) < 1e-12 * d.norm()) return std::nullopt;
    const double t = (p - a).dot(n) / den;
    if (t < 0) return std::nullopt;
    return a + t * d;
}

std::string uniqueTrackId(const LayoutSpec& spec) {
    for (int k = int(spec.tracks.size()) + 1;; ++k) {
        std::string id = "T"; // (appending, not "T" + ..., avoids GCC 12's false -Wrestrict, bug 105329)
        id += std::to_string(k);
        if (spec.trackIndex(id) < 0) return id;
    }
}
} // namespace

EditController::EditController(Document* doc, render::LayoutScene* scene, OsgViewWidget* view,
                               QObject* parent)
    : QObject(parent), m_doc(doc), m_scene(scene), m_view(view) {}

void EditController::select(int track, int point) {
    if (track == m_track && point == m_point) return;
    m_track = track;
    m_point = point;
    m_scene->setSelection(track, point);
    m_view->update();
    emit selectionChanged(track, point);
}

Pose EditController::trackToWorld(int track) const {
    // where the track is drawn: on a moving body at the pose the shown run has it (a turned turntable)
    const Track& t = m_doc->layout()->track(std::size_t(track));
    return m_scene->drawnBodyPose(t.body()) * t.placement();
}

bool EditController::mousePress(QMouseEvent* e) {
    if (e->button() != Qt::LeftButton || !m_doc->layout()) return false;
    const osg::Vec2d w = m_view->toOsgWindow(e->position().x(), e->position().y());
    render::PickHit hit = m_scene->pick(*m_view->viewer(), w.x(), w.y());
    if (hit.kind == render::PickHit::ControlPoint || hit.kind == render::PickHit::TrackStart) {
        // a press only selects; the drag begins once the mouse has moved a few pixels (selection never
        // edits)
        select(hit.track, hit.point);
        m_armed = true;
        m_dragging = false;
        m_pressPos = e->position();
        m_dragStart = hit.kind == render::PickHit::TrackStart;
        m_dragOrigin = m_scene->handlePosition(hit.track, hit.point);
        if (m_dragStart && m_doc->spec().tracks[std::size_t(hit.track)].placement.after) {
            m_armed = false; // placed after another track: it moves with that track
            emit status(tr("%1 is placed after another track; move that track instead.")
                            .arg(QString::fromStdString(m_doc->spec().tracks[std::size_t(hit.track)].id)));
        }
        return true;
    }
    if (m_vehicles) {
        if (const int part = m_vehicles->pick(*m_view->viewer(), w.x(), w.y()); part >= 0) {
            emit vehiclePartPicked(part);
            return false;
        }
    }
    double s = 0.0;
    if (hit.kind == render::PickHit::Track) {
        s = nearestArcLength(hit.track, hit.world);
    } else if (const auto near = pickTrackOnScreen(*m_doc->layout(), *m_view, e->position())) {
        hit.kind = render::PickHit::Track; // within a few pixels on screen: the thin line counts
        hit.track = near->track;
        s = near->s;
    }
    select(hit.kind == render::PickHit::Track ? hit.track : -1, -1);
    if (hit.kind == render::PickHit::Track) emit trackClicked(hit.track, s);
    return false; // the camera still orbits from a click on a track or on the ground
}

bool EditController::mouseMove(QMouseEvent* e) {
    if (!m_armed) return false;
    if (!m_dragging) {
        const QPointF d = e->position() - m_pressPos;
        if (std::hypot(d.x(), d.y()) < kDragThresholdPx) return true;
        // the handle keeps its offset from the point under the mouse: no jump when the drag begins
        const auto at = planePoint(m_pressPos, e->modifiers());
        m_grabOffset = at ? Vec3(m_dragOrigin - *at) : Vec3::Zero();
        m_dragging = true;
        m_doc->beginGesture(); // the run waits for the end of the drag (Document::changed)
    }
    return dragTo(e->position(), e->modifiers());
}

bool EditController::mouseRelease(QMouseEvent* e) {
    if (!m_armed || e->button() != Qt::LeftButton) return false;
    if (m_dragging) dragTo(e->position(), e->modifiers());
    m_armed = false;
    if (m_dragging) m_doc->endGesture();
    m_dragging = false;
    return true;
}

bool EditController::mouseDoubleClick(QMouseEvent* e) {
    if (e->button() != Qt::LeftButton || !m_doc->layout()) return false;
    const osg::Vec2d w = m_view->toOsgWindow(e->position().x(), e->position().y());
    const render::PickHit hit = m_scene->pick(*m_view->viewer(), w.x(), w.y());
    if (hit.kind != render::PickHit::Track) return false;
    if (!insertPointAt(hit.track, hit.world)) emit status(m_error);
    return true;
}

std::optional<Vec3> EditController::planePoint(const QPointF& pos, Qt::KeyboardModifiers mods) const {
    const auto [nearO, farO] = m_view->rayThrough(pos.x(), pos.y());
    const Vec3 a = render::toEigen(nearO), b = render::toEigen(farO);
    const Vec3 viewDir = (b - a).normalized();
    Vec3 normal = Vec3::UnitZ(); // ground plane through the handle
    if (mods & Qt::ShiftModifier || m_axis == AxisLock::Z) {
        normal = Vec3(viewDir.x(), viewDir.y(), 0.0); // vertical plane facing the camera
        if (normal.norm() < 1e-6) return std::nullopt;
        normal.normalize();
    }
    return rayPlane(a, b, m_dragOrigin, normal);
}

bool EditController::dragTo(const QPointF& pos, Qt::KeyboardModifiers mods) {
    const auto hit = planePoint(pos, mods);
    if (!hit) return true;
    Vec3 world = *hit + m_grabOffset;
    switch (m_axis) {
    case AxisLock::None:
        break;
    case AxisLock::X:
        world = m_dragOrigin + Vec3::UnitX() * (world - m_dragOrigin).x();
        break;
    case AxisLock::Y:
        world = m_dragOrigin + Vec3::UnitY() * (world - m_dragOrigin).y();
        break;
    case AxisLock::Z:
        world = m_dragOrigin + Vec3::UnitZ() * (world - m_dragOrigin).z();
        break;
    }
    if (mods & Qt::ControlModifier && m_grid > 0) {
        for (int i = 0; i < 3; ++i)
            if (i < 2 || (mods & Qt::ShiftModifier) || m_axis == AxisLock::Z)
                world[i] = std::round(world[i] / m_grid) * m_grid;
    }
    const Layout& layout = *m_doc->layout();
    const Track& t = layout.track(std::size_t(m_track));
    if (m_dragStart) {
        m_doc->undoStack()->push(
            new MoveControlPoint(m_doc, m_track, -1, m_scene->drawnBodyPose(t.body()).inverse() * world));
    } else {
        const Vec3 local = trackToWorld(m_track).inverse() * world;
        m_doc->undoStack()->push(new MoveControlPoint(m_doc, m_track, m_point, local));
    }
    emit status(tr("x %1  y %2  z %3 m")
                    .arg(world.x(), 0, 'f', 2)
                    .arg(world.y(), 0, 'f', 2)
                    .arg(world.z(), 0, 'f', 2));
    return true;
}

bool EditController::deleteSelectedPoint() {
    if (m_track < 0 || m_point < 0) return m_error = tr("Select a control point first."), false;
    const TrackSpec& t = m_doc->spec().tracks[std::size_t(m_track)];
    const std::size_t minimum = t.curve.closed ? 3 : 2;
    if (t.curve.points.size() <= minimum)
        return m_error = tr("A %1 spline needs at least %2 points.")
                             .arg(t.curve.closed ? tr("closed") : tr("open"))
                             .arg(minimum),
               false;
    LayoutSpec s = m_doc->spec();
    s.tracks[std::size_t(m_track)].curve.points.erase(s.tracks[std::size_t(m_track)].curve.points.begin() +
                                                      m_point);
    const int track = m_track;
    select(track, -1);
    m_doc->undoStack()->push(
        new EditLayout(m_doc, std::move(s), tr("Delete point of %1").arg(QString::fromStdString(t.id))));
    return true;
}

bool EditController::insertPointAt(int track, const Vec3& world) {
    const Layout& layout = *m_doc->layout();
    if (track < 0 || track >= int(layout.trackCount())) return m_error = tr("No track there."), false;
    const Track& t = layout.track(std::size_t(track));
    const auto* spline = dynamic_cast<const Spline*>(&t.curve());
    // (a force section's or a heartline track's rails are a spline of their own samples, not of points)
    if (!spline || m_doc->spec().tracks[std::size_t(track)].curve.type != "spline" || t.heartline())
        return m_error = tr("Only spline tracks have control points."), false;
    const double s = nearestArcLength(track, world);
    const double L = spline->length();
    const int count = int(spline->points().size());
    int index = count; // after the last point (closing segment of a closed spline)
    for (int k = 1; k < count; ++k)
        if (s < spline->pointArcLength(k)) {
            index = k;
            break;
        }
    if (!spline->closed() && (s <= 1e-6 || s >= L - 1e-6))
        return m_error = tr("Pick the track between two points."), false;
    LayoutSpec spec = m_doc->spec();
    auto& pts = spec.tracks[std::size_t(track)].curve.points;
    SplinePointSpec p;
    p.position = spline->position(s);
    pts.insert(pts.begin() + index, p);
    m_doc->undoStack()->push(
        new EditLayout(m_doc, std::move(spec), tr("Insert point in %1").arg(QString::fromStdString(t.id()))));
    select(track, index);
    return true;
}

double EditController::nearestArcLength(int track, const Vec3& world) const {
    const Layout& layout = *m_doc->layout();
    const Track& t = layout.track(std::size_t(track));
    const Vec3 local = trackToWorld(track).inverse() * world;
    const Curve& c = t.curve();
    const double L = c.length();
    double best = 0, bestD = std::numeric_limits<double>::infinity();
    const int n = std::max(20, int(L / 0.5));
    for (int i = 0; i <= n; ++i) {
        const double s = L * i / n;
        const double d = (c.position(s) - local).squaredNorm();
        if (d < bestD) bestD = d, best = s;
    }
    double lo = std::max(0.0, best - L / n), hi = std::min(L, best + L / n);
    for (int it = 0; it < 60; ++it) {
        const double m1 = lo + (hi - lo) * 0.382, m2 = lo + (hi - lo) * 0.618;
        if ((c.position(m1) - local).squaredNorm() < (c.position(m2) - local).squaredNorm())
            hi = m2;
        else
            lo = m1;
    }
    return 0.5 * (lo + hi);
}

bool EditController::extendFromFreeEnd(double length) {
    if (m_track < 0) return m_error = tr("Select a track first."), false;
    const Layout& layout = *m_doc->layout();
    const SwitchStates states = layout.initialSwitchStates();
    TrackEnd freeEnd;
    if (layout.next(m_track, TrackEnd::End, states).open)
        freeEnd = TrackEnd::End;
    else if (layout.next(m_track, TrackEnd::Start, states).open)
        freeEnd = TrackEnd::Start;
    else
        return m_error = tr("Both ends of this track are connected."), false;
    LayoutSpec spec = m_doc->spec();
    const std::string from = spec.tracks[std::size_t(m_track)].id;
    TrackSpec t;
    t.id = uniqueTrackId(spec);
    t.curve.type = "spline";
    t.frame = TrackFrame::Up; // a spline may climb: its bank is measured from the vertical (level rails)
    for (int i = 0; i < 3; ++i) {
        SplinePointSpec p;
        p.position = Vec3(length * i / 2.0, 0, 0);
        t.curve.points.push_back(p);
    }
    t.placement.after = EndRef{from, freeEnd};
    t.body = spec.tracks[std::size_t(m_track)].body;
    spec.tracks.push_back(t);
    spec.connections.push_back(
        ConnectionSpec{EndRef{from, freeEnd}, EndRef{t.id, TrackEnd::Start}, Json::object()});
    const int newIndex = int(spec.tracks.size()) - 1;
    m_doc->undoStack()->push(
        new EditLayout(m_doc, std::move(spec), tr("Add track %1").arg(QString::fromStdString(t.id))));
    select(newIndex, 2);
    return true;
}

bool EditController::connectNearestFreeEnds(double maxGap) {
    if (m_track < 0) return m_error = tr("Select a track first."), false;
    const Layout& layout = *m_doc->layout();
    const SwitchStates states = layout.initialSwitchStates();
    auto endPoint = [&](int track, TrackEnd e) {
        return layout
            .frameInWorld(std::size_t(track),
                          e == TrackEnd::Start ? 0.0 : layout.track(std::size_t(track)).length())
            .F.P;
    };
    double best = maxGap;
    std::optional<std::pair<EndRef, EndRef>> pair;
    for (TrackEnd mine : {TrackEnd::Start, TrackEnd::End}) {
        if (!layout.next(m_track, mine, states).open) continue;
        for (int o = 0; o < int(layout.trackCount()); ++o) {
            if (o == m_track) continue;
            for (TrackEnd theirs : {TrackEnd::Start, TrackEnd::End}) {
                if (!layout.next(o, theirs, states).open) continue;
                const double d = (endPoint(m_track, mine) - endPoint(o, theirs)).norm();
                if (d <= best) {
                    best = d;
                    pair = {{layout.track(std::size_t(m_track)).id(), mine},
                            {layout.track(std::size_t(o)).id(), theirs}};
                }
            }
        }
    }
    if (!pair) return m_error = tr("No free end of another track within %1 m.").arg(maxGap), false;
    LayoutSpec spec = m_doc->spec();
    spec.connections.push_back(ConnectionSpec{pair->first, pair->second, Json::object()});
    m_doc->undoStack()->push(
        new EditLayout(m_doc, std::move(spec),
                       tr("Connect %1 %2 to %3 %4")
                           .arg(QString::fromStdString(pair->first.track), endName(pair->first.end),
                                QString::fromStdString(pair->second.track), endName(pair->second.end))));
    return true;
}

} // namespace tl::ui
