#pragma once
// The signal tool of the Track tools palette (Track > Signal, Alt+9; docs/user-guide.md, "Signals"): a click
// on a track places a block signal there (at the clicked arc length, governing travel along increasing s, id
// "S1", "S2", ... the first free); a click on a signal selects it (a yellow marker above its head, its fields
// in the Properties dock: ui/panels/PropertySignal.cpp); a selected signal is dragged along its track (the
// whole drag one undo step, a gesture as a track's start handle is: ui/edit/EditController.h) and Delete
// removes it (ui/window/MainMenus.cpp). Every change is one undo step of core/design/SignalOps.h or a
// SpecPatch (EditLayout). A change the layout refuses (Layout::compile: a signal alone on its circuit, two at
// one place) stays in the file like a Properties edit, the view keeps the last good layout and the status bar
// says why (a second signal often makes the first one valid). DesignTools hands this tool the 3D view's mouse
// while it is the active mode.
#include "ui/view/ViewTool.h"

#include <QObject>
#include <QPointF>
#include <QString>

namespace tl {
struct LayoutSpec;
}

namespace tl::render {
class LayoutScene;
}

namespace tl::ui {

class Document;
class EditController;
class OsgViewWidget;

class SignalTool : public QObject, public ViewTool {
    Q_OBJECT
public:
    SignalTool(Document* doc, render::LayoutScene* scene, OsgViewWidget* view, EditController* editor,
               QObject* parent = nullptr);

    // The selected signal: its index in the document's spec().signalSpecs, -1 for none. Selecting one takes
    // the selection off the tracks.
    int selected() const { return m_selected; }
    void select(int signal);

    // Operations, one undo step each; false with lastError() when they cannot be done.
    bool placeAt(int track, double s); // track: index in the document's layout; s [m]
    bool deleteSelected();
    QString lastError() const { return m_error; }

    bool mousePress(QMouseEvent* e) override;
    bool mouseMove(QMouseEvent* e) override;
    bool mouseRelease(QMouseEvent* e) override;

signals:
    void selectionChanged(int signal); // selected()
    void status(const QString& message);

private:
    int signalUnder(const QPointF& pos) const; // the spec index of the drawn signal there, -1
    void push(const LayoutSpec& after, const QString& text, const QString& mergeKey = {});
    bool fail(const QString& message);
    void showSelection();

    Document* m_doc;
    render::LayoutScene* m_scene;
    OsgViewWidget* m_view;
    EditController* m_editor;
    int m_selected = -1;
    QPointF m_pressPos;
    bool m_pressed = false;  // pressed off a signal: a click places one on release
    bool m_armed = false;    // pressed on the selected signal: a drag may follow
    bool m_dragging = false; // it moved past the threshold: the signal follows the mouse along its track
    int m_dragTrack = -1;    // the dragged signal's track (index in the document's layout)
    double m_grabOffset = 0; // its s minus the s under the mouse when the drag began [m]
    int m_drags = 0;         // drags so far (each drag is its own undo step)
    QString m_error;
};

} // namespace tl::ui
