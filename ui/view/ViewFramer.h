#pragma once
// Frames a set of world points in the 3D view: looks at their box's centre from a raised three-quarter
// direction at the distance that just fits every point into the viewport (with a margin). While the user
// has not moved the camera since, a resize of the view (a dock opening) frames them again.
#include <QObject>

#include <osg/Matrixd>
#include <osg/Vec3d>

#include <vector>

namespace tl::ui {

class OsgViewWidget;

class ViewFramer : public QObject {
    Q_OBJECT
public:
    explicit ViewFramer(OsgViewWidget* view);

    // Frame these points (world); an empty set shows the scene's home view.
    void frame(const std::vector<osg::Vec3d>& points);
    // The distance at which all points fit, looking at `centre` along `forward` (unit) with fovy [deg] and
    // aspect (width / height), keeping `margin` (0.1: 10 %) of the half-extents free.
    static double fitDistance(const std::vector<osg::Vec3d>& points, const osg::Vec3d& centre,
                              const osg::Vec3d& forward, double fovy, double aspect, double margin = 0.08);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void apply();

    OsgViewWidget* m_view;
    std::vector<osg::Vec3d> m_points;
    osg::Matrixd m_framed; // the camera matrix the last framing set (a change means the user moved it)
    bool m_active = false; // the last framing still holds
};

} // namespace tl::ui
