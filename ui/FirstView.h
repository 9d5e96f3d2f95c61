#pragma once
// What the main window shows before anyone touches it: the layout framed in the 3D view, the trains
// marked (id and speed) while too small to see, edit handles only for the selected track and never while
// the camera rides a train, the layout's notes with three next steps, and docks that appear when they have
// something to show (the 3D view keeps most of the window). MainWindow owns one.
#include <QObject>

class QDockWidget;

namespace tl::ui {

class MainDocks;
class MainWindow;
class NextSteps;
class NotesPanel;
class TrainLabels;
class ViewFramer;

class FirstView : public QObject {
    Q_OBJECT
public:
    // Creates the notes dock, the train markers and the framer, and has `docks` arrange the docks for a
    // first start (call after the other docks exist and before restoreState()).
    FirstView(MainWindow* window, MainDocks* docks);

    void hideDocksWithoutContent();    // after restoreState(): twist, plot and events wait for content
    void frameAll();                   // frame the tracks (the scene's home view when there are none)
    void setRidingCamera(bool riding); // follow / cab views: no train markers, no edit handles
    NotesPanel* notes() const { return m_notes; }
    QDockWidget* notesDock() const { return m_notesDock; }
    TrainLabels* trainLabels() const { return m_labels; }
    NextSteps* nextSteps() const { return m_steps; }

private:
    void addMainToolBar();
    void showDocksWithContent();

    MainWindow* m_window;
    MainDocks* m_docks;
    NotesPanel* m_notes = nullptr;
    QDockWidget* m_notesDock = nullptr;
    TrainLabels* m_labels = nullptr;
    ViewFramer* m_framer = nullptr;
    NextSteps* m_steps = nullptr;
};

} // namespace tl::ui
