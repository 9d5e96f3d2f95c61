#include "ui/view/OsgViewWidget.h"

#include "ui/view/GlFormat.h"
#include "ui/view/ViewTool.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QWheelEvent>

#include <osg/ComputeBoundsVisitor>
#include <osgViewer/ViewerEventHandlers>

#include <algorithm>

namespace tl::ui {

namespace {
int osgButton(Qt::MouseButton b) {
    switch (b) {
    case Qt::LeftButton:
        return 1;
    case Qt::MiddleButton:
        return 2;
    case Qt::RightButton:
        return 3;
    default:
        return 0;
    }
}

int osgKey(const QKeyEvent* e) {
    using K = osgGA::GUIEventAdapter;
    switch (e->key()) {
    case Qt::Key_Left:
        return K::KEY_Left;
    case Qt::Key_Right:
        return K::KEY_Right;
    case Qt::Key_Up:
        return K::KEY_Up;
    case Qt::Key_Down:
        return K::KEY_Down;
    case Qt::Key_Space:
        return K::KEY_Space;
    case Qt::Key_Home:
        return K::KEY_Home;
    case Qt::Key_Shift:
        return K::KEY_Shift_L;
    case Qt::Key_Control:
        return K::KEY_Control_L;
    case Qt::Key_Alt:
        return K::KEY_Alt_L;
    default:
        break;
    }
    const QString t = e->text();
    return t.isEmpty() ? 0 : int(t.at(0).toLatin1());
}
} // namespace

OsgViewWidget::OsgViewWidget(QWidget* parent) : QOpenGLWidget(parent) {
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(320, 240);
    setFormat(viewFormat()); // antialiased; the window Qt composes into is not multisampled

    m_viewer = new osgViewer::Viewer;
    m_viewer->setThreadingModel(osgViewer::ViewerBase::SingleThreaded); // any other model renders black
    m_viewer->setKeyEventSetsDone(0);                                   // <Esc> must not end the viewer
    m_viewer->setQuitEventSetsDone(false);
    m_viewer->setReleaseContextAtEndOfFrameHint(false);

    const int w = std::max(1, width()), h = std::max(1, height());
    m_window = new osgViewer::GraphicsWindowEmbedded(0, 0, w, h);
    osg::Camera* cam = m_viewer->getCamera();
    cam->setGraphicsContext(m_window.get());
    cam->setViewport(0, 0, w, h);
    cam->setProjectionMatrixAsPerspective(40.0, double(w) / h, 0.5, 20000.0);
    cam->setClearColor(osg::Vec4(0.62f, 0.74f, 0.86f, 1.0f)); // sky
    cam->setClearMask(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    cam->setComputeNearFarMode(osg::CullSettings::COMPUTE_NEAR_FAR_USING_BOUNDING_VOLUMES);

    m_manipulator = new osgGA::OrbitManipulator;
    m_manipulator->setVerticalAxisFixed(true); // Z stays up while orbiting
    m_manipulator->setAllowThrow(false);
    m_manipulator->setWheelZoomFactor(-0.1); // wheel away from the user zooms in, as in most 3D tools
    m_viewer->setCameraManipulator(m_manipulator.get());
    m_viewer->addEventHandler(new osgViewer::StatsHandler); // 's' cycles OSG's frame statistics
    m_viewer->setLightingMode(osg::View::SKY_LIGHT);
}

OsgViewWidget::~OsgViewWidget() {
    // OSG deletes its GL objects when the viewer dies: the context must be current.
    makeCurrent();
    m_viewer = nullptr;
    m_window = nullptr;
    doneCurrent();
}

void OsgViewWidget::setSceneData(osg::Node* node) {
    m_viewer->setSceneData(node);
    viewHome();
}

void OsgViewWidget::viewHome() {
    m_manipulator->setHomePosition(osg::Vec3d(0, -1, 0), osg::Vec3d(0, 0, 0), osg::Vec3d(0, 0, 1));
    osg::Node* scene = m_viewer->getSceneData();
    if (scene) {
        const osg::BoundingSphere bs = scene->getBound();
        const double r = std::max(1.0, double(bs.radius()));
        const osg::Vec3d c = bs.center();
        m_manipulator->setHomePosition(c + osg::Vec3d(-0.9, -1.6, 1.1) * r, c, osg::Vec3d(0, 0, 1));
    }
    m_viewer->home();
    update();
}

void OsgViewWidget::lookAlong(const osg::Vec3d& direction, const osg::Vec3d& up) {
    osg::Node* scene = m_viewer->getSceneData();
    const osg::BoundingSphere bs = scene ? scene->getBound() : osg::BoundingSphere(osg::Vec3(), 10);
    const double r = std::max(1.0, double(bs.radius()));
    const osg::Vec3d c = bs.center();
    m_manipulator->setTransformation(c - direction * (2.2 * r), c, up);
    update();
}

void OsgViewWidget::viewTop() {
    lookAlong(osg::Vec3d(0, 0, -1), osg::Vec3d(0, 1, 0));
}
void OsgViewWidget::viewSide() {
    lookAlong(osg::Vec3d(0, 1, 0), osg::Vec3d(0, 0, 1));
}

void OsgViewWidget::initializeGL() {
    auto* ctx = QOpenGLContext::currentContext();
    auto* f = ctx->functions();
    const auto str = [f](GLenum e) {
        return QString::fromLatin1(reinterpret_cast<const char*>(f->glGetString(e)));
    };
    m_glInfo = str(GL_VENDOR) + " | " + str(GL_RENDERER) + " | " + str(GL_VERSION);
}

void OsgViewWidget::resizeGL(int w, int h) {
    const qreal dpr = devicePixelRatioF();
    const int pw = int(w * dpr), ph = int(h * dpr);
    queue()->windowResize(0, 0, pw, ph);
    m_window->resized(0, 0, pw, ph); // updates the camera viewport and the projection's aspect ratio
}

void OsgViewWidget::paintGL() {
    // QOpenGLWidget renders into its own FBO, whose id changes on resize: hand it to OSG every frame,
    // otherwise any render-to-texture camera re-binds FBO 0 and blanks the view.
    m_window->setDefaultFboId(defaultFramebufferObject());
    m_viewer->frame();
    ++m_frames;
    emit frameRendered();
}

void OsgViewWidget::setOsgModifiers(Qt::KeyboardModifiers m) {
    int mask = 0;
    if (m & Qt::ShiftModifier) mask |= osgGA::GUIEventAdapter::MODKEY_SHIFT;
    if (m & Qt::ControlModifier) mask |= osgGA::GUIEventAdapter::MODKEY_CTRL;
    if (m & Qt::AltModifier) mask |= osgGA::GUIEventAdapter::MODKEY_ALT;
    queue()->getCurrentEventState()->setModKeyMask(mask);
}

osg::Vec2d OsgViewWidget::toOsgWindow(double x, double y) const {
    const qreal dpr = devicePixelRatioF();
    return {x * dpr, (height() - y) * dpr};
}

std::pair<osg::Vec3d, osg::Vec3d> OsgViewWidget::rayThrough(double x, double y) const {
    const osg::Camera* cam = m_viewer->getCamera();
    const osg::Matrixd vpw =
        cam->getViewMatrix() * cam->getProjectionMatrix() * cam->getViewport()->computeWindowMatrix();
    const osg::Matrixd inv = osg::Matrixd::inverse(vpw);
    const osg::Vec2d w = toOsgWindow(x, y);
    return {osg::Vec3d(w.x(), w.y(), 0.0) * inv, osg::Vec3d(w.x(), w.y(), 1.0) * inv};
}

QPointF OsgViewWidget::project(const osg::Vec3d& world) const {
    const osg::Camera* cam = m_viewer->getCamera();
    const osg::Matrixd vpw =
        cam->getViewMatrix() * cam->getProjectionMatrix() * cam->getViewport()->computeWindowMatrix();
    const osg::Vec3d w = world * vpw;
    const qreal dpr = devicePixelRatioF();
    return {w.x() / dpr, height() - w.y() / dpr};
}

void OsgViewWidget::mousePressEvent(QMouseEvent* e) {
    if (m_tool && m_tool->mousePress(e)) {
        update();
        return;
    }
    const qreal dpr = devicePixelRatioF();
    setOsgModifiers(e->modifiers());
    queue()->mouseButtonPress(float(e->position().x() * dpr), float(e->position().y() * dpr),
                              osgButton(e->button()));
    update();
}

void OsgViewWidget::mouseReleaseEvent(QMouseEvent* e) {
    if (m_tool && m_tool->mouseRelease(e)) {
        update();
        return;
    }
    const qreal dpr = devicePixelRatioF();
    setOsgModifiers(e->modifiers());
    queue()->mouseButtonRelease(float(e->position().x() * dpr), float(e->position().y() * dpr),
                                osgButton(e->button()));
    update();
}

void OsgViewWidget::mouseDoubleClickEvent(QMouseEvent* e) {
    if (m_tool && m_tool->mouseDoubleClick(e)) {
        update();
        return;
    }
    const qreal dpr = devicePixelRatioF();
    queue()->mouseDoubleButtonPress(float(e->position().x() * dpr), float(e->position().y() * dpr),
                                    osgButton(e->button()));
    update();
}

void OsgViewWidget::mouseMoveEvent(QMouseEvent* e) {
    if (m_tool && m_tool->mouseMove(e)) {
        update();
        return;
    }
    const qreal dpr = devicePixelRatioF();
    setOsgModifiers(e->modifiers());
    queue()->mouseMotion(float(e->position().x() * dpr), float(e->position().y() * dpr));
    update();
}

void OsgViewWidget::wheelEvent(QWheelEvent* e) {
    queue()->mouseScroll(e->angleDelta().y() > 0 ? osgGA::GUIEventAdapter::SCROLL_UP
                                                 : osgGA::GUIEventAdapter::SCROLL_DOWN);
    update();
}

void OsgViewWidget::keyPressEvent(QKeyEvent* e) {
    if (const int k = osgKey(e)) queue()->keyPress(k);
    update();
}

void OsgViewWidget::keyReleaseEvent(QKeyEvent* e) {
    if (const int k = osgKey(e)) queue()->keyRelease(k);
    update();
}

} // namespace tl::ui
