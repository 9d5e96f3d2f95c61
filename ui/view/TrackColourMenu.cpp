// View > Track Colour (TrackColourMenu.h).
#include "ui/view/TrackColourMenu.h"

#include "core/checks/PlaceSamples.h"
#include "core/design/LayoutChange.h"
#include "physics/run/CurveCriticalSpeed.h"
#include "render/scene/LayoutScene.h"
#include "render/track/TrackColouring.h"
#include "ui/Units.h"
#include "ui/checks/ChecksPanel.h"
#include "ui/checks/RiskPanel.h"
#include "ui/document/Document.h"
#include "ui/panels/TwistEditor.h"
#include "ui/sim/SimulationController.h"
#include "ui/sim/TelemetryHistory.h"
#include "ui/view/OsgViewWidget.h"

#include <QAction>
#include <QActionGroup>
#include <QCheckBox>
#include <QDockWidget>
#include <QMenu>
#include <QStatusBar>

#include <algorithm>
#include <cmath>
#include <tuple>

namespace tl::ui {

TrackColourMenu::TrackColourMenu(QMenu* view, Document* doc, render::LayoutScene* scene,
                                 OsgViewWidget* glView, TwistEditor* twist, SimulationController* sim,
                                 ChecksPanel* checks, QDockWidget* checksDock, QStatusBar* status,
                                 QObject* parent)
    : QObject(parent), m_doc(doc), m_scene(scene), m_view(glView), m_sim(sim), m_checks(checks) {
    // the twist profile dock draws the rider g the track is coloured by
    twist->setRiderGSource([this] {
        return showsEstimate() ? TwistEditor::RiderG{m_estimates.vertical, m_estimates.lateral, m_measured}
                               : TwistEditor::RiderG{};
    });
    m_twist = twist;
    QMenu* overlay = view->addMenu(tr("Track &Colour"));
    auto* overlayGroup = new QActionGroup(this);
    // object names "trackColour:<name>" (tests, tracklab --track-colour)
    const std::tuple<QString, render::TrackOverlay, const char*> overlays[] = {
        {tr("Natural"), render::TrackOverlay::None, "natural"},
        {tr("By Curvature"), render::TrackOverlay::Curvature, "curvature"},
        {tr("By Bank (Cant)"), render::TrackOverlay::Bank, "bank"},
        {tr("By Cant Deficiency (twist editor speed)"), render::TrackOverlay::CantDeficiency,
         "cant-deficiency"}};
    for (const auto& [name, kind, id] : overlays) {
        QAction* a = overlay->addAction(name);
        a->setObjectName(QString("trackColour:") + id);
        a->setCheckable(true);
        a->setChecked(kind == render::TrackOverlay::None);
        overlayGroup->addAction(a);
        const auto k = kind;
        connect(a, &QAction::triggered, this, [this, twist, k] {
            render::OverlayOptions o = m_scene->overlay();
            o.overlay = k;
            o.speed = twist->speed();
            m_scene->setOverlay(o);
            m_view->update();
            twist->refreshRiderG(); // no rider g without its colouring
        });
    }
    // estimated while building: one model with the Checks dock (its profile, drives and rider height)
    const std::tuple<QString, render::TrackOverlay, const char*> estimates[] = {
        {tr("By Estimated Speed"), render::TrackOverlay::EstimatedSpeed, "estimated-speed"},
        {tr("By Estimated Vertical g"), render::TrackOverlay::EstimatedVertical, "estimated-vertical-g"},
        {tr("By Estimated Lateral g"), render::TrackOverlay::EstimatedLateral, "estimated-lateral-g"}};
    for (const auto& [name, kind, id] : estimates) {
        QAction* a = overlay->addAction(name);
        a->setObjectName(QString("trackColour:") + id);
        a->setCheckable(true);
        overlayGroup->addAction(a);
        const auto k = kind;
        connect(a, &QAction::triggered, this, [this, k] { colourByEstimate(k); });
    }
    m_measuredAction = overlay->addAction(tr("Measured in the Run"));
    m_measuredAction->setObjectName("trackColour:measured");
    m_measuredAction->setCheckable(true);
    connect(m_measuredAction, &QAction::toggled, this, &TrackColourMenu::setMeasured);
    connect(checks, &ChecksPanel::checked, this, [this] { // the layout or the profile changed
        if (showsEstimate() && !m_measured) colourByEstimate(m_scene->overlay().overlay);
    });
    const auto remeasure = [this] {
        if (showsEstimate() && m_measured) colourByEstimate(m_scene->overlay().overlay);
    };
    connect(sim, &SimulationController::runningChanged, this, [remeasure](bool running) {
        if (!running) remeasure();
    });
    connect(sim, &SimulationController::runsChanged, this, remeasure);
    connect(sim, &SimulationController::simulationReset, this, remeasure);
    // the Checks dock checks each edit while it is shown (then `checked` above). Hidden, it does not: the
    // estimate is made again here, without running the checks, unless the look changed (a new or opened
    // layout), which may change the dock's default profile (coaster or railway): then it checks.
    connect(doc, &Document::changed, this, [this, checks](const design::LayoutChange& c) {
        if (!showsEstimate() || m_measured || c.interim || checks->isVisible()) return;
        if (c.has(design::LayoutChange::Look))
            checks->runCheck();
        else if (c.affectsRuns())
            colourByEstimate(m_scene->overlay().overlay);
    });
    connect(&Units::instance(), &Units::changed, this, [this] {
        if (showsEstimate()) colourByEstimate(m_scene->overlay().overlay);
    });
    {
        QAction* peak = overlay->addAction(tr("By Peak Y/Q of the Run"));
        peak->setObjectName("trackColour:peak-yq");
        peak->setCheckable(true);
        overlayGroup->addAction(peak);
        connect(peak, &QAction::triggered, this, &TrackColourMenu::colourByPeakYQ);
        // the risk map of the Checks dock (ui/checks/RiskPanel.h): grey until runs reach a place
        QAction* risk = overlay->addAction(tr("By Derailment Risk"));
        risk->setObjectName("trackColour:risk");
        risk->setCheckable(true);
        risk->setStatusTip(
            tr("The probability of derailing at each place, from the risk map of the Checks dock"));
        overlayGroup->addAction(risk);
        connect(risk, &QAction::triggered, this, [checks, checksDock, status] {
            checksDock->show();
            checksDock->raise();
            checks->riskPanel()->showOnTrack();
            if (!checks->riskPanel()->result())
                status->showMessage(tr("No risk map yet: choose a train and Map Risk in the Checks dock"),
                                    8000);
        });
        connect(checks->riskPanel(), &RiskPanel::shownOnTrack, risk, [risk] { risk->setChecked(true); });
        // colourings made by the Checks dock replace the rider g's too
        connect(checks->riskPanel(), &RiskPanel::shownOnTrack, twist, &TwistEditor::refreshRiderG);
        connect(checks->overlayBox(), &QCheckBox::toggled, twist, &TwistEditor::refreshRiderG);
    }
}

void TrackColourMenu::colourByPeakYQ() {
    auto peaks = std::make_shared<render::PeakMap>();
    const TelemetryHistory& h = m_sim->history();
    const auto layout = m_doc->layout();
    for (int src = 0; src < h.sourceCount(); ++src) {
        const auto& yq = h.values(src, Channel::YQ);
        const auto& limit = h.values(src, Channel::YQLimit);
        const auto& tracks = h.tracks(src);
        const auto& s = h.arcLengths(src);
        for (std::size_t i = 0; i < yq.size(); ++i) {
            if (tracks[i] < 0 || tracks[i] >= int(layout->trackCount()) || limit[i] <= 0) continue;
            auto& bins = peaks->peaks[layout->track(std::size_t(tracks[i])).id()];
            const auto b = std::size_t(std::max(0.0f, s[i]) / peaks->bin);
            if (bins.size() <= b) bins.resize(b + 1, 0.f);
            bins[b] = std::max(bins[b], yq[i] / limit[i]);
        }
    }
    render::OverlayOptions o = m_scene->overlay();
    o.overlay = render::TrackOverlay::PeakYQ;
    o.peaks = peaks;
    m_scene->setOverlay(o);
    m_view->update();
    m_twist->refreshRiderG();
}

bool TrackColourMenu::showsEstimate() const {
    const auto k = m_scene->overlay().overlay;
    return k == render::TrackOverlay::EstimatedSpeed || k == render::TrackOverlay::EstimatedVertical ||
           k == render::TrackOverlay::EstimatedLateral;
}

TrackColourMenu::Estimates TrackColourMenu::estimate() const {
    const auto layout = m_doc->layout();
    const RuleProfile* profile = m_checks->profile();
    if (!layout || !profile) return {};
    std::vector<DriveSection> drives;
    try {
        drives = checkDriveSections(*layout, m_doc->filePath().toStdString());
    } catch (const std::exception&) { // the Checks dock and the simulation say what is wrong with them
    }
    const std::vector<TrackSamples> samples = samplePlaces(*layout, *profile, drives, true);
    constexpr double g = 9.81; // [m/s^2], as the energy model (core/checks/PlaceSamples.cpp)
    const double speedScale = Units::instance().speedScale();
    auto speed = std::make_shared<render::SampledValues>(),
         vertical = std::make_shared<render::SampledValues>(),
         lateral = std::make_shared<render::SampledValues>();
    for (std::size_t t = 0; t < samples.size(); ++t) {
        const std::string& id = layout->track(t).id();
        auto& sp = speed->tracks[id];
        auto& ve = vertical->tracks[id];
        auto& la = lateral->tracks[id];
        for (const PlaceSample& p : samples[t].places) {
            const bool known = !p.stalls && p.speed > 0;
            for (auto* x : {&sp, &ve, &la})
                x->s.push_back(p.s);
            sp.v.push_back(known ? float(p.speed * speedScale) : NAN);
            ve.v.push_back(known ? float(p.vertical / g) : NAN);
            la.v.push_back(known ? float(p.lateral / g) : NAN);
        }
    }
    return {speed, vertical, lateral};
}

void TrackColourMenu::setMeasured(bool measured) {
    m_measured = measured;
    if (m_measuredAction->isChecked() != measured) m_measuredAction->setChecked(measured);
    if (showsEstimate()) colourByEstimate(m_scene->overlay().overlay);
}

TrackColourMenu::Estimates TrackColourMenu::measure() const {
    const auto layout = m_doc->layout();
    if (!layout) return {};
    struct Bin {
        float speed = NAN, vertical = NAN, lateral = NAN;
    };
    constexpr double width = 1.0; // [m]
    std::vector<std::vector<Bin>> bins(layout->trackCount());
    const TelemetryHistory& h = m_sim->history();
    const double speedScale = Units::instance().speedScale();
    for (int src = 0; src < h.sourceCount(); ++src) {
        const auto& tracks = h.tracks(src);
        const auto& s = h.arcLengths(src);
        const auto& speed = h.values(src, Channel::Speed);
        const auto& vertical = h.values(src, Channel::RiderVertical);
        const auto& lateral = h.values(src, Channel::RiderLateral);
        for (std::size_t i = 0; i < tracks.size(); ++i) {
            if (tracks[i] < 0 || std::size_t(tracks[i]) >= bins.size()) continue; // off the rails
            auto& row = bins[std::size_t(tracks[i])];
            const auto k = std::size_t(std::max(0.0f, s[i]) / width);
            if (row.size() <= k) row.resize(k + 1);
            Bin& b = row[k];
            const float v = float(std::abs(speed[i]) * speedScale);
            if (!(b.speed >= v)) b.speed = v; // (NaN: the first)
            if (!(std::abs(b.vertical - 1.0f) >= std::abs(vertical[i] - 1.0f))) b.vertical = vertical[i];
            if (!(std::abs(b.lateral) >= std::abs(lateral[i]))) b.lateral = lateral[i];
        }
    }
    auto speed = std::make_shared<render::SampledValues>(),
         vertical = std::make_shared<render::SampledValues>(),
         lateral = std::make_shared<render::SampledValues>();
    for (std::size_t t = 0; t < bins.size(); ++t) {
        if (bins[t].empty()) continue;
        const std::string& id = layout->track(t).id();
        auto& sp = speed->tracks[id];
        auto& ve = vertical->tracks[id];
        auto& la = lateral->tracks[id];
        for (std::size_t k = 0; k < bins[t].size(); ++k) {
            const double at = (double(k) + 0.5) * width; // a bin's value at its middle
            for (auto* x : {&sp, &ve, &la})
                x->s.push_back(at);
            sp.v.push_back(bins[t][k].speed);
            ve.v.push_back(bins[t][k].vertical);
            la.v.push_back(bins[t][k].lateral);
        }
    }
    return {speed, vertical, lateral};
}

void TrackColourMenu::colourByEstimate(render::TrackOverlay kind) {
    if (!m_measured && !m_checks->profile()) m_checks->runCheck(); // the default profile, until one is picked
    m_estimates = m_measured ? measure() : estimate();
    render::OverlayOptions o = m_scene->overlay();
    o.overlay = kind;
    o.measured = m_measured;
    o.estimates = kind == render::TrackOverlay::EstimatedSpeed      ? m_estimates.speed
                  : kind == render::TrackOverlay::EstimatedVertical ? m_estimates.vertical
                                                                    : m_estimates.lateral;
    // the speed ramp's red end: the fastest place, rounded up to a multiple of 20 (ticks a quarter of it)
    double top = 0.0;
    if (m_estimates.speed)
        for (const auto& [id, series] : m_estimates.speed->tracks)
            for (float v : series.v)
                if (std::isfinite(v)) top = std::max(top, double(v));
    o.speedHi = std::max(20.0, 20.0 * std::ceil(top / 20.0));
    o.speedUnit = Units::instance().speedSuffix().toStdString();
    m_scene->setOverlay(o);
    m_view->update(); // (no profile, or a layout that does not compile: every place in its natural colour)
    m_twist->refreshRiderG();
}

QString TrackColourMenu::estimateAt(int track, double s) const {
    const auto layout = m_doc->layout();
    if (!showsEstimate() || !m_estimates.speed || !layout || track < 0 || track >= int(layout->trackCount()))
        return {};
    const std::string& id = layout->track(std::size_t(track)).id();
    const double v = m_estimates.speed->at(id, s);
    if (!std::isfinite(v))
        return m_measured ? tr("measured: no train of the run passed here")
                          : tr("estimated: the train stalls before here, or no speed is known");
    return (m_measured ? tr("measured %1 %2, vertical %3 g, lateral %4 g")
                       : tr("estimated %1 %2, vertical %3 g, lateral %4 g"))
        .arg(v, 0, 'f', 1)
        .arg(Units::instance().speedSuffix())
        .arg(m_estimates.vertical->at(id, s), 0, 'f', 2)
        .arg(m_estimates.lateral->at(id, s), 0, 'f', 2);
}

} // namespace tl::ui
