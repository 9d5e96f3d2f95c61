#include "render/scene/LayoutScene.h"

#include "core/curves/Spline.h"
#include "core/layout/LayoutError.h"
#include "render/OsgConvert.h"
#include "render/scene/Environment.h"
#include "render/scene/Shapes.h"
#include "render/track/BufferStopNodes.h"
#include "render/track/DriveSections.h"
#include "render/track/TrackMesh.h"

#include <osg/AutoTransform>
#include <osg/ComputeBoundsVisitor>
#include <osg/Geode>
#include <osg/LineWidth>
#include <osg/Material>
#include <osg/Shape>
#include <osg/ShapeDrawable>
#include <osgUtil/LineSegmentIntersector>
#include <osgViewer/View>

#include <cmath>
#include <set>

namespace tl::render {

namespace {
const osg::Vec4 kHandle(0.98f, 0.82f, 0.15f, 1.f), kHandleSelected(1.0f, 0.35f, 0.1f, 1.f);
const osg::Vec4 kStartHandle(0.3f, 0.75f, 0.95f, 1.f);

// A handle: a sphere of `radius` pixels on screen (never smaller than `minimumMetres`), at `centre`.
osg::ref_ptr<osg::Node> sphere(const Vec3& centre, double radius, const osg::Vec4& colour) {
    auto* d = new osg::ShapeDrawable(new osg::Sphere(osg::Vec3(), float(radius)));
    d->setColor(colour);
    osg::ref_ptr<osg::Geode> g = new osg::Geode;
    g->addDrawable(d);
    osg::ref_ptr<osg::AutoTransform> screen = new osg::AutoTransform;
    screen->setAutoScaleToScreen(true);
    screen->setMinimumScale(0.15); // [m per pixel]: close up a handle stays about 1 m big
    screen->addChild(g);
    osg::ref_ptr<osg::MatrixTransform> t = new osg::MatrixTransform(osg::Matrixd::translate(toOsg(centre)));
    t->addChild(screen);
    return t;
}

osg::ref_ptr<osg::Group> gizmoArrows(double length) {
    osg::ref_ptr<osg::Group> g = new osg::Group; // holds geodes (a Geode may only hold drawables)
    const Vec3 axes[3] = {Vec3::UnitX(), Vec3::UnitY(), Vec3::UnitZ()};
    const osg::Vec4 colours[3] = {{0.9f, 0.1f, 0.1f, 1}, {0.1f, 0.8f, 0.1f, 1}, {0.1f, 0.3f, 0.95f, 1}};
    for (int i = 0; i < 3; ++i)
        g->addChild(makePolyline({Vec3::Zero(), axes[i] * length}, colours[i], 4.f));
    return g;
}
} // namespace

LayoutScene::LayoutScene()
    : m_root(new osg::Group), m_tracks(new osg::Group), m_handleSwitch(new osg::Switch),
      m_markers(new osg::Group), m_drives(new osg::Group), m_gizmo(new osg::MatrixTransform) {
    m_root->setName("layoutScene");
    m_environment = createEnvironment(false);
    m_environment->addChild(m_tracks);
    m_environment->addChild(m_handleSwitch);
    m_environment->addChild(m_markers);
    m_environment->addChild(m_drives);
    m_environment->addChild(m_signals.root());
    osg::ref_ptr<osg::AutoTransform> gizmoScale = new osg::AutoTransform;
    gizmoScale->setAutoScaleToScreen(true); // arrows 70 pixels long at any distance
    gizmoScale->addChild(gizmoArrows(70.0));
    m_gizmo->addChild(gizmoScale);
    m_gizmo->setNodeMask(0);
    m_environment->addChild(m_gizmo);
    m_root->addChild(m_environment);
    m_bodyBoxes = new osg::Group;
    m_root->addChild(m_bodyBoxes);
    m_eventMarker = new osg::MatrixTransform;
    {
        osg::ref_ptr<osg::AutoTransform> pin = new osg::AutoTransform;
        pin->setAutoScaleToScreen(true);
        pin->addChild(makePolyline({Vec3::Zero(), Vec3(0, 0, 60)}, osg::Vec4(0.9f, 0.05f, 0.05f, 1.f), 4.f));
        auto* head = new osg::ShapeDrawable(new osg::Sphere(osg::Vec3(0, 0, 60), 9.f));
        head->setColor(osg::Vec4(0.9f, 0.05f, 0.05f, 1.f));
        osg::ref_ptr<osg::Geode> headGeode = new osg::Geode;
        headGeode->addDrawable(head);
        pin->addChild(headGeode);
        m_eventMarker->addChild(pin);
    }
    m_eventMarker->setNodeMask(0);
    m_environment->addChild(m_eventMarker);
    m_handleSwitch->setNewChildDefaultValue(true);
}

int LayoutScene::setLayout(std::shared_ptr<const Layout> layout, const ValidationReport* validation,
                           bool draft) {
    m_layout = std::move(layout);
    // a new layout: its bodies at their initial poses until a run shows them -- but not during a drag, which
    // edits the tracks where they are drawn (a turned turntable stays turned until the drag ends)
    if (!draft) m_bodyPoses.clear();
    placeBodyBoxes();
    const std::size_t n = m_layout ? m_layout->trackCount() : 0;
    int rebuilt = 0;
    // the layout's own look ("look": "coaster" at the top level), unless the user chose one
    if (m_layout && !m_styleOverridden) {
        const TrackLook look =
            m_layout->spec().lookOrDefault() == LayoutLook::Coaster ? TrackLook::Coaster : TrackLook::Railway;
        if (look != m_style.look) {
            m_style = TrackStyle::forLook(look);
            m_nodes.clear(); // every mesh changes
            m_tracks->removeChildren(0, m_tracks->getNumChildren());
            m_handleSwitch->removeChildren(0, m_handleSwitch->getNumChildren());
            m_handleIds.clear();
        }
    }
    // the overlay states bank in the layout's unit: a change of unit recolours every track
    const bool unitChanged = m_layout && takeBankUnit(m_overlay);
    if (unitChanged &&
        (m_overlay.overlay == TrackOverlay::Bank || m_overlay.overlay == TrackOverlay::CantDeficiency)) {
        m_nodes.clear();
        m_tracks->removeChildren(0, m_tracks->getNumChildren());
        m_handleSwitch->removeChildren(0, m_handleSwitch->getNumChildren());
        m_handleIds.clear();
    }
    if (m_nodes.size() > n) {
        for (std::size_t i = n; i < m_nodes.size(); ++i) {
            m_tracks->removeChild(m_nodes[i].body);
            m_handleSwitch->removeChild(m_nodes[i].handles);
        }
        m_nodes.resize(n);
    }
    double total = 0.0;
    for (std::size_t i = 0; i < n; ++i)
        total += m_layout->track(i).length();
    std::set<std::string> rebuiltIds;
    const TrackStyle before = m_style.withinBudget(m_totalLength), after = m_style.withinBudget(total);
    m_totalLength = total;
    if (before.detailed != after.detailed || before.maxSampleSpacing != after.maxSampleSpacing) {
        m_nodes.clear(); // the mesh budget changed: every mesh changes
        m_tracks->removeChildren(0, m_tracks->getNumChildren());
        m_handleSwitch->removeChildren(0, m_handleSwitch->getNumChildren());
        m_handleIds.clear();
    }
    for (std::size_t i = 0; i < n; ++i) {
        const Track& t = m_layout->track(i);
        const TrackSpec& spec = m_layout->spec().tracks[i];
        if (i < m_nodes.size() && m_nodes[i].spec == spec &&
            m_nodes[i].placement.isApprox(t.placement(), 0.0) && (draft || !m_nodes[i].draft)) {
            m_nodes[i].body->setMatrix(toOsg(drawnBodyPose(t.body())));
            continue;
        }
        buildTrack(i, draft);
        ++rebuilt;
        rebuiltIds.insert(spec.id);
    }
    updateHighlight();
    updateHandleSwitch();
    if (!draft) fitGround(); // (the ground follows when a drag ends)
    rebuildMarkers(validation);
    // drive sections and buffer stops: when they or a track they are on changed
    bool furniture =
        !m_layout || m_drivesShown != m_layout->spec().drives || m_stopsShown != m_layout->spec().bufferStops;
    if (m_layout) {
        for (const DriveSpec& d : m_layout->spec().drives)
            furniture = furniture || rebuiltIds.count(d.track);
        for (const BufferStopSpec& b : m_layout->spec().bufferStops)
            furniture = furniture || rebuiltIds.count(b.end.track);
    }
    if (furniture) rebuildDrives();
    // signals: the same, on their own (a signal's lamp is set live: LayoutScene.h)
    bool signalsChanged = !m_layout || m_signalsShown != m_layout->spec().signalSpecs;
    if (m_layout)
        for (const SignalSpec& g : m_layout->spec().signalSpecs)
            signalsChanged = signalsChanged || rebuiltIds.count(g.track);
    if (signalsChanged) rebuildSignals();
    if (unitChanged && m_overlayObserver) m_overlayObserver(m_overlay);
    return rebuilt;
}

void LayoutScene::fitGround() {
    const osg::BoundingSphere bs = m_tracks->getBound();
    osg::ComputeBoundsVisitor box;
    m_tracks->accept(box);
    EnvironmentOptions o;
    // the ground lies at the foot of the lowest ballast (track frames at z = 0 sit on the ground)
    if (box.getBoundingBox().valid()) o.groundZ = std::min(0.0, double(box.getBoundingBox().zMin()));
    if (bs.valid()) {
        o.halfSize = std::max(200.0, 1.5 * bs.radius());
        o.gridSpacing = o.halfSize > 800 ? 50.0 : 10.0;
        o.centreX = std::round(bs.center().x() / o.gridSpacing) * o.gridSpacing;
        o.centreY = std::round(bs.center().y() / o.gridSpacing) * o.gridSpacing;
    }
    if (m_ground && o.halfSize == m_groundOptions.halfSize && o.centreX == m_groundOptions.centreX &&
        o.centreY == m_groundOptions.centreY && o.groundZ == m_groundOptions.groundZ)
        return;
    m_groundOptions = o;
    if (m_ground) m_environment->removeChild(m_ground);
    m_ground = createGround(o);
    m_environment->addChild(m_ground);
}

int LayoutScene::rebuildAll() {
    if (!m_layout) return 0;
    for (std::size_t i = 0; i < m_nodes.size(); ++i)
        buildTrack(i);
    updateHighlight();
    updateHandleSwitch();
    rebuildDrives();
    return int(m_nodes.size());
}

void LayoutScene::setStyle(const TrackStyle& style) {
    m_style = style;
    m_styleOverridden = true;
    rebuildAll();
}

bool LayoutScene::takeBankUnit(OverlayOptions& o) const {
    if (!m_layout) return false;
    const BankUnit unit = bankUnit(m_layout->spec());
    const double b = railCentreDistance(m_layout->spec());
    if (unit == o.bankUnit && b == o.railCentre) return false;
    o.bankUnit = unit;
    o.railCentre = b;
    return true;
}

Pose LayoutScene::drawnBodyPose(const std::string& body) const {
    const auto it = m_bodyPoses.find(body);
    return it != m_bodyPoses.end() ? it->second : m_layout->initialBodyPose(body);
}

void LayoutScene::setBodyBoxes(const std::map<std::string, Vec3>& boxes) {
    if (boxes == m_bodyBoxSizes) return;
    m_bodyBoxSizes = boxes;
    m_bodyBoxes->removeChildren(0, m_bodyBoxes->getNumChildren());
    m_bodyBoxNodes.clear();
    for (const auto& [id, size] : boxes) {
        auto* box = new osg::ShapeDrawable(
            new osg::Box(osg::Vec3(), float(size.x()), float(size.y()), float(size.z())));
        box->setColor(osg::Vec4(0.42f, 0.42f, 0.46f, 1.f)); // a steel-grey deck under the rails
        auto* geode = new osg::Geode;
        geode->addDrawable(box);
        osg::ref_ptr<osg::MatrixTransform> xf = new osg::MatrixTransform;
        xf->addChild(geode);
        m_bodyBoxes->addChild(xf);
        m_bodyBoxNodes[id] = xf;
    }
    placeBodyBoxes();
}

void LayoutScene::placeBodyBoxes() {
    for (auto& [id, xf] : m_bodyBoxNodes)
        xf->setMatrix(m_layout ? toOsg(drawnBodyPose(id)) : osg::Matrixd());
}

osg::Matrixd LayoutScene::bodyBoxTransform(const std::string& body) const {
    const auto it = m_bodyBoxNodes.find(body);
    return it == m_bodyBoxNodes.end() ? osg::Matrixd() : it->second->getMatrix();
}

void LayoutScene::setBodyPoses(const std::map<std::string, Pose>& poses) {
    if (poses.size() == m_bodyPoses.size() &&
        std::equal(poses.begin(), poses.end(), m_bodyPoses.begin(), [](const auto& a, const auto& b) {
            return a.first == b.first && a.second.isApprox(b.second, 0.0);
        }))
        return;
    m_bodyPoses = poses;
    placeBodyBoxes();
    if (!m_layout) return;
    for (std::size_t i = 0; i < m_nodes.size() && i < m_layout->trackCount(); ++i) {
        const std::string& body = m_layout->track(i).body();
        if (body == "ground" || !m_nodes[i].body) continue;
        const osg::Matrixd m = toOsg(drawnBodyPose(body));
        m_nodes[i].body->setMatrix(m);
        if (m_nodes[i].handles) static_cast<osg::MatrixTransform*>(m_nodes[i].handles.get())->setMatrix(m);
    }
}

osg::Matrixd LayoutScene::trackTransform(int track) const {
    if (track < 0 || track >= int(m_nodes.size()) || !m_nodes[std::size_t(track)].body) return {};
    return m_nodes[std::size_t(track)].body->getMatrix();
}

void LayoutScene::setOverlay(const OverlayOptions& overlay) {
    m_overlay = overlay;
    takeBankUnit(m_overlay);
    rebuildAll();
    if (m_overlayObserver) m_overlayObserver(m_overlay);
}

void LayoutScene::buildTrack(std::size_t i, bool draft) {
    if (m_nodes.size() <= i) m_nodes.resize(i + 1);
    TrackNodes& tn = m_nodes[i];
    const Track& t = m_layout->track(i);
    tn.spec = m_layout->spec().tracks[i];
    tn.placement = t.placement();
    if (!tn.body) {
        tn.body = new osg::MatrixTransform;
        m_tracks->addChild(tn.body);
    }
    tn.body->setMatrix(toOsg(drawnBodyPose(t.body())));
    tn.body->removeChildren(0, tn.body->getNumChildren());
    TrackStyle style = m_style.withinBudget(m_totalLength);
    style.detailed = style.detailed && !draft;
    tn.draft = draft;
    tn.mesh = buildTrackMesh(t, style, m_overlay);
    tn.body->addChild(tn.mesh);
    rebuildHandles(i);
}

void LayoutScene::rebuildHandles(std::size_t i) {
    TrackNodes& tn = m_nodes[i];
    if (tn.handles) {
        for (unsigned c = 0; c < tn.handles->getNumChildren(); ++c)
            m_handleIds.erase(tn.handles->getChild(c));
        tn.handles->removeChildren(0, tn.handles->getNumChildren());
    } else {
        tn.handles = new osg::MatrixTransform;
        m_handleSwitch->addChild(tn.handles);
    }
    const Track& t = m_layout->track(i);
    static_cast<osg::MatrixTransform*>(tn.handles.get())->setMatrix(toOsg(drawnBodyPose(t.body())));
    // the control points the user placed (a force section's or a heartline track's rails are a spline of
    // their own samples: not handles, the track's start is)
    const auto* spline = dynamic_cast<const Spline*>(&t.curve());
    if (spline && m_layout->spec().tracks[i].curve.type == "spline" && !t.heartline()) {
        for (std::size_t k = 0; k < spline->points().size(); ++k) {
            const bool selected = int(i) == m_selTrack && int(k) == m_selPoint;
            osg::ref_ptr<osg::Node> h =
                sphere(t.placement() * spline->points()[k].position, m_handleRadius * (selected ? 1.4 : 1.0),
                       selected ? kHandleSelected : kHandle);
            m_handleIds[h.get()] = {int(i), int(k)};
            tn.handles->addChild(h);
        }
    } else {
        osg::ref_ptr<osg::Node> h = sphere(t.placement().translation(), m_handleRadius, kStartHandle);
        m_handleIds[h.get()] = {int(i), -1};
        tn.handles->addChild(h);
    }
}

void LayoutScene::setSelection(int track, int point) {
    const int oldTrack = m_selTrack;
    m_selTrack = track;
    m_selPoint = point;
    if (oldTrack >= 0 && oldTrack < int(m_nodes.size())) rebuildHandles(std::size_t(oldTrack));
    if (track >= 0 && track < int(m_nodes.size()) && track != oldTrack) rebuildHandles(std::size_t(track));
    updateHighlight();
    updateHandleSwitch();
}

void LayoutScene::updateHandleSwitch() {
    for (std::size_t i = 0; i < m_nodes.size(); ++i)
        if (m_nodes[i].handles) m_handleSwitch->setChildValue(m_nodes[i].handles.get(), handlesShown(int(i)));
}

bool LayoutScene::handlesShown(int track) const {
    return m_handlesOn && !m_handlesSuppressed && track >= 0 && track == m_selTrack;
}

void LayoutScene::setHandlesSuppressed(bool on) {
    m_handlesSuppressed = on;
    updateHandleSwitch();
    updateHighlight();
    m_gizmo->setNodeMask(m_gizmoOn && !on ? ~0u : 0u);
}

void LayoutScene::updateHighlight() {
    for (std::size_t i = 0; i < m_nodes.size(); ++i) {
        osg::StateSet* ss = m_nodes[i].body->getOrCreateStateSet();
        // the selected track glows a little (emission through the light model's ambient)
        if (int(i) == m_selTrack && !m_handlesSuppressed) { // no glow from the cab
            osg::ref_ptr<osg::Material> mat = new osg::Material;
            mat->setColorMode(osg::Material::AMBIENT_AND_DIFFUSE);
            mat->setEmission(osg::Material::FRONT_AND_BACK, osg::Vec4(0.25f, 0.18f, 0.0f, 1.f));
            ss->setAttributeAndModes(mat, osg::StateAttribute::ON);
        } else {
            ss->removeAttribute(osg::StateAttribute::MATERIAL);
        }
    }
}

void LayoutScene::setHandlesVisible(bool on) {
    m_handlesOn = on;
    updateHandleSwitch();
}

void LayoutScene::setEventMarker(const Vec3& world) {
    if (!world.allFinite()) {
        m_eventMarker->setNodeMask(0);
        return;
    }
    m_eventMarker->setMatrix(osg::Matrixd::translate(toOsg(world)));
    m_eventMarker->setNodeMask(~0u);
}

void LayoutScene::setGizmo(int track, double s) {
    m_gizmoOn = m_layout && track >= 0 && track < int(m_layout->trackCount());
    if (!m_gizmoOn) {
        m_gizmo->setNodeMask(0);
        return;
    }
    const TwistedFrame f = m_layout->frameInWorld(std::size_t(track), s);
    Pose X = Pose::Identity();
    X.linear().col(0) = f.F.T;
    X.linear().col(1) = f.wN;
    X.linear().col(2) = f.wB;
    X.translation() = f.F.P;
    m_gizmo->setMatrix(toOsg(X));
    m_gizmo->setNodeMask(m_handlesSuppressed ? 0u : ~0u);
}

PickHit LayoutScene::pick(osgViewer::View& view, double x, double y) const {
    PickHit hit;
    osg::ref_ptr<osgUtil::LineSegmentIntersector> isect =
        new osgUtil::LineSegmentIntersector(osgUtil::Intersector::WINDOW, x, y);
    osgUtil::IntersectionVisitor iv(isect.get());
    view.getCamera()->accept(iv);
    if (!isect->containsIntersections()) return hit;
    PickHit trackHit;
    for (const auto& inter : isect->getIntersections()) {
        for (const osg::Node* node : inter.nodePath) {
            if (auto it = m_handleIds.find(node); it != m_handleIds.end()) {
                hit.kind = it->second.second >= 0 ? PickHit::ControlPoint : PickHit::TrackStart;
                hit.track = it->second.first;
                hit.point = it->second.second;
                hit.world = toEigen(inter.getWorldIntersectPoint());
                return hit;
            }
            if (trackHit.kind == PickHit::None) {
                for (std::size_t i = 0; i < m_nodes.size(); ++i)
                    if (node == m_nodes[i].mesh.get()) {
                        trackHit.kind = PickHit::Track;
                        trackHit.track = int(i);
                        trackHit.world = toEigen(inter.getWorldIntersectPoint());
                    }
            }
        }
    }
    return trackHit;
}

osg::BoundingSphere LayoutScene::tracksBound() const {
    return m_tracks->getBound();
}

Vec3 LayoutScene::handlePosition(int track, int point) const {
    for (const auto& [node, id] : m_handleIds)
        if (id.first == track && id.second == point) {
            const auto* t = static_cast<const osg::MatrixTransform*>(node);
            const Vec3 local = toEigen(t->getMatrix().getTrans());
            return drawnBodyPose(m_layout->track(std::size_t(track)).body()) * local;
        }
    return Vec3::Constant(std::nan(""));
}

void LayoutScene::rebuildDrives() {
    m_drivesShown = m_layout ? m_layout->spec().drives : std::vector<DriveSpec>{};
    m_stopsShown = m_layout ? m_layout->spec().bufferStops : std::vector<BufferStopSpec>{};
    m_drives->removeChildren(0, m_drives->getNumChildren());
    if (!m_layout) return;
    if (!m_layout->drives().empty())
        m_drives->addChild(buildDriveSections(*m_layout, m_layout->drives(), m_style));
    if (!m_layout->bufferStops().empty())
        m_drives->addChild(buildBufferStops(*m_layout)); // (track furniture too)
}

void LayoutScene::rebuildSignals() {
    m_signalsShown = m_layout ? m_layout->spec().signalSpecs : std::vector<SignalSpec>{};
    if (m_layout)
        m_signals.build(*m_layout);
    else
        m_signals.clear();
}

void LayoutScene::rebuildMarkers(const ValidationReport* given) {
    m_markers->removeChildren(0, m_markers->getNumChildren());
    m_validation = ValidationReport{};
    if (!m_layout || m_layout->trackCount() == 0) return;
    m_validation = given ? *given : validateLayout(*m_layout);
    const osg::Vec4 colours[3] = {{0.2f, 0.8f, 0.3f, 1.f}, {1.0f, 0.6f, 0.1f, 1.f}, {0.95f, 0.1f, 0.1f, 1.f}};
    for (const JointCheck& j : m_validation.joints) {
        const int t = m_layout->trackIndex(j.from.track);
        if (t < 0) continue;
        const double s = j.from.end == TrackEnd::Start ? 0.0 : m_layout->track(std::size_t(t)).length();
        const TwistedFrame f = m_layout->frameInWorld(std::size_t(t), s);
        // a marker a little above the rails, larger when something is wrong
        const double px = j.severity == Severity::Ok ? 4.0 : 9.0;
        m_markers->addChild(sphere(f.F.P + 0.5 * f.wB, px, colours[int(j.severity)]));
    }
}

} // namespace tl::render
