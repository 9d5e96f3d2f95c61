#include "ui/window/StatusReadouts.h"

#include "core/layout/Alignment.h"
#include "ui/BankDisplay.h"
#include "ui/document/Document.h"
#include "ui/edit/EditController.h"
#include "ui/sim/SimulationController.h"

#include <QLabel>
#include <QStatusBar>

#include <algorithm>
#include <cmath>

namespace tl::ui {

namespace {

// ", km 12+345.678" where the track lies on an alignment (stationLabel, core/layout/Alignment.h), else "".
QString stationSuffix(const Layout& layout, int track, double s) {
    if (track < 0 || std::size_t(track) >= layout.trackCount()) return {};
    const std::string label = stationLabel(layout, track, s);
    return label.empty() ? QString() : ", " + QString::fromStdString(label);
}

} // namespace

StatusReadouts::StatusReadouts(QStatusBar* bar, Document* doc, EditController* editor,
                               SimulationController* sim)
    : QObject(bar), m_bar(bar), m_doc(doc), m_sim(sim) {
    m_validation = new QLabel(bar);
    bar->addPermanentWidget(m_validation);
    m_time = new QLabel(bar);
    bar->addPermanentWidget(m_time);
    connect(editor, &EditController::trackClicked, this, &StatusReadouts::showTrackAt);
    connect(m_sim, &SimulationController::derailed, this, [this](int i) {
        const DerailmentEvent& e = m_sim->simulation()->view().derailments()[std::size_t(i)];
        m_bar->showMessage(tr("Derailment: %1 at %2 s on %3, s = %4 m%5 (%6)")
                               .arg(QString::fromStdString(e.trainId))
                               .arg(e.t, 0, 'f', 2)
                               .arg(QString::fromStdString(e.trackId))
                               .arg(e.s, 0, 'f', 1)
                               .arg(stationSuffix(m_sim->simulation()->layout(), e.track, e.s))
                               .arg(QString::fromStdString(e.cause)),
                           10000);
    });
    connect(m_sim, &SimulationController::collided, this, [this](int i) {
        const CollisionEvent& e = m_sim->simulation()->view().collisions()[std::size_t(i)];
        m_bar->showMessage(tr("Collision: %1 and %2 at %3 s on %4, s = %5 m%6, closing at %7 m/s")
                               .arg(QString::fromStdString(e.trainId), QString::fromStdString(e.otherTrainId))
                               .arg(e.t, 0, 'f', 2)
                               .arg(QString::fromStdString(e.trackId))
                               .arg(e.s, 0, 'f', 1)
                               .arg(stationSuffix(m_sim->simulation()->layout(), e.track, e.s))
                               .arg(e.closingSpeed, 0, 'f', 2),
                           10000);
    });
}

void StatusReadouts::showLayout(int rebuilt, bool interim) {
    if (!m_doc->compileError().isEmpty())
        m_bar->showMessage(m_doc->compileError(), 8000);
    else if (rebuilt > 0 && !interim) // (during a drag the status bar says where the point is)
        m_bar->showMessage(tr("%n track(s) rebuilt", nullptr, rebuilt), 2000);
    const ValidationReport& report = m_doc->validation();
    const int errors = report.count(Severity::Error), warnings = report.count(Severity::Warning);
    m_validation->setText(errors ? tr("<span style='color:#c00'>%n joint error(s)</span>", nullptr, errors)
                          : warnings
                              ? tr("<span style='color:#c60'>%n joint warning(s)</span>", nullptr, warnings)
                              : tr("%n joint(s) OK", nullptr, int(report.joints.size())));
    m_validation->setToolTip(QString::fromStdString(report.text()));
}

void StatusReadouts::showTime() {
    m_time->setText(tr("t = %1 s%2")
                        .arg(m_sim->shownTime(), 0, 'f', 2)
                        .arg(m_sim->isStale()       ? tr(" (stale: the layout is being edited)")
                             : m_sim->isScrubbing() ? tr(" (replay)")
                                                    : ""));
}

void StatusReadouts::showTrackAt(int t, double s) {
    const auto layout = m_doc->layout();
    const TwistedFrame f = layout->frameInWorld(std::size_t(t), s);
    const double radius = std::abs(f.F.kappa) > 1e-9 ? 1.0 / std::abs(f.F.kappa) : INFINITY;
    QString text = tr("%1: s = %2 m%3, radius %4, %5, grade %6 %")
                       .arg(QString::fromStdString(layout->track(std::size_t(t)).id()))
                       .arg(s, 0, 'f', 1)
                       .arg(stationSuffix(*layout, t, s))
                       .arg(std::isfinite(radius) ? QString("%1 m").arg(radius, 0, 'f', 0) : tr("straight"))
                       .arg(bankReadout(m_doc->spec(), layout->track(std::size_t(t)), s))
                       .arg(100 * f.F.T.z() / std::max(1e-9, f.F.T.head<2>().norm()), 0, 'f', 2);
    if (const QString note = m_note ? m_note(t, s) : QString(); !note.isEmpty()) text += "; " + note;
    m_bar->showMessage(text, 8000);
}

} // namespace tl::ui
