#pragma once
// Editing in the 3D view: pick tracks and control points, drag points in the ground plane (Shift: the
// vertical plane facing the camera; an axis lock restricts to X, Y or Z; Ctrl snaps to the grid), insert
// a point on a track (double-click), delete a point, extend a track from a free end, connect two ends.
// Every change is an undo command on the document.
#include "core/geometry/Frame.h"
#include "ui/view/ViewTool.h"

#include <QObject>
#include <QPointF>

#include <optional>

namespace tl::render {
class LayoutScene;
class VehicleNodes;
} // namespace tl::render

namespace tl::ui {

class Document;
class OsgViewWidget;

class EditController : public QObject, public ViewTool {
    Q_OBJECT
public:
    enum class AxisLock { None, X, Y, Z };

    EditController(Document* doc, render::LayoutScene* scene, OsgViewWidget* view, QObject* parent = nullptr);

    int selectedTrack() const { return m_track; }
    int selectedPoint() const { return m_point; } // -1: the track as a whole
    void select(int track, int point = -1);

    void setVehicles(render::VehicleNodes* vehicles) { m_vehicles = vehicles; } // clicks on them pick a bogie
    void setAxisLock(AxisLock lock) { m_axis = lock; }
    AxisLock axisLock() const { return m_axis; }
    void setGridStep(double metres) { m_grid = metres; }
    double gridStep() const { return m_grid; }

    bool mousePress(QMouseEvent* e) override;
    bool mouseMove(QMouseEvent* e) override;
    bool mouseRelease(QMouseEvent* e) override;
    bool mouseDoubleClick(QMouseEvent* e) override; // on a spline track: insert a control point there

    // Edit actions (each one undo step). They return false, with a reason in lastError(), when the
    // selection does not allow them.
    bool deleteSelectedPoint();
    bool insertPointAt(int track, const Vec3& world);
    bool extendFromFreeEnd(double length = 50.0);
    bool connectNearestFreeEnds(double maxGap = 5.0);
    QString lastError() const { return m_error; }
    // Arc length on `track` nearest to a world point [m] (coarse scan + golden-section refinement).
    double nearestArcLength(int track, const Vec3& world) const;

signals:
    void selectionChanged(int track, int point);
    void status(const QString& message);
    void vehiclePartPicked(int part);       // a click on a vehicle box (index into the vehicle scene)
    void trackClicked(int track, double s); // a click on a track, at arc length s [m]

private:
    bool dragTo(const QPointF& pos, Qt::KeyboardModifiers mods);
    // The point under widget position `pos` on the drag plane through the handle (ground plane, or the
    // vertical plane facing the camera with Shift / the Z lock).
    std::optional<Vec3> planePoint(const QPointF& pos, Qt::KeyboardModifiers mods) const;
    Pose trackToWorld(int track) const; // curve-local -> world

    Document* m_doc;
    render::LayoutScene* m_scene;
    render::VehicleNodes* m_vehicles = nullptr;
    OsgViewWidget* m_view;
    int m_track = -1, m_point = -1;
    static constexpr double kDragThresholdPx = 4.0; // a press-release moving less only selects
    bool m_armed = false;                           // pressed on a handle: a drag may follow
    bool m_dragging = false;          // the mouse moved past the threshold: the handle follows it
    QPointF m_pressPos;               // where the press was (widget coordinates)
    Vec3 m_grabOffset = Vec3::Zero(); // handle minus the plane point under the mouse at the press [m]
    bool m_dragStart = false;         // dragging the track's start (placement) rather than a point
    Vec3 m_dragOrigin = Vec3::Zero(); // world position of the handle when the drag began
    AxisLock m_axis = AxisLock::None;
    double m_grid = 1.0; // snap step [m]
    QString m_error;
};

} // namespace tl::ui
