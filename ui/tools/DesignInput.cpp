// DesignTools' mouse and keyboard input: picking on screen (the ground point under the mouse, free ends,
// switch points), clicks that place, append or join (a press-release moving less than kClickPx pixels;
// drags go on to the camera and the EditController), and typed numeric values while placing. In the Select
// mode a click during a run goes to the run first (RunClicks); in the Signal mode the SignalTool has the
// mouse.
#include "core/design/EndState.h"
#include "core/design/TrackOps.h"
#include "render/OsgConvert.h"
#include "ui/document/Document.h"
#include "ui/edit/EditController.h"
#include "ui/sim/RunClicks.h"
#include "ui/tools/DesignTools.h"
#include "ui/tools/ScreenPick.h"
#include "ui/tools/SignalTool.h"
#include "ui/view/OsgViewWidget.h"

#include <QDoubleSpinBox>
#include <QKeyEvent>
#include <QMouseEvent>

#include <cmath>

namespace tl::ui {

namespace {
constexpr double kClickPx = 4.0; // a press-release moving less is a click
} // namespace

std::optional<Vec3> DesignTools::groundPoint(const QPointF& pos) const {
    double z0 = 0.0;
    if (m_firstStart) z0 = m_firstStart->z();
    const auto [n, f] = m_view->rayThrough(pos.x(), pos.y());
    const Vec3 a = render::toEigen(n), b = render::toEigen(f);
    const double den = b.z() - a.z();
    if (std::abs(den) < 1e-12) return std::nullopt;
    const double t = (z0 - a.z()) / den;
    if (t < 0) return std::nullopt;
    return a + t * (b - a);
}

std::optional<EndRef> DesignTools::freeEndNear(const QPointF& pos, double pixels) const {
    const Layout& L = *m_doc->layout();
    std::optional<EndRef> best;
    double bestD = pixels;
    for (const EndRef& e : design::freeEnds(m_doc->spec())) {
        const design::EndState es = design::endState(L, e);
        const Vec3 w = L.initialBodyPose(es.body) * es.position();
        const QPointF q = m_view->project(render::toOsg(w));
        const double d = std::hypot(q.x() - pos.x(), q.y() - pos.y());
        if (d <= bestD) best = e, bestD = d;
    }
    return best;
}

bool DesignTools::mousePress(QMouseEvent* e) {
    if (m_mode == Mode::Signal) return m_signalTool->mousePress(e);
    if (e->button() != Qt::LeftButton) return m_editor->mousePress(e);
    m_pressPos = e->position();
    m_pressed = true;
    if (m_mode == Mode::Select) {
        if (m_runClicks && m_runClicks->click(e->position())) { // during a run: the run's switch or route
            m_pressed = false;
            return true;
        }
        if (const int k = pickSwitchOnScreen(*m_doc->layout(), *m_view, e->position(), 8.0); k >= 0) {
            m_pressed = false;
            if (!toggleSwitch(QString::fromStdString(m_doc->spec().switches[std::size_t(k)].id)))
                emit status(m_error);
            return true;
        }
        return m_editor->mousePress(e);
    }
    if (m_mode == Mode::Append && m_kind != design::PieceKind::Spline &&
        pickTrackOnScreen(*m_doc->layout(), *m_view, e->position())) {
        m_pressed = false; // a click on a track picks the end to continue from
        return m_editor->mousePress(e);
    }
    return false; // a drag still orbits the camera
}

bool DesignTools::mouseMove(QMouseEvent* e) {
    if (m_mode == Mode::Signal) return m_signalTool->mouseMove(e);
    if (m_mode == Mode::PlaceFirst || (m_mode == Mode::Append && m_kind == design::PieceKind::Spline)) {
        if (const auto g = groundPoint(e->position())) {
            m_mouseGround = *g;
            m_mouseOnGround = true;
            updatePreview();
        }
    }
    return m_editor->mouseMove(e);
}

bool DesignTools::mouseRelease(QMouseEvent* e) {
    if (m_mode == Mode::Signal) return m_signalTool->mouseRelease(e);
    const bool click =
        m_pressed && e->button() == Qt::LeftButton &&
        std::hypot(e->position().x() - m_pressPos.x(), e->position().y() - m_pressPos.y()) < kClickPx;
    m_pressed = false;
    if (!click || m_mode == Mode::Select) return m_editor->mouseRelease(e);
    bool ok = true;
    switch (m_mode) {
    case Mode::PlaceFirst:
        if (const auto g = groundPoint(e->position())) {
            m_mouseGround = *g;
            m_mouseOnGround = true;
            if (!m_firstStart) {
                m_firstStart = *g;
                emit status(tr("Start at (%1, %2): now click the end, or type its length and Enter.")
                                .arg(g->x(), 0, 'f', 1)
                                .arg(g->y(), 0, 'f', 1));
                updatePreview();
            } else {
                ok = commitPiece();
            }
        }
        break;
    case Mode::Append:
        if (m_kind == design::PieceKind::Spline) {
            if (const auto g = groundPoint(e->position())) m_splinePoints.push_back(*g);
            updatePreview();
        } else {
            ok = commitPiece();
        }
        break;
    case Mode::Join:
        if (const auto end = freeEndNear(e->position(), 15.0)) {
            if (!m_joinFirst) {
                m_joinFirst = end;
                emit status(tr("Join from %1 %2: click the other free end.")
                                .arg(QString::fromStdString(end->track), endName(end->end)));
            } else if (!(*end == *m_joinFirst)) {
                const EndRef a = *m_joinFirst;
                m_joinFirst.reset();
                ok = joinEnds(a, *end);
            }
        } else {
            ok = fail(tr("Click on a free track end (an open end of a track)."));
        }
        break;
    case Mode::Select:
    case Mode::Signal:
        break;
    }
    if (!ok) emit status(m_error);
    m_editor->mouseRelease(e);
    return false;
}

bool DesignTools::mouseDoubleClick(QMouseEvent* e) {
    if (m_mode != Mode::Select) return true;
    return m_editor->mouseDoubleClick(e);
}

void DesignTools::applyTyped() {
    if (m_typed.isEmpty()) return;
    bool ok = false;
    const double v = m_typed.toDouble(&ok);
    if (!ok) return;
    QDoubleSpinBox* f = nullptr;
    if (m_mode == Mode::PlaceFirst) return; // used as the length by commitPiece
    switch (m_kind) {
    case design::PieceKind::Straight:
        f = field("length");
        break;
    case design::PieceKind::Arc:
    case design::PieceKind::Transition:
    case design::PieceKind::Helix:
        f = field("radius");
        break;
    case design::PieceKind::Slope:
        f = field("grade");
        break;
    case design::PieceKind::Spline:
        break;
    case design::PieceKind::Force: // a typed value is the normal force [g]
        f = field("normalG");
        break;
    }
    if (f) f->setValue(v);
    m_typed.clear();
}

bool DesignTools::keyPress(QKeyEvent* e) {
    const int k = e->key();
    if (k == Qt::Key_Escape) {
        if (!m_typed.isEmpty())
            m_typed.clear();
        else
            setMode(Mode::Select);
        return true;
    }
    if (k == Qt::Key_Backspace) {
        m_typed.chop(1);
        emit status(tr("Value: %1").arg(m_typed));
        return true;
    }
    if (k == Qt::Key_Return || k == Qt::Key_Enter) {
        applyTyped();
        if (!commitPiece()) emit status(m_error);
        return true;
    }
    const QString t = e->text();
    if (t.size() == 1 && (t[0].isDigit() || t == "." || (t == "-" && m_typed.isEmpty()))) {
        m_typed += t;
        emit status(tr("Value: %1 (Enter to apply)").arg(m_typed));
        return true;
    }
    return false;
}

bool DesignTools::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_view && m_mode != Mode::Select &&
        (event->type() == QEvent::KeyPress || event->type() == QEvent::ShortcutOverride)) {
        auto* ke = static_cast<QKeyEvent*>(event);
        const int k = ke->key();
        const bool typed = // (the signal tool takes no typed values: only Escape, back to Select)
            m_mode != Mode::Signal &&
            (k == Qt::Key_Backspace || k == Qt::Key_Return || k == Qt::Key_Enter ||
             (ke->text().size() == 1 && (ke->text()[0].isDigit() || ke->text() == "." || ke->text() == "-")));
        const bool ours = k == Qt::Key_Escape || typed;
        if (ours && !(ke->modifiers() & (Qt::ControlModifier | Qt::AltModifier))) {
            if (event->type() == QEvent::ShortcutOverride) {
                event->accept(); // the key comes to us, not to a shortcut ("." steps the simulation)
                return true;
            }
            return keyPress(ke);
        }
    }
    return QObject::eventFilter(watched, event);
}

} // namespace tl::ui
