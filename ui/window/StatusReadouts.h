#pragma once
// The main window's status bar readouts: the joint checks' summary and the simulation clock as permanent
// labels (the clock marked while the run is stale, the layout being edited, or replayed), and as messages
// what a clicked track does there, the layout's compile error or how many tracks it rebuilt, and each
// derailment and collision as it happens. The rest of the window's parts post their own messages.
#include <QObject>
#include <QString>

#include <functional>

class QLabel;
class QStatusBar;

namespace tl::ui {

class Document;
class EditController;
class SimulationController;

class StatusReadouts : public QObject {
    Q_OBJECT
public:
    // The labels go into `bar` (the joints' summary first, then the clock).
    StatusReadouts(QStatusBar* bar, Document* doc, EditController* editor, SimulationController* sim);

    // After the scene took a change of the layout: the compile error, or how many tracks it rebuilt (not
    // during a drag, `interim`: then the editor says where the point is), and the joints' summary.
    void showLayout(int rebuilt, bool interim);
    void showTime(); // the shown run's time: live, replayed or stale
    // What else a clicked track's readout says at (track, s) (the estimate the track is coloured by), or
    // empty.
    void setTrackNote(std::function<QString(int track, double s)> note) { m_note = std::move(note); }

private:
    void showTrackAt(int track, double s); // a clicked track: radius, bank and grade at s

    QStatusBar* m_bar;
    Document* m_doc;
    SimulationController* m_sim;
    QLabel* m_validation = nullptr;
    QLabel* m_time = nullptr;
    std::function<QString(int, double)> m_note;
};

} // namespace tl::ui
