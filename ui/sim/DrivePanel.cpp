#include "ui/sim/DrivePanel.h"

#include "physics/Train.h"
#include "ui/Units.h"
#include "ui/sim/SimulationController.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QSlider>

namespace tl::ui {

DrivePanel::DrivePanel(SimulationController* sim, QWidget* parent) : QWidget(parent), m_sim(sim) {
    auto* form = new QFormLayout(this);
    m_train = new QComboBox(this);
    m_train->setObjectName("driveTrain");
    form->addRow(tr("Train"), m_train);
    auto slider = [this](const char* name) {
        auto* s = new QSlider(Qt::Horizontal, this);
        s->setObjectName(name);
        s->setRange(0, 100);
        s->setPageStep(10);
        s->setTickPosition(QSlider::TicksBelow);
        s->setTickInterval(10);
        s->setMinimumWidth(160);
        return s;
    };
    m_throttle = slider("throttle");
    m_throttleValue = new QLabel("0 %", this);
    auto* throttleRow = new QHBoxLayout;
    throttleRow->addWidget(m_throttle, 1);
    throttleRow->addWidget(m_throttleValue);
    form->addRow(tr("Throttle (Q/A)"), throttleRow);
    m_brake = slider("brake");
    m_brakeValue = new QLabel("0 %", this);
    auto* brakeRow = new QHBoxLayout;
    brakeRow->addWidget(m_brake, 1);
    brakeRow->addWidget(m_brakeValue);
    form->addRow(tr("Brake (W/S)"), brakeRow);
    m_direction = new QComboBox(this);
    m_direction->addItems({tr("forward"), tr("reverse")});
    form->addRow(tr("Direction"), m_direction);
    m_speed = new QLabel(this);
    m_speed->setObjectName("driveSpeed");
    QFont big = m_speed->font();
    big.setPointSizeF(big.pointSizeF() * 1.6);
    big.setBold(true);
    m_speed->setFont(big);
    form->addRow(tr("Speed"), m_speed);
    m_place = new QLabel(this);
    form->addRow(tr("Head at"), m_place);

    connect(m_throttle, &QSlider::valueChanged, this, [this](int v) {
        m_throttleValue->setText(QString("%1 %").arg(v));
        if (!m_updating) m_sim->setThrottle(train(), v / 100.0);
    });
    connect(m_brake, &QSlider::valueChanged, this, [this](int v) {
        m_brakeValue->setText(QString("%1 %").arg(v));
        if (!m_updating) m_sim->setBrake(train(), v / 100.0);
    });
    connect(m_direction, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (!m_updating) m_sim->setDirection(train(), i == 0 ? +1 : -1);
    });
    connect(m_train, &QComboBox::currentIndexChanged, this, &DrivePanel::refresh);
    connect(sim, &SimulationController::simulationReset, this, &DrivePanel::rebuild);
    connect(sim, &SimulationController::advanced, this, &DrivePanel::refresh);
    rebuild();
}

int DrivePanel::train() const {
    return m_train->currentIndex();
}

void DrivePanel::rebuild() {
    m_updating = true;
    m_train->clear();
    if (const Simulation* s = m_sim->simulation())
        for (int t = 0; t < s->trainCount(); ++t)
            m_train->addItem(QString::fromStdString(s->train(t).spec.id));
    setEnabled(m_train->count() > 0);
    m_updating = false;
    refresh();
}

void DrivePanel::refresh() {
    const Simulation* s = m_sim->shown();
    const int t = train();
    if (!s || t < 0 || t >= s->trainCount()) {
        m_speed->setText(tr("no train"));
        m_place->clear();
        return;
    }
    const Train& tr_ = s->train(t);
    m_updating = true;
    m_throttle->setValue(int(std::lround(tr_.drive.throttle * 100)));
    m_brake->setValue(int(std::lround(tr_.drive.brake * 100)));
    m_direction->setCurrentIndex(tr_.drive.direction >= 0 ? 0 : 1);
    m_updating = false;
    const Units& u = Units::instance();
    m_speed->setText(QString("%1 %2").arg(s->trainSpeed(t) * u.speedScale(), 0, 'f', 1).arg(u.speedSuffix()));
    const Bogie& head = tr_.cars.front().bogies.front();
    const bool derailed =
        std::any_of(tr_.cars.begin(), tr_.cars.end(), [](const Car& c) { return c.derailed; });
    m_place->setText(
        derailed ? tr("<b style='color:#c00'>derailed</b>")
                 : tr("%1, s = %2 m")
                       .arg(QString::fromStdString(s->layout().track(std::size_t(head.position.track)).id()))
                       .arg(head.position.s, 0, 'f', 1));
}

void DrivePanel::nudgeThrottle(int percent) {
    m_throttle->setValue(m_throttle->value() + percent);
}
void DrivePanel::nudgeBrake(int percent) {
    m_brake->setValue(m_brake->value() + percent);
}

} // namespace tl::ui
