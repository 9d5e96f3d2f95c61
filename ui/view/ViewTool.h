#pragma once
// Something that handles mouse input in the 3D view before the camera manipulator does (editing tools).
class QMouseEvent;

namespace tl::ui {

class ViewTool {
public:
    virtual ~ViewTool() = default;
    // Return true to consume the event (the camera does not see it).
    virtual bool mousePress(QMouseEvent* e) = 0;
    virtual bool mouseMove(QMouseEvent* e) = 0;
    virtual bool mouseRelease(QMouseEvent* e) = 0;
    virtual bool mouseDoubleClick(QMouseEvent*) { return false; }
};

} // namespace tl::ui
