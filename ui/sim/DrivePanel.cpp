#include "ui/sim/DrivePanel.h"

#include "ui/Units.h"
#include "ui/sim/SimulationController.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QSlider>

#include <cmath>

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
    m_notches = new QCheckBox(tr("Notches (P1–P%1, B1–B%1)").arg(kNotches), this);
    m_notches->setObjectName("notches");
    m_notches->setChecked(true);
    m_notches->setToolTip(tr("The throttle and brake snap to notches; Q/A and W/S step one notch"));
    form->addRow(QString(), m_notches);
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

    const int notch = 100 / kNotches;
    auto snap = [this, notch](QSlider* s, int v) { // notched: the nearest notch
        const int snapped = notched() ? int(std::lround(double(v) / notch)) * notch : v;
        if (snapped == v) return false;
        s->setValue(snapped);
        return true;
    };
    auto label = [this, notch](const char* prefix, int v) {
        return notched() && v % notch == 0 ? QString("%1%2").arg(v ? prefix : "").arg(v ? v / notch : 0)
                                           : QString("%1 %").arg(v);
    };
    connect(m_throttle, &QSlider::valueChanged, this, [this, snap, label](int v) {
        if (!m_updating && snap(m_throttle, v)) return;
        m_throttleValue->setText(label("P", v));
        if (!m_updating) m_sim->setThrottle(train(), v / 100.0);
    });
    connect(m_brake, &QSlider::valueChanged, this, [this, snap, label](int v) {
        if (!m_updating && snap(m_brake, v)) return;
        m_brakeValue->setText(label("B", v));
        if (!m_updating) m_sim->setBrake(train(), v / 100.0);
    });
    connect(m_notches, &QCheckBox::toggled, this, [this, notch](bool on) {
        for (QSlider* s : {m_throttle, m_brake}) {
            s->setSingleStep(on ? notch : 1);
            s->setPageStep(on ? notch : 10);
            s->setTickInterval(on ? notch : 10);
            if (on) s->setValue(int(std::lround(double(s->value()) / notch)) * notch);
        }
    });
    for (QSlider* s : {m_throttle, m_brake}) {
        s->setSingleStep(notch);
        s->setPageStep(notch);
        s->setTickInterval(notch);
    }
    connect(m_direction, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (!m_updating) m_sim->setDirection(train(), i == 0 ? +1 : -1);
    });
    connect(m_train, &QComboBox::currentIndexChanged, this, &DrivePanel::refresh);
    connect(sim, &SimulationController::simulationReset, this, &DrivePanel::rebuild);
    connect(sim, &SimulationController::trainsChanged, this, &DrivePanel::rebuild);
    connect(sim, &SimulationController::advanced, this, &DrivePanel::refresh);
    rebuild();
}

int DrivePanel::train() const {
    return m_train->currentIndex();
}

// The shown simulation's trains (coupling and uncoupling change them), the chosen one kept by its id.
void DrivePanel::rebuild() {
    m_updating = true;
    const QString chosen = m_train->currentText();
    m_train->clear();
    if (const Simulation* s = m_sim->shown())
        for (int t = 0; t < s->view().trainCount(); ++t)
            m_train->addItem(QString::fromStdString(s->view().trainInfo(t).id));
    if (const int i = m_train->findText(chosen); i >= 0) m_train->setCurrentIndex(i);
    setEnabled(m_train->count() > 0);
    m_updating = false;
    refresh();
}

void DrivePanel::refresh() {
    const Simulation* s = m_sim->shown();
    const int t = train();
    if (!s || t < 0 || t >= s->view().trainCount()) {
        m_speed->setText(tr("no train"));
        m_place->clear();
        return;
    }
    const DriveInputs drive = s->view().trainDrive(t);
    m_updating = true;
    m_throttle->setValue(int(std::lround(drive.throttle * 100)));
    m_brake->setValue(int(std::lround(drive.brake * 100)));
    m_direction->setCurrentIndex(drive.direction >= 0 ? 0 : 1);
    m_updating = false;
    const Units& u = Units::instance();
    m_speed->setText(
        QString("%1 %2").arg(s->view().trainSpeed(t) * u.speedScale(), 0, 'f', 1).arg(u.speedSuffix()));
    const RailedView head = s->view().bogieState(t, 0, 0);
    const bool derailed = s->view().trainDerailed(t);
    m_place->setText(
        derailed ? tr("<b style='color:#c00'>derailed</b>")
                 : tr("%1, s = %2 m")
                       .arg(QString::fromStdString(s->layout().track(std::size_t(head.position.track)).id()))
                       .arg(head.position.s, 0, 'f', 1));
}

bool DrivePanel::notched() const {
    return m_notches->isChecked();
}

namespace {
int stepped(int value, int percent, bool notched) { // one notch up or down from `value`, or by percent
    if (!notched) return value + percent;
    const int notch = 100 / DrivePanel::kNotches;
    const int below = value / notch * notch; // the notch at or below
    return percent > 0 ? below + notch : (below == value ? value - notch : below);
}
} // namespace

void DrivePanel::nudgeThrottle(int percent) {
    m_throttle->setValue(stepped(m_throttle->value(), percent, notched()));
}
void DrivePanel::nudgeBrake(int percent) {
    m_brake->setValue(stepped(m_brake->value(), percent, notched()));
}

} // namespace tl::ui
