// DesignTools' operations: each builds the changed layout with core/design and pushes it as one named
// undo step (committing the piece being placed, joining ends, delete / split / switch / rename / change
// type, adding a train, toggling a switch); on failure lastError() says why and nothing changes.
#include "core/design/EndState.h"
#include "core/design/JoinEnds.h"
#include "core/design/TrackOps.h"
#include "core/layout/LayoutError.h"
#include "physics/spec/TrainSpec.h"
#include "ui/document/Document.h"
#include "ui/edit/EditController.h"
#include "ui/tools/DesignTools.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QUndoStack>

#include <cmath>
#include <numbers>

namespace tl::ui {

namespace {
const double kDeg = std::numbers::pi / 180.0;
} // namespace

bool DesignTools::commitPiece() {
    const auto layout = m_doc->layout();
    if (m_mode == Mode::PlaceFirst) {
        if (!m_firstStart) return fail(tr("Click where the first track starts."));
        const Vec3 d = m_mouseGround - *m_firstStart;
        double length = std::hypot(d.x(), d.y());
        if (!m_typed.isEmpty()) length = m_typed.toDouble();
        if (!(length > 0.1) || std::hypot(d.x(), d.y()) < 1e-9)
            return fail(tr("Move the mouse to give the direction (and type the length)."));
        LayoutSpec spec = m_doc->spec();
        TrackSpec t;
        t.id = design::uniqueTrackId(spec);
        t.curve.type = "line";
        t.curve.params["length"] = length;
        t.frame = TrackFrame::Up; // bank from the vertical (docs/layout-format.md, "The up frame")
        t.placement.pose.position = *m_firstStart;
        t.placement.pose.rotation = Quat(Eigen::AngleAxisd(std::atan2(d.y(), d.x()), Vec3::UnitZ()));
        spec.tracks.push_back(t);
        m_typed.clear();
        const std::string text = "Place track " + t.id + " (straight " + design::shortNumber(length) + " m)";
        if (!push(spec, text, int(spec.tracks.size()) - 1)) return false;
        setMode(Mode::Append, design::PieceKind::Straight);
        return true;
    }
    const auto end = currentEnd();
    if (!end) return fail(tr("Select a track with a free end (or place a first track)."));
    design::PieceSpec p = currentPiece();
    try {
        if (m_kind == design::PieceKind::Spline) {
            const design::EndState es = design::endState(*layout, *end);
            const Pose toLevel =
                es.level.inverse(Eigen::Isometry) * layout->initialBodyPose(es.body).inverse(Eigen::Isometry);
            for (const Vec3& w : m_splinePoints)
                p.points.push_back(toLevel * w);
        }
        const design::DesignEdit e = design::appendPiece(*layout, *end, p);
        m_typed.clear();
        m_splinePoints.clear();
        return push(e.spec, e.description, e.spec.trackIndex(e.newTracks.back()));
    } catch (const design::DesignError& err) {
        return fail(QString::fromUtf8(err.what()));
    }
}

bool DesignTools::joinEnds(const EndRef& a, const EndRef& b) {
    try {
        design::JoinOptions o;
        o.minRadius = field("joinRadius")->value();
        const design::JoinResult r = design::joinEnds(*m_doc->layout(), a, b, o);
        return push(r.edit.spec, r.edit.description, r.edit.spec.trackIndex(r.edit.newTracks.back()));
    } catch (const design::DesignError& err) {
        return fail(QString::fromUtf8(err.what()));
    }
}

bool DesignTools::joinToNearestFreeEnd() {
    const auto a = currentEnd();
    if (!a) return fail(tr("Select a track with a free end first."));
    const Layout& L = *m_doc->layout();
    const Vec3 pa = design::endState(L, *a).position();
    std::optional<EndRef> best;
    double bestD = 0;
    for (const EndRef& b : design::freeEnds(m_doc->spec())) {
        if (b.track == a->track) continue;
        const double d = (design::endState(L, b).position() - pa).norm();
        if (!best || d < bestD) best = b, bestD = d;
    }
    if (!best) return fail(tr("There is no other free end to join to."));
    return joinEnds(*a, *best);
}

namespace {
int selectedOrFail(EditController* editor, const LayoutSpec& spec) {
    const int t = editor->selectedTrack();
    return t >= 0 && t < int(spec.tracks.size()) ? t : -1;
}
} // namespace

bool DesignTools::deleteSelectedTrack() {
    const int t = selectedOrFail(m_editor, m_doc->spec());
    if (t < 0) return fail(tr("Select a track first."));
    try {
        const auto e = design::deleteTrack(*m_doc->layout(), m_doc->spec().tracks[std::size_t(t)].id);
        return push(e.spec, e.description, -1);
    } catch (const design::DesignError& err) {
        return fail(QString::fromUtf8(err.what()));
    }
}

bool DesignTools::splitSelectedTrack() {
    const int t = selectedOrFail(m_editor, m_doc->spec());
    if (t < 0) return fail(tr("Select a track first."));
    const double L = m_doc->layout()->track(std::size_t(t)).length();
    const double s = m_lastClickTrack == t && m_lastClickS >= 0 ? m_lastClickS : 0.5 * L;
    try {
        const auto e = design::splitTrack(*m_doc->layout(), m_doc->spec().tracks[std::size_t(t)].id, s);
        return push(e.spec, e.description, t);
    } catch (const design::DesignError& err) {
        return fail(QString::fromUtf8(err.what()));
    }
}

bool DesignTools::insertSwitchOnSelectedTrack() {
    const int t = selectedOrFail(m_editor, m_doc->spec());
    if (t < 0) return fail(tr("Select a track first."));
    const double L = m_doc->layout()->track(std::size_t(t)).length();
    const double s = m_lastClickTrack == t && m_lastClickS >= 0 ? m_lastClickS : 0.5 * L;
    design::SwitchOptions o;
    o.radius = field("switchRadius")->value();
    o.angle = field("switchAngle")->value() * kDeg;
    o.left = m_side->currentIndex() == 0;
    try {
        const auto e = design::insertSwitch(*m_doc->layout(), m_doc->spec().tracks[std::size_t(t)].id, s, o);
        return push(e.spec, e.description, e.spec.trackIndex(e.newTracks.back()));
    } catch (const design::DesignError& err) {
        return fail(QString::fromUtf8(err.what()));
    }
}

bool DesignTools::bufferStopOnSelectedTrack(bool add) {
    const int t = selectedOrFail(m_editor, m_doc->spec());
    if (t < 0) return fail(tr("Select a track first: click it near the end for the buffer stop."));
    const double L = m_doc->layout()->track(std::size_t(t)).length();
    const double s = m_lastClickTrack == t && m_lastClickS >= 0 ? m_lastClickS : L;
    const std::string id = m_doc->spec().tracks[std::size_t(t)].id;
    try {
        const auto e = add ? design::addBufferStop(*m_doc->layout(), id, s)
                           : design::deleteBufferStop(*m_doc->layout(), id, s);
        return push(e.spec, e.description, t);
    } catch (const design::DesignError& err) {
        return fail(QString::fromUtf8(err.what()));
    }
}

bool DesignTools::renameSelectedTrack(const QString& newId) {
    const int t = selectedOrFail(m_editor, m_doc->spec());
    if (t < 0) return fail(tr("Select a track first."));
    try {
        const auto e =
            design::renameTrack(m_doc->spec(), m_doc->spec().tracks[std::size_t(t)].id, newId.toStdString());
        return push(e.spec, e.description, t);
    } catch (const design::DesignError& err) {
        return fail(QString::fromUtf8(err.what()));
    }
}

bool DesignTools::changeSelectedTrackType(const QString& type) {
    const int t = selectedOrFail(m_editor, m_doc->spec());
    if (t < 0) return fail(tr("Select a track first."));
    try {
        const auto e = design::changeCurveType(*m_doc->layout(), m_doc->spec().tracks[std::size_t(t)].id,
                                               type.toStdString());
        return push(e.spec, e.description, t);
    } catch (const design::DesignError& err) {
        return fail(QString::fromUtf8(err.what()));
    }
}

bool DesignTools::addTrainOnSelectedTrack() {
    const int t = selectedOrFail(m_editor, m_doc->spec());
    if (t < 0) return fail(tr("Click on a track where the train's head should stand."));
    const double L = m_doc->layout()->track(std::size_t(t)).length();
    const double s = m_lastClickTrack == t && m_lastClickS >= 0 ? m_lastClickS : 0.5 * L;
    LayoutSpec spec = m_doc->spec();
    if (!spec.trains.is_array()) spec.trains = Json::array();
    std::string id;
    for (int k = int(spec.trains.size()) + 1; id.empty(); ++k) {
        std::string c = "train";
        c += std::to_string(k);
        bool used = false;
        for (const auto& tr : spec.trains)
            used = used || (tr.is_object() && tr.value("id", std::string()) == c);
        if (!used) id = c;
    }
    const std::string track = spec.tracks[std::size_t(t)].id;
    spec.trains.push_back(
        Json{{"id", id},
             {"cars", Json::array({"locomotive", "passenger-car"})},
             {"start", Json{{"track", track}, {"s", s}, {"direction", 1}}},
             {"speed", 0.0},
             // at rest with its brakes on, a parked train: the keys or its schedule start it
             {"schedule", Json::array({Json::array({0.0, 0.0, 1.0})})}});
    // the reader's rules for the new train: it fits the track and overlaps no train (StartOverlap.h); a
    // problem of another train is not this command's to refuse
    const std::string mine = "/trains/" + std::to_string(spec.trains.size() - 1);
    try {
        const std::string file = m_doc->filePath().isEmpty() ? m_doc->displayName().toStdString()
                                                             : m_doc->filePath().toStdString();
        parseTrains(spec.trains, *m_doc->layout(), file);
    } catch (const LayoutError& e) {
        if (e.path() == mine || e.path().rfind(mine + "/", 0) == 0)
            return fail(tr("No train added at %1 m of %2: %3")
                            .arg(s, 0, 'f', 1)
                            .arg(QString::fromStdString(track), QString::fromStdString(e.problem())));
    }
    return push(spec, "Add train " + id + " on " + track + " at " + design::shortNumber(s) + " m", t);
}

bool DesignTools::toggleSwitch(const QString& id) {
    try {
        const auto e = design::toggleSwitch(m_doc->spec(), id.toStdString());
        return push(e.spec, e.description, m_editor->selectedTrack());
    } catch (const design::DesignError& err) {
        return fail(QString::fromUtf8(err.what()));
    }
}

} // namespace tl::ui
