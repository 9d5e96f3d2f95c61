#pragma once
// Keeps the 3D view's train markers (render::TrainMarkers: a disc with the train's id and speed, shown while
// the train is too small on screen to see) in step with the shown simulation state and the chosen units.
#include <QObject>

#include <memory>

namespace osg {
class Group;
}
namespace tl::render {
class TrainMarkers;
}

namespace tl::ui {

class SimulationController;

class TrainLabels : public QObject {
    Q_OBJECT
public:
    // Adds the markers' node under `sceneRoot`.
    TrainLabels(SimulationController* sim, osg::Group* sceneRoot, QObject* parent = nullptr);
    ~TrainLabels() override;
    render::TrainMarkers& markers() const { return *m_markers; }

public slots:
    void rebuild(); // trains changed (a new simulation)
    void refresh(); // positions and speeds of the shown state

private:
    SimulationController* m_sim;
    std::unique_ptr<render::TrainMarkers> m_markers;
};

} // namespace tl::ui
