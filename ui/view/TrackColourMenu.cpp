// View > Track Colour (TrackColourMenu.h).
#include "ui/view/TrackColourMenu.h"

#include "render/scene/LayoutScene.h"
#include "render/track/TrackColouring.h"
#include "ui/checks/ChecksPanel.h"
#include "ui/checks/RiskPanel.h"
#include "ui/document/Document.h"
#include "ui/panels/TwistEditor.h"
#include "ui/sim/SimulationController.h"
#include "ui/sim/TelemetryHistory.h"
#include "ui/view/OsgViewWidget.h"

#include <QAction>
#include <QActionGroup>
#include <QDockWidget>
#include <QMenu>
#include <QStatusBar>

#include <algorithm>
#include <tuple>

namespace tl::ui {

TrackColourMenu::TrackColourMenu(QMenu* view, Document* doc, render::LayoutScene* scene,
                                 OsgViewWidget* glView, TwistEditor* twist, SimulationController* sim,
                                 ChecksPanel* checks, QDockWidget* checksDock, QStatusBar* status,
                                 QObject* parent)
    : QObject(parent), m_doc(doc), m_scene(scene), m_view(glView), m_sim(sim) {
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
        });
    }
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
}

} // namespace tl::ui
