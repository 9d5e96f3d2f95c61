#include "ui/tools/SignalTool.h"

#include "core/design/SignalOps.h"
#include "render/scene/LayoutScene.h"
#include "ui/commands/EditLayout.h"
#include "ui/document/Document.h"
#include "ui/edit/EditController.h"
#include "ui/tools/ScreenPick.h"
#include "ui/view/OsgViewWidget.h"

#include <QMouseEvent>

#include <algorithm>
#include <cmath>

namespace tl::ui {

namespace {
constexpr double kClickPx = 4.0;  // a press-release moving less is a click (ui/tools/DesignInput.cpp)
constexpr double kSignalPx = 8.0; // a click this close to a drawn signal picks it

// Where a signal goes: to the centimetre, on its track.
double placeOn(const Track& t, double s) {
    return std::clamp(std::round(s * 100.0) / 100.0, 0.0, t.length());
}
} // namespace

SignalTool::SignalTool(Document* doc, render::LayoutScene* scene, OsgViewWidget* view, EditController* editor,
                       QObject* parent)
    : QObject(parent), m_doc(doc), m_scene(scene), m_view(view), m_editor(editor) {
    connect(m_doc, &Document::documentReset, this, [this] { select(-1); });
    connect(m_doc, &Document::changed, this, [this](const design::LayoutChange& c) {
        if (m_selected >= int(m_doc->spec().signalSpecs.size()))
            select(-1); // (an undo took it away)
        else if (c.has(design::LayoutChange::Signals))
            showSelection(); // (renamed: the marker follows the id)
    });
}

void SignalTool::select(int signal) {
    if (signal < 0 || signal >= int(m_doc->spec().signalSpecs.size())) signal = -1;
    const bool changed = signal != m_selected;
    m_selected = signal;
    if (signal >= 0) m_editor->select(-1, -1); // one selection: a track (and point) or a signal
    showSelection();
    if (changed) emit selectionChanged(signal);
}

void SignalTool::showSelection() {
    const auto& specs = m_doc->spec().signalSpecs;
    m_scene->setSelectedSignal(m_selected >= 0 ? specs[std::size_t(m_selected)].id : std::string());
    m_view->update();
}

bool SignalTool::fail(const QString& message) {
    m_error = message;
    return false;
}

void SignalTool::push(const LayoutSpec& after, const QString& text, const QString& mergeKey) {
    m_doc->undoStack()->push(new EditLayout(m_doc, after, text, mergeKey));
    // the file takes it; while it does not compile the view keeps the last good layout (Document::layout)
    if (const QString why = m_doc->compileError(); !why.isEmpty())
        emit status(tr("%1 -- not valid yet, the view shows the last valid layout (Ctrl+Z undoes it): %2")
                        .arg(text, why));
    else
        emit status(text);
}

bool SignalTool::placeAt(int track, double s) {
    const auto layout = m_doc->layout();
    if (!layout || track < 0 || track >= int(layout->trackCount()))
        return fail(tr("Click on a track to place a signal there."));
    const Track& t = layout->track(std::size_t(track));
    if (!t.onGround())
        return fail(tr("%1 lies on a moving body: a signal stands on the ground.")
                        .arg(QString::fromStdString(t.id())));
    try {
        const design::DesignEdit e = design::addSignal(m_doc->spec(), t.id(), placeOn(t, s), +1);
        push(e.spec, QString::fromStdString(e.description));
    } catch (const design::DesignError& err) {
        return fail(QString::fromUtf8(err.what()));
    }
    select(int(m_doc->spec().signalSpecs.size()) - 1);
    return true;
}

bool SignalTool::deleteSelected() {
    const auto& specs = m_doc->spec().signalSpecs;
    if (m_selected < 0 || m_selected >= int(specs.size()))
        return fail(tr("Select a signal first: Track > Signal, then click it."));
    try {
        const design::DesignEdit e = design::deleteSignal(m_doc->spec(), specs[std::size_t(m_selected)].id);
        select(-1);
        push(e.spec, QString::fromStdString(e.description));
    } catch (const design::DesignError& err) {
        return fail(QString::fromUtf8(err.what()));
    }
    return true;
}

int SignalTool::signalUnder(const QPointF& pos) const {
    const Layout* drawn = m_scene->layout();
    if (!drawn) return -1;
    const int k = pickSignalOnScreen(m_scene->signalNodes(), *m_view, pos, kSignalPx);
    if (k < 0 || k >= int(drawn->signalList().size())) return -1;
    // the drawn layout is the last valid one: the signal by its id in the spec
    const std::string& id = drawn->signalList()[std::size_t(k)].id;
    const auto& specs = m_doc->spec().signalSpecs;
    for (std::size_t i = 0; i < specs.size(); ++i)
        if (specs[i].id == id) return int(i);
    return -1;
}

bool SignalTool::mousePress(QMouseEvent* e) {
    if (m_dragging) m_doc->endGesture(); // (a release that never came)
    m_pressed = m_armed = m_dragging = false;
    if (e->button() != Qt::LeftButton || !m_doc->layout()) return false;
    m_pressPos = e->position();
    if (const int k = signalUnder(e->position()); k >= 0) {
        select(k);
        const SignalSpec& g = m_doc->spec().signalSpecs[std::size_t(k)];
        m_dragTrack = m_doc->layout()->trackIndex(g.track);
        m_armed = m_dragTrack >= 0;
        emit status(tr("Signal %1 (%2) on %3 at %4 m: drag it along its track; Delete removes it; Properties "
                       "edits it")
                        .arg(QString::fromStdString(g.id), QString::fromLatin1(signalKindName(g.kind)),
                             QString::fromStdString(g.track))
                        .arg(g.s, 0, 'f', 1));
        return true; // (the camera does not orbit from a signal)
    }
    m_pressed = true;
    return false; // a drag off the signals orbits the camera; a click places a signal (on release)
}

bool SignalTool::mouseMove(QMouseEvent* e) {
    if (!m_armed) return false;
    const auto layout = m_doc->layout();
    const auto& specs = m_doc->spec().signalSpecs;
    if (m_selected < 0 || m_selected >= int(specs.size()) || m_dragTrack >= int(layout->trackCount()))
        return true;
    if (!m_dragging) {
        const QPointF d = e->position() - m_pressPos;
        if (std::hypot(d.x(), d.y()) < kClickPx) return true;
        // the signal keeps its offset along the track from the place under the mouse: no jump when the drag
        // begins (the head is grabbed above and beside the track)
        const auto at = pickTrackOnScreen(*layout, *m_view, m_pressPos, 1e9, m_dragTrack);
        m_grabOffset = at ? specs[std::size_t(m_selected)].s - at->s : 0.0;
        m_dragging = true;
        ++m_drags;
        m_doc->beginGesture(); // the run waits for the end of the drag (Document::changed)
    }
    // the place on its track nearest to the mouse on screen, however far
    const auto hit = pickTrackOnScreen(*layout, *m_view, e->position(), 1e9, m_dragTrack);
    if (!hit) return true;
    LayoutSpec spec = m_doc->spec();
    SignalSpec& g = spec.signalSpecs[std::size_t(m_selected)];
    const double s = placeOn(layout->track(std::size_t(m_dragTrack)), hit->s + m_grabOffset);
    if (s == g.s) return true;
    g.s = s;
    const QString id = QString::fromStdString(g.id);
    // successive steps of one drag merge into one undo step (EditLayout's merge key)
    m_doc->undoStack()->push(
        new EditLayout(m_doc, spec, tr("Move signal %1").arg(id), QString("signal-drag:%1").arg(m_drags)));
    const QString why = m_doc->compileError();
    emit status(why.isEmpty()
                    ? tr("Signal %1 at %2 m").arg(id).arg(s, 0, 'f', 2)
                    : tr("Signal %1 at %2 m -- not valid there: %3").arg(id).arg(s, 0, 'f', 2).arg(why));
    return true;
}

bool SignalTool::mouseRelease(QMouseEvent* e) {
    if (e->button() != Qt::LeftButton) return false;
    if (m_armed) {
        m_armed = false;
        if (m_dragging) {
            m_dragging = false;
            m_doc->endGesture();
        }
        return true;
    }
    const bool click = m_pressed && std::hypot(e->position().x() - m_pressPos.x(),
                                               e->position().y() - m_pressPos.y()) < kClickPx;
    m_pressed = false;
    if (!click || !m_doc->layout()) return false;
    const auto hit = pickTrackOnScreen(*m_doc->layout(), *m_view, e->position());
    if (!hit) {
        select(-1);
        emit status(tr("Click on a track to place a signal there, or on a signal to select it."));
        return false;
    }
    if (!placeAt(hit->track, hit->s)) emit status(m_error);
    return false;
}

} // namespace tl::ui
