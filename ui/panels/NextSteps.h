#pragma once
// What the notes panel's three next steps do in the main window: drive (run, ride along with the first
// train), edit (select a track with control points and frame it), inspect a derailment (full throttle,
// as fast as possible, until the first derailment; then the event is inspected).
#include "ui/window/MainDocks.h"

#include <QObject>

namespace tl::ui {

class MainWindow;

class NextSteps : public QObject {
    Q_OBJECT
public:
    explicit NextSteps(MainWindow* window);
    // Longest simulated time the derailment step drives before it gives up [s].
    static constexpr double derailmentSearchSeconds = 600.0;

public slots:
    void drive();
    void edit();
    void inspectDerailment();

private:
    void showDock(MainDocks::Dock which);
    MainWindow* m_window;
    QMetaObject::Connection m_waitDerail, m_waitTime;
};

} // namespace tl::ui
