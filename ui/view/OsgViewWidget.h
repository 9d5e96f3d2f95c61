#pragma once
// The 3D view: an osgViewer::Viewer rendering into a QOpenGLWidget through GraphicsWindowEmbedded.
// Qt owns the GL context; OSG renders single-threaded inside paintGL() (docs/architecture.md, "Stack
// pitfalls").
#include <QOpenGLWidget>
#include <QPointF>
#include <QString>

#include <utility>

#include <osg/ref_ptr>
#include <osgGA/OrbitManipulator>
#include <osgViewer/GraphicsWindow>
#include <osgViewer/Viewer>

namespace tl::ui {

class ViewTool;

class OsgViewWidget : public QOpenGLWidget {
    Q_OBJECT
public:
    explicit OsgViewWidget(QWidget* parent = nullptr);
    ~OsgViewWidget() override;

    void setSceneData(osg::Node* node);
    osgViewer::Viewer* viewer() const { return m_viewer.get(); }
    osgGA::OrbitManipulator* manipulator() const { return m_manipulator.get(); }

    // Camera presets: fit the scene's bounding sphere; look straight down; look from the side (-y).
    void viewHome();
    void viewTop();
    void viewSide();

    // The active editing tool sees mouse events first (nullptr: the camera gets them all).
    void setTool(ViewTool* tool) { m_tool = tool; }
    // A ray through widget pixel (x, y) (Qt coordinates) in world coordinates: near and far points.
    std::pair<osg::Vec3d, osg::Vec3d> rayThrough(double x, double y) const;
    // The OSG window coordinates (origin bottom-left, device pixels) of a widget position.
    osg::Vec2d toOsgWindow(double x, double y) const;
    // The widget position (Qt coordinates) at which a world point appears.
    QPointF project(const osg::Vec3d& world) const;

    int framesRendered() const { return m_frames; }
    QString glInfo() const { return m_glInfo; } // vendor | renderer | version, after the first frame

signals:
    void frameRendered();

protected:
    void initializeGL() override;
    void resizeGL(int w, int h) override;
    void paintGL() override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void mouseDoubleClickEvent(QMouseEvent* e) override;
    void wheelEvent(QWheelEvent* e) override;
    void keyPressEvent(QKeyEvent* e) override;
    void keyReleaseEvent(QKeyEvent* e) override;

private:
    osgGA::EventQueue* queue() const { return m_window->getEventQueue(); }
    void setOsgModifiers(Qt::KeyboardModifiers m);
    void lookAlong(const osg::Vec3d& direction, const osg::Vec3d& up);

    osg::ref_ptr<osgViewer::Viewer> m_viewer;
    osg::ref_ptr<osgViewer::GraphicsWindowEmbedded> m_window;
    osg::ref_ptr<osgGA::OrbitManipulator> m_manipulator;
    ViewTool* m_tool = nullptr;
    int m_frames = 0;
    QString m_glInfo;
};

} // namespace tl::ui
