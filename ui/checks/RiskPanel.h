#pragma once
// "Derailment risk" in the Checks dock: a derailment-risk map of one train (physics/run/RiskMap.h;
// docs/batch.md) made in the background on every core -- its initial speed drawn from a normal distribution
// and, if asked, its wheel-rail friction from a uniform one, or every input from an uncertainty file -- with
// a progress bar, the runs per second and the time left, and Cancel. The map fills in as runs finish: the
// riskiest places in a table (a click flies there) and, on View > Track Colour > By Derailment Risk, the
// probability of derailing painted on the track with its legend. An edit of the layout ends the map (it
// would describe another layout).
#include "physics/run/RiskMap.h"

#include <QWidget>

#include <functional>
#include <memory>
#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace tl::render {
class LayoutScene;
}

namespace tl::ui {

class Document;
class OsgViewWidget;

class RiskPanel : public QWidget {
    Q_OBJECT
public:
    // flyTo(track, s): select the track and fly the camera there (the Checks dock's).
    RiskPanel(Document* doc, render::LayoutScene* scene, OsgViewWidget* view,
              std::function<void(int, double)> flyTo, QWidget* parent = nullptr);
    ~RiskPanel() override;

    void start();       // map the chosen train's risk (a map running is cancelled first)
    void cancel();      // stop after the runs under way; the runs made stay on the map
    void showOnTrack(); // View > Track Colour > By Derailment Risk (grey until a run reaches a place)
    void selectPlace(int row);
    bool openUncertainty(const QString& path); // use this file's distributions instead of the fields

    bool running() const { return m_running; }
    const std::optional<RiskResult>& result() const { return m_result; }
    int runsDone() const { return m_done; }
    QString statusText() const;

    QComboBox* trainBox() const { return m_train; }
    QSpinBox* runsBox() const { return m_runs; }
    QSpinBox* seedBox() const { return m_seed; }
    QDoubleSpinBox* durationBox() const { return m_duration; }
    QDoubleSpinBox* speedMeanBox() const { return m_speedMean; }
    QDoubleSpinBox* speedSdBox() const { return m_speedSd; }
    QCheckBox* frictionBox() const { return m_friction; }
    QPushButton* mapButton() const { return m_map; }
    QPushButton* cancelButton() const { return m_cancel; }
    QProgressBar* progressBar() const { return m_progress; }
    QTableWidget* placeTable() const { return m_places; }

signals:
    void shownOnTrack(); // the track shows the risk colours (the Checks dock turns its own off)
    void progressed();   // more runs are on the map
    void finished();     // the map is complete or cancelled

private:
    void updateTrains();
    void fillSpeedFromTrain();
    void take(const RiskResult& r, int done, double seconds, bool last);
    void showPlaces();
    void paint(); // the overlay, if it is the risk colour
    void stopRun();
    std::optional<Uncertainty> uncertainty(QString* error) const;

    Document* m_doc;
    render::LayoutScene* m_scene;
    OsgViewWidget* m_view;
    std::function<void(int, double)> m_flyTo;
    QComboBox* m_train = nullptr;
    QSpinBox* m_runs = nullptr;
    QSpinBox* m_seed = nullptr;
    QDoubleSpinBox* m_duration = nullptr;
    QDoubleSpinBox* m_speedMean = nullptr;
    QDoubleSpinBox* m_speedSd = nullptr;
    QCheckBox* m_friction = nullptr;
    QDoubleSpinBox* m_frictionMin = nullptr;
    QDoubleSpinBox* m_frictionMax = nullptr;
    QPushButton* m_file = nullptr;
    QPushButton* m_map = nullptr;
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_rate = nullptr;
    QLabel* m_status = nullptr;
    QTableWidget* m_places = nullptr;
    QString m_uncertaintyFile; // "" = the fields
    std::optional<RiskResult> m_result;
    std::shared_ptr<const Layout> m_mapped; // the layout the map is of
    std::vector<int> m_rows;                // places of m_result shown in the table, in row order
    QString m_trainId;
    int m_generation = 0; // bumps with every start and edit: late results of an older map are dropped
    int m_done = 0;
    bool m_running = false;
    bool m_cancelled = false;
};

} // namespace tl::ui
