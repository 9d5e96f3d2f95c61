#pragma once
// The scene of a layout: environment, one mesh node per track (under its body's transform), control
// point handles, connection markers, drive sections, buffer stops, signals with their lamps, the selection
// highlight and a frame gizmo. Updating with a new compiled layout rebuilds only the tracks whose definition
// or placement changed.
#include "core/layout/Layout.h"
#include "core/layout/LayoutValidation.h"
#include "render/scene/Environment.h"
#include "render/track/SignalNodes.h"
#include "render/track/TrackColouring.h"
#include "render/track/TrackStyle.h"

#include <osg/Group>
#include <osg/MatrixTransform>
#include <osg/Switch>

#include <functional>
#include <map>
#include <memory>
#include <vector>

namespace osgViewer {
class View;
}

namespace tl::render {

struct PickHit {
    enum Kind { None, ControlPoint, TrackStart, Track } kind = None;
    int track = -1;            // track index
    int point = -1;            // control point index (ControlPoint)
    Vec3 world = Vec3::Zero(); // the picked point in world coordinates [m]
};

class LayoutScene {
public:
    LayoutScene();
    osg::Group* root() const { return m_root.get(); }

    // Show this layout. Tracks whose spec and placement are unchanged since the last call keep their
    // meshes. Returns the number of track meshes rebuilt. `validation`: the layout's joint checks when the
    // caller has them (the document makes them once per change); else the scene makes them. `draft`: a
    // step of a drag -- the tracks rebuilt now are drawn as the plain ribbon (a fraction of the mesh's
    // cost), and get their full meshes at the next call without `draft` (the drag's end).
    int setLayout(std::shared_ptr<const Layout> layout, const ValidationReport* validation = nullptr,
                  bool draft = false);
    const Layout* layout() const { return m_layout.get(); }
    int rebuildAll(); // e.g. after a style change

    void setStyle(const TrackStyle& style); // overrides the layout's "look"
    const TrackStyle& style() const { return m_style; }
    // The track colour overlay; its bank unit and rail-centre distance are taken from the layout (here and
    // on every setLayout).
    // Where the layout's moving bodies are at the time the simulation shows (by body id, body -> world):
    // each track and its control points are drawn on its body's pose; a body not in `poses`, and every
    // body after setLayout, at its initial pose. Editing is at the initial poses (the run restarts).
    void setBodyPoses(const std::map<std::string, Pose>& poses);
    // The boxes drawn for bodies (by body id: full dimensions, centred on the body's origin), e.g. a
    // turntable's deck; they move with setBodyPoses. Replaces the boxes shown before.
    void setBodyBoxes(const std::map<std::string, Vec3>& boxes);
    osg::Matrixd bodyBoxTransform(const std::string& body) const; // identity if not drawn (tests)
    Pose drawnBodyPose(const std::string& body) const;
    osg::Matrixd trackTransform(int track) const; // the drawn track's body transform (tests)

    void setOverlay(const OverlayOptions& overlay);
    const OverlayOptions& overlay() const { return m_overlay; }
    // Called after every overlay change (e.g. to show its legend); one observer.
    void setOverlayObserver(std::function<void(const OverlayOptions&)> f) {
        m_overlayObserver = std::move(f);
    }

    // The selected track shows its edit handles (control points or start handle); -1: none.
    void setSelection(int track, int point = -1);
    void setHandlesVisible(bool on); // the user's View > Control Points
    // e.g. while the camera rides with a train: no handles, no frame gizmo, no selection glow
    void setHandlesSuppressed(bool on);
    bool handlesShown(int track) const; // are the handles of this track drawn (and pickable)?
    // Frame gizmo (T red, wN green, wB blue arrows) at (track, s); track < 0 hides it.
    void setGizmo(int track, double s);
    bool gizmoShown() const { return m_gizmo->getNodeMask() != 0; }

    // A marker (a red pin) at a world point, e.g. where a derailment happened; NaN hides it.
    void setEventMarker(const Vec3& world);

    // Validation of the shown layout (connection markers are green / orange / red by its severity).
    const ValidationReport& validation() const { return m_validation; }
    void setMarkersVisible(bool on) { m_markers->setNodeMask(on ? ~0u : 0u); }
    // The layout's drive sections (chain lifts, boosters; render/track/DriveSections.h), one child each.
    const osg::Group* driveSections() const { return m_drives.get(); }
    // The layout's signals (render/track/SignalNodes.h), rebuilt when they or a track they stand on change
    // (every lamp unlit then). Lamp k shows aspects[k] (Layout::signalList() order; SignalLamp's values:
    // 0 stop, 1 caution, 2 clear); any other value, and every signal beyond the vector, is unlit -- an empty
    // vector when no run is shown. Cheap every frame: only the lamps whose aspect changed are recoloured.
    void setSignalAspects(const std::vector<int>& aspects) { m_signals.setLamps(aspects); }
    // The signal selected in the editor carries a marker ("": none), kept by its id when signals are rebuilt.
    void setSelectedSignal(const std::string& id) { m_signals.setSelected(id); }
    const SignalNodes& signalNodes() const { return m_signals; }

    // Pick under window coordinates (OSG convention: origin bottom-left, pixels). Handles win over tracks.
    PickHit pick(osgViewer::View& view, double x, double y) const;
    // Bound of the tracks only (not the ground), for framing the camera.
    osg::BoundingSphere tracksBound() const;
    // World position of a handle (for tests and tools).
    Vec3 handlePosition(int track, int point) const;

private:
    struct TrackNodes {
        TrackSpec spec;                          // what the mesh was built from
        Pose placement = Pose::Identity();       // compiled placement it was built at
        osg::ref_ptr<osg::MatrixTransform> body; // body pose
        osg::ref_ptr<osg::Group> mesh;
        osg::ref_ptr<osg::Group> handles;
        bool draft = false; // drawn as the plain ribbon (setLayout's draft)
    };
    void buildTrack(std::size_t i, bool draft = false);
    void rebuildHandles(std::size_t i);
    void rebuildMarkers(const ValidationReport* given); // given: the caller's joint checks, else made here
    void rebuildDrives();
    void rebuildSignals();
    void updateHighlight();
    void updateHandleSwitch();
    void fitGround();                           // ground and grid sized to the tracks
    bool takeBankUnit(OverlayOptions& o) const; // the layout's bank unit into o; true if it changed

    std::shared_ptr<const Layout> m_layout;
    TrackStyle m_style;
    bool m_styleOverridden = false;
    double m_totalLength = 0.0; // of all tracks [m]: meshes within TrackStyle::withinBudget
    OverlayOptions m_overlay;
    std::function<void(const OverlayOptions&)> m_overlayObserver;
    osg::ref_ptr<osg::Group> m_root;
    osg::ref_ptr<osg::Group> m_environment;
    osg::ref_ptr<osg::Node> m_ground;
    EnvironmentOptions m_groundOptions;
    osg::ref_ptr<osg::Group> m_tracks;
    osg::ref_ptr<osg::Switch> m_handleSwitch;
    osg::ref_ptr<osg::Group> m_markers;
    osg::ref_ptr<osg::Group> m_drives;
    osg::ref_ptr<osg::MatrixTransform> m_gizmo;
    osg::ref_ptr<osg::MatrixTransform> m_eventMarker;
    std::vector<TrackNodes> m_nodes;
    std::map<std::string, Pose> m_bodyPoses; // the moving bodies as the simulation shows them
    osg::ref_ptr<osg::Group> m_bodyBoxes;    // setBodyBoxes
    std::map<std::string, osg::ref_ptr<osg::MatrixTransform>> m_bodyBoxNodes;
    std::map<std::string, Vec3> m_bodyBoxSizes;
    void placeBodyBoxes();
    ValidationReport m_validation;
    std::vector<DriveSpec> m_drivesShown; // what rebuildDrives drew
    std::vector<BufferStopSpec> m_stopsShown;
    SignalNodes m_signals;
    std::vector<SignalSpec> m_signalsShown; // what rebuildSignals drew

    std::map<const osg::Node*, std::pair<int, int>> m_handleIds; // handle node -> (track, point)
    int m_selTrack = -1, m_selPoint = -1;
    bool m_handlesOn = true, m_handlesSuppressed = false;
    bool m_gizmoOn = false;      // setGizmo placed it (shown unless suppressed)
    double m_handleRadius = 7.0; // [pixels on screen]
};

} // namespace tl::render
