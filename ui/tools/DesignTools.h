#pragma once
// The track tools: a palette (tool bar with icons and shortcuts) and a parameter panel for placing the
// first track, appending pieces at the selected free end (straight, arcs, transition, slope, helix,
// spline by clicked points), joining two free ends, and deleting / splitting / renaming / re-typing a
// track or putting a switch into it; clicking a switch's points toggles it in the layout, or during a run
// throws it in the run (ui/sim/RunClicks.h, which also sets routes from a click on their entry signal). The
// signal tool (ui/tools/SignalTool.h) places, selects, moves and deletes signals. Pieces are previewed live
// in the 3D view before they are committed; while placing, typed numbers ("300" Enter) set the piece's main
// value (length, radius, grade) and commit it. Every operation is one undo step named after what it did
// (ApplyDesignEdit). Mouse events the tools do not use go to the EditController (selection, dragging).
// One class, one file per concept: DesignTools.cpp (palette, modes, undo push), DesignOperations.cpp,
// DesignInput.cpp (picking, clicks, typed values), DesignPreview.cpp.
#include "core/design/AppendPiece.h"
#include "ui/view/ViewTool.h"

#include <QObject>
#include <QPointF>
#include <QString>

#include <osg/Group>
#include <osg/ref_ptr>

#include <optional>
#include <vector>

class QAction;
class QComboBox;
class QDoubleSpinBox;
class QToolBar;
class QWidget;
class QMainWindow;
class QKeyEvent;

namespace tl::render {
class LayoutScene;
}

namespace tl::ui {

class Document;
class EditController;
class OsgViewWidget;
class RunClicks;
class SignalTool;

class DesignTools : public QObject, public ViewTool {
    Q_OBJECT
public:
    enum class Mode { Select, PlaceFirst, Append, Join, Signal };

    DesignTools(Document* doc, render::LayoutScene* scene, OsgViewWidget* view, EditController* editor,
                QMainWindow* window);
    ~DesignTools() override;

    QToolBar* toolBar() const { return m_toolBar; }
    QWidget* panel() const { return m_panel; }
    // "straight", "arc-left", ..., "join", "signal", "delete", ...
    QAction* action(const QString& name) const;
    SignalTool* signalTool() const { return m_signalTool; } // Mode::Signal's mouse goes there
    // Clicks during a run (a switch's points, a route's entry signal) go there first in the Select mode.
    void setRunClicks(RunClicks* clicks) { m_runClicks = clicks; }

    Mode mode() const { return m_mode; }
    design::PieceKind pieceKind() const { return m_kind; }
    void setMode(Mode mode, design::PieceKind kind = design::PieceKind::Straight);

    // The piece the panel describes, and the free end it would be appended to (the selected track's end
    // if free, else its start).
    design::PieceSpec currentPiece() const;
    std::optional<EndRef> currentEnd() const;
    QString typed() const { return m_typed; } // numbers typed so far while placing
    int previewPointCount() const { return m_previewPoints; }

    // Operations (one undo step each); false with lastError() when they cannot be done.
    bool commitPiece();
    bool joinToNearestFreeEnd();
    bool joinEnds(const EndRef& a, const EndRef& b);
    bool deleteSelectedTrack();
    bool splitSelectedTrack();          // at the last clicked place on it (else its middle)
    bool insertSwitchOnSelectedTrack(); // at the last clicked place on it
    // A buffer stop added to / deleted from the selected track's end nearer the last clicked place on it.
    bool bufferStopOnSelectedTrack(bool add);
    bool renameSelectedTrack(const QString& newId);
    bool changeSelectedTrackType(const QString& type);
    bool toggleSwitch(const QString& id);
    bool addTrainOnSelectedTrack(); // a locomotive and a coach at 15 m/s, head at the last clicked place
    QString lastError() const { return m_error; }

    // Parameter fields (tests and numeric entry set them).
    QDoubleSpinBox* field(const QString& name) const; // "length", "radius", "angle", "leadIn", "grade",
                                                      // "verticalRadius", "pitch", "turns", "joinRadius",
                                                      // "switchRadius", "switchAngle"
    void setLeft(bool left);

    bool mousePress(QMouseEvent* e) override;
    bool mouseMove(QMouseEvent* e) override;
    bool mouseRelease(QMouseEvent* e) override;
    bool mouseDoubleClick(QMouseEvent* e) override;

signals:
    void status(const QString& message);
    void modeChanged();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void createActions(QMainWindow* window);
    void createPanel();
    bool keyPress(QKeyEvent* e);
    bool push(const LayoutSpec& after, const std::string& description, int select = -1);
    bool fail(const QString& message);
    void updatePreview();
    void showPolyline(const std::vector<Vec3>& points);
    std::optional<Vec3> groundPoint(const QPointF& pos) const; // on z = 0 (or the end's height)
    std::optional<EndRef> freeEndNear(const QPointF& pos, double pixels) const;
    void applyTyped();

    Document* m_doc;
    render::LayoutScene* m_scene;
    OsgViewWidget* m_view;
    EditController* m_editor;
    SignalTool* m_signalTool = nullptr;
    RunClicks* m_runClicks = nullptr;
    QToolBar* m_toolBar = nullptr;
    QWidget* m_panel = nullptr;
    QComboBox* m_side = nullptr;
    std::vector<std::pair<QString, QAction*>> m_actions;
    std::vector<std::pair<QString, QDoubleSpinBox*>> m_fields;
    osg::ref_ptr<osg::Group> m_preview; // the piece under construction (a line strip)

    Mode m_mode = Mode::Select;
    design::PieceKind m_kind = design::PieceKind::Straight;
    QString m_typed;                   // numeric entry buffer
    std::optional<Vec3> m_firstStart;  // PlaceFirst: the clicked start point (world)
    Vec3 m_mouseGround = Vec3::Zero(); // last mouse point on the ground
    bool m_mouseOnGround = false;
    std::vector<Vec3> m_splinePoints;  // Append spline: clicked points (world)
    std::optional<EndRef> m_joinFirst; // Join: the first end picked
    QPointF m_pressPos;
    bool m_pressed = false;
    int m_lastClickTrack = -1;
    double m_lastClickS = -1.0;
    int m_previewPoints = 0;
    QString m_error;
};

} // namespace tl::ui
