#include "ui/checks/ChecksPanel.h"

#include "ui/checks/RiskPanel.h"
#include "ui/checks/TrainBox.h"

#include "core/layout/LayoutError.h"
#include "core/layout/LineSpeed.h"
#include "core/units/CantUnits.h"
#include "physics/run/CurveCriticalSpeed.h"
#include "physics/run/RunJobs.h"
#include "render/OsgConvert.h"
#include "render/scene/LayoutScene.h"
#include "render/scene/SpeedSigns.h"
#include "ui/document/Document.h"
#include "ui/edit/EditController.h"
#include "ui/view/CameraFlight.h"
#include "ui/view/OsgViewWidget.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QIcon>
#include <QLabel>
#include <QPixmap>
#include <QPushButton>
#include <QSettings>
#include <QTableWidget>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>

#include <atomic>
#include <cmath>

namespace tl::ui {

namespace {

const char* kUserProfiles = "checks/userProfiles";

// One colour per rule (by its index in the profile), cycling.
QColor ruleColour(int i) {
    static const QColor palette[] = {QColor(220, 30, 30),  QColor(245, 140, 0), QColor(200, 0, 200),
                                     QColor(30, 90, 230),  QColor(0, 170, 190), QColor(140, 70, 20),
                                     QColor(120, 40, 200), QColor(230, 200, 0)};
    return palette[std::size_t(i) % (sizeof palette / sizeof palette[0])];
}

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

QTableWidget* makeTable(const QStringList& headers, QWidget* parent) {
    auto* t = new QTableWidget(0, int(headers.size()), parent);
    t->setHorizontalHeaderLabels(headers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setSelectionMode(QAbstractItemView::SingleSelection);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->verticalHeader()->setVisible(false);
    t->horizontalHeader()->setStretchLastSection(true);
    t->setMinimumHeight(80);
    return t;
}

void setRow(QTableWidget* t, int row, const QStringList& cells, const QColor& mark = {}) {
    for (int c = 0; c < cells.size(); ++c) {
        auto* item = new QTableWidgetItem(cells[c]);
        if (c == 0 && mark.isValid()) {
            QPixmap px(10, 10);
            px.fill(mark);
            item->setIcon(QIcon(px));
        }
        t->setItem(row, c, item);
    }
}

} // namespace

ChecksPanel::ChecksPanel(Document* doc, render::LayoutScene* scene, OsgViewWidget* view,
                         EditController* editor, QWidget* parent)
    : QWidget(parent), m_doc(doc), m_scene(scene), m_view(view), m_editor(editor),
      m_signNodes(std::make_unique<render::SpeedSigns>()) {
    m_scene->root()->addChild(m_signNodes->root());
    m_signNodes->setVisible(false);
    auto* v = new QVBoxLayout(this);
    auto* top = new QHBoxLayout;
    m_profiles = new QComboBox(this);
    m_profiles->setToolTip(tr("Design-rule profile (docs/rules-format.md)"));
    m_open = new QPushButton(tr("Open profile…"), this);
    m_open->setToolTip(
        tr("Add a rules file of your own (copy a shipped one from resources/rules and edit it)"));
    top->addWidget(m_profiles, 1);
    top->addWidget(m_open);
    v->addLayout(top);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    v->addWidget(m_status);
    m_violations = makeTable({tr("Rule"), tr("Track"), tr("s [m]"), tr("Worst"), tr("Limit")}, this);
    m_violations->setObjectName("checkViolations");
    v->addWidget(m_violations, 2);
    m_curves = makeTable({tr("Curve"), tr("Tracks"), tr("R [m]"), tr("Cant"), tr("Line speed"),
                          tr("Permissible"), tr("Critical (sim.)"), tr("Status")},
                         this);
    m_curves->setObjectName("checkCurves");
    v->addWidget(m_curves, 2);
    auto* shows = new QHBoxLayout;
    m_overlay = new QCheckBox(tr("Colour the track by check"), this);
    m_overlay->setChecked(true);
    m_signs = new QCheckBox(tr("Speed signs"), this);
    m_signs->setChecked(true);
    shows->addWidget(m_overlay);
    shows->addWidget(m_signs);
    shows->addStretch(1);
    v->addLayout(shows);
    auto* sim = new QHBoxLayout;
    sim->addWidget(new QLabel(tr("Critical speed for"), this));
    m_trains = new QComboBox(this);
    sim->addWidget(m_trains, 1);
    m_simulate = new QPushButton(tr("Simulate"), this);
    m_simulate->setToolTip(tr("Per curve: the lowest entry speed at which the train derails (a bisection of "
                              "short runs, in the background)"));
    sim->addWidget(m_simulate);
    v->addLayout(sim);
    auto* risk = new QGroupBox(tr("Derailment risk"), this);
    auto* riskLayout = new QVBoxLayout(risk);
    m_risk = new RiskPanel(
        m_doc, m_scene, m_view, [this](int track, double s) { flyTo(track, s); }, risk);
    riskLayout->addWidget(m_risk);
    v->addWidget(risk, 3);
    connect(m_risk, &RiskPanel::shownOnTrack, this, [this] { m_overlay->setChecked(false); });

    m_legend = new QLabel(m_view);
    m_legend->setObjectName("checksLegend");
    m_legend->setStyleSheet(
        "QLabel { background: rgba(255,255,255,215); border: 1px solid #888; padding: 4px; }");
    m_legend->setTextFormat(Qt::RichText);
    m_legend->move(8, 8);
    m_legend->hide();

    m_debounce = new QTimer(this);
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(150);
    connect(m_debounce, &QTimer::timeout, this, &ChecksPanel::runCheck);
    connect(m_doc, &Document::changed, this, [this](const design::LayoutChange& c) {
        using C = design::LayoutChange;
        if (c.has(C::Trains | C::Vehicles | C::TrackList | C::TrackDetails)) updateTrains();
        // once per edit: a drag is checked when it ends
        if (isVisible() && !c.interim && c.affectsRuns()) m_debounce->start();
    });
    connect(m_profiles, &QComboBox::currentIndexChanged, this, [this] {
        m_picked = true; // programmatic choices block the signal
        loadSelectedProfile();
        runCheck();
    });
    connect(m_open, &QPushButton::clicked, this, [this] {
        const QString f = QFileDialog::getOpenFileName(this, tr("Open rule profile"), QString(),
                                                       tr("Rule profiles (*.json);;All files (*)"));
        if (!f.isEmpty()) openProfile(f);
    });
    connect(m_violations, &QTableWidget::itemSelectionChanged, this, [this] {
        const auto rows = m_violations->selectionModel()->selectedRows();
        if (!rows.isEmpty()) selectViolation(rows.front().row());
    });
    connect(m_curves, &QTableWidget::itemSelectionChanged, this, [this] {
        const auto rows = m_curves->selectionModel()->selectedRows();
        if (!rows.isEmpty()) selectCurve(rows.front().row());
    });
    connect(m_overlay, &QCheckBox::toggled, this, &ChecksPanel::updateOverlay);
    connect(m_signs, &QCheckBox::toggled, this, &ChecksPanel::updateSigns);
    connect(m_simulate, &QPushButton::clicked, this, &ChecksPanel::simulateCritical);
    fillProfiles();
    updateTrains();
}

ChecksPanel::~ChecksPanel() {
    ++m_generation;
    // background runs poll the cancel flag (CriticalSpeedOptions::cancelled) and end soon
    for (QThread* t : findChildren<QThread*>()) {
        t->requestInterruption();
        t->wait();
    }
    m_scene->root()->removeChild(m_signNodes->root());
}

void ChecksPanel::fillProfiles() {
    const QSignalBlocker block(m_profiles);
    m_profiles->clear();
    for (const auto& p : shippedRuleProfiles()) {
        QString name = q(p.stem().string());
        try {
            name = q(loadRuleProfile(p).name);
        } catch (const std::exception&) {
        }
        m_profiles->addItem(name, q(p.string()));
    }
    for (const QString& f : QSettings().value(kUserProfiles).toStringList())
        if (QFileInfo::exists(f) && m_profiles->findData(f) < 0)
            m_profiles->addItem(tr("%1 (yours)").arg(QFileInfo(f).fileName()), f);
    loadSelectedProfile();
}

bool ChecksPanel::openProfile(const QString& path) {
    try {
        loadRuleProfile(path.toStdString());
    } catch (const std::exception& e) {
        m_profileError = q(e.what());
        m_status->setText(QString("<span style='color:#c00'>%1</span>").arg(m_profileError.toHtmlEscaped()));
        return false;
    }
    QSettings settings;
    QStringList user = settings.value(kUserProfiles).toStringList();
    if (!user.contains(path)) {
        user.append(path);
        settings.setValue(kUserProfiles, user);
    }
    int i = m_profiles->findData(path);
    if (i < 0) {
        m_profiles->addItem(tr("%1 (yours)").arg(QFileInfo(path).fileName()), path);
        i = m_profiles->count() - 1;
    }
    setProfileIndex(i);
    return true;
}

void ChecksPanel::setProfileIndex(int index) {
    m_picked = true;
    if (index == m_profiles->currentIndex()) {
        loadSelectedProfile();
        runCheck();
    } else {
        m_profiles->setCurrentIndex(index); // loads and checks
    }
}

void ChecksPanel::loadSelectedProfile() {
    m_profile.reset();
    m_profileError.clear();
    const QString path = m_profiles->currentData().toString();
    if (path.isEmpty()) return;
    try {
        m_profile = loadRuleProfile(path.toStdString());
    } catch (const std::exception& e) {
        m_profileError = q(e.what());
    }
}

QString ChecksPanel::statusText() const {
    return m_status->text();
}

void ChecksPanel::runCheck() {
    ++m_generation;
    m_report = {};
    const auto layout = m_doc->layout();
    if (!m_picked) { // a coaster layout gets the coaster profile, a railway the European one
        const bool coaster = bankUnit(m_doc->spec()) == BankUnit::Degrees;
        for (int i = 0; i < m_profiles->count(); ++i)
            if (m_profiles->itemData(i).toString().endsWith(coaster ? "coaster-envelope.json"
                                                                    : "en13803-typical.json") &&
                i != m_profiles->currentIndex()) {
                const QSignalBlocker block(m_profiles);
                m_profiles->setCurrentIndex(i);
                loadSelectedProfile();
            }
    }
    if (m_profile && layout) {
        std::vector<DriveSection> drives;
        try {
            drives = checkDriveSections(*layout, m_doc->filePath().toStdString());
        } catch (const std::exception&) { // the simulation reports bad drives
        }
        m_report = checkLayout(*layout, *m_profile, drives);
    }
    showReport();
    updateOverlay();
    updateSigns();
    emit checked();
}

void ChecksPanel::showReport() {
    const RuleProfile* p = profile();
    if (!p) {
        m_status->setText(
            m_profileError.isEmpty()
                ? tr("No profile.")
                : QString("<span style='color:#c00'>%1</span>").arg(m_profileError.toHtmlEscaped()));
    } else if (!m_doc->layout()) {
        m_status->setText(tr("The layout does not compile."));
    } else {
        QString s =
            m_report.violations.empty()
                ? tr("<b>No violation</b> of %1 at %2 places.")
                      .arg(q(p->name).toHtmlEscaped())
                      .arg(m_report.places)
                : tr("<b style='color:#c00'>%n violation(s)</b>", nullptr, int(m_report.violations.size())) +
                      tr(" of %1 at %2 places.").arg(q(p->name).toHtmlEscaped()).arg(m_report.places);
        for (const auto& n : m_report.notes)
            s += "<br><i>" + q(n).toHtmlEscaped() + "</i>";
        m_status->setText(s);
    }
    const QSignalBlocker b1(m_violations), b2(m_curves);
    m_violations->setRowCount(int(m_report.violations.size()));
    for (int i = 0; i < int(m_report.violations.size()); ++i) {
        const Violation& v = m_report.violations[std::size_t(i)];
        setRow(m_violations, i,
               {q(v.ruleName), q(v.trackId),
                QString("%1 – %2").arg(v.s0, 0, 'f', 1).arg(v.s1, 0, 'f', 1) +
                    (v.stations.empty() ? QString() : QString(" (%1)").arg(q(v.stations))),
                q(formatValue(v.value, v.unit, 2)), q(formatValue(v.limit, v.unit, 2))},
               ruleColour(v.rule));
        if (std::isfinite(v.duration)) // accelerationEnvelope: how long at the level, how long allowed
            m_violations->item(i, 4)->setToolTip(
                v.allowed > 0
                    ? tr("held %1 s at this level or beyond, %2 s allowed")
                          .arg(v.duration, 0, 'f', 2)
                          .arg(v.allowed, 0, 'f', 2)
                    : tr("beyond the envelope's peak for %1 s: never allowed").arg(v.duration, 0, 'f', 2));
    }
    m_curves->setRowCount(int(m_report.curves.size()));
    for (int i = 0; i < int(m_report.curves.size()); ++i) {
        const CurveRow& c = m_report.curves[std::size_t(i)];
        QStringList tracks;
        for (const auto& t : c.tracks)
            tracks << q(t);
        auto speed = [&](double v) {
            return std::isnan(v) ? QString("–") : q(formatValue(v, p ? p->speedUnit : "km/h", 1));
        };
        setRow(m_curves, i,
               {q(c.name), tracks.join("+"), QString::number(c.radius, 'f', 1),
                q(formatValue(c.cant, p ? p->cantUnit : "mm", p && p->cantUnit == "in" ? 2 : 1)),
                c.lineSpeed > 0 ? speed(c.lineSpeed) : tr("none"), speed(c.permissible), speed(c.critical),
                c.overPermissible() ? tr("OVER permissible") : tr("ok")});
        m_curves->item(i, 5)->setToolTip(tr("governed by %1").arg(q(c.governing)));
        m_curves->item(i, 6)->setToolTip(q(c.criticalNote));
        if (c.overPermissible()) m_curves->item(i, 7)->setForeground(QColor(200, 0, 0));
    }
    m_violations->resizeColumnsToContents();
    m_curves->resizeColumnsToContents();
}

void ChecksPanel::updateOverlay() {
    const bool on = m_overlay->isChecked() && isVisible() && profile();
    render::OverlayOptions o = m_scene->overlay();
    if (on) {
        auto ranges = std::make_shared<render::RangeColours>();
        ranges->pad = std::max(0.5, 0.5 * profile()->sampling);
        std::vector<int> counts(profile()->rules.size(), 0);
        for (const Violation& v : m_report.violations) {
            const QColor c = ruleColour(v.rule);
            ranges->ranges[v.trackId].push_back(
                {v.s0, v.s1, osg::Vec4(c.redF(), c.greenF(), c.blueF(), 1.f)});
            ++counts[std::size_t(v.rule)];
        }
        o.overlay = render::TrackOverlay::Checks;
        o.ranges = ranges;
        m_scene->setOverlay(o);
        QString html = tr("<b>%1</b>").arg(q(profile()->name).toHtmlEscaped());
        auto swatch = [](const QColor& c) {
            return QString("<span style='color:%1'>&#9632;</span> ").arg(c.name());
        };
        for (std::size_t i = 0; i < profile()->rules.size(); ++i)
            html += "<br>" + swatch(ruleColour(int(i))) + q(profile()->rules[i].name).toHtmlEscaped() +
                    tr(" (%n range(s))", nullptr, counts[i]);
        const osg::Vec4 ok = ranges->ok;
        html += "<br>" + swatch(QColor::fromRgbF(ok.r(), ok.g(), ok.b())) + tr("within every limit");
        m_legend->setText(html);
        m_legend->adjustSize();
        m_legend->show();
        m_legend->raise();
    } else {
        if (o.overlay == render::TrackOverlay::Checks) {
            o.overlay = render::TrackOverlay::None;
            o.ranges.reset();
            m_scene->setOverlay(o);
        }
        m_legend->hide();
    }
    m_view->update();
}

void ChecksPanel::updateSigns() {
    const auto layout = m_doc->layout();
    const bool on = m_signs->isChecked() && isVisible() && layout;
    m_signNodes->setVisible(on);
    std::vector<render::SpeedSign> signs;
    if (on) {
        const std::string unit = profile() ? profile()->speedUnit : "km/h";
        for (std::size_t t = 0; t < layout->trackCount(); ++t) {
            const double v = signedLineSpeed(layout->spec().tracks[t]);
            if (!(v > 0)) continue;
            const TwistedFrame f = layout->frameInWorld(t, 0.0);
            render::SpeedSign s;
            s.foot = f.F.P - 3.0 * f.wN; // right of the track, facing the driver
            s.text = formatValue(v, unit, 0);
            signs.push_back(s);
        }
        for (const CurveRow& c : m_report.curves) {
            if (!std::isfinite(c.permissible)) continue;
            const TwistedFrame f = layout->frameInWorld(std::size_t(c.start.track), c.start.s);
            render::SpeedSign s;
            s.foot = f.F.P + 3.0 * f.wN;
            s.height = 3.0;
            s.text = "\u2264 " + formatValue(c.permissible, unit, 0);
            s.board = c.overPermissible() ? osg::Vec4(0.85f, 0.1f, 0.1f, 1) : osg::Vec4(1.f, 0.75f, 0.1f, 1);
            s.ink = c.overPermissible() ? osg::Vec4(1, 1, 1, 1) : osg::Vec4(0, 0, 0, 1);
            signs.push_back(s);
        }
    }
    m_signNodes->set(signs);
    m_view->update();
}

void ChecksPanel::updateTrains() {
    fillTrainBox(m_trains, m_doc->spec());
    m_simulate->setEnabled(m_trains->count() > 0);
}

void ChecksPanel::flyTo(int track, double s) {
    const auto layout = m_doc->layout();
    if (!layout || track < 0 || track >= int(layout->trackCount())) return;
    m_editor->select(track, -1);
    flyCameraTo(m_view, render::toOsg(layout->frameInWorld(std::size_t(track), s).F.P), 150.0);
}

void ChecksPanel::selectViolation(int row) {
    if (row < 0 || row >= int(m_report.violations.size())) return;
    const Violation& v = m_report.violations[std::size_t(row)];
    flyTo(v.track, v.sWorst);
}

void ChecksPanel::selectCurve(int row) {
    if (row < 0 || row >= int(m_report.curves.size())) return;
    const CurveRow& c = m_report.curves[std::size_t(row)];
    flyTo(c.tightest.track, c.tightest.s);
}

void ChecksPanel::simulateCritical() {
    const auto layout = m_doc->layout();
    if (!layout || m_trains->count() == 0 || m_report.curves.empty()) return;
    const int generation = m_generation;
    ++m_running;
    m_simulate->setEnabled(false);
    m_simulate->setText(tr("Simulating…"));
    auto* thread = QThread::create([this, layout, spec = m_doc->spec(), report = m_report,
                                    file = m_doc->filePath().toStdString(),
                                    train = m_trains->currentText().toStdString(), generation]() mutable {
        QString error;
        CriticalSpeedOptions o;
        QThread* self = QThread::currentThread();
        o.cancelled = [self] { return self->isInterruptionRequested(); }; // (thread-safe: the jobs poll it)
        o.jobs = defaultJobs(); // the curves on every core (physics/run/RunJobs.h)
        try {
            fillCriticalSpeeds(report, spec, *layout, file, train, o);
        } catch (const std::exception& e) {
            error = q(e.what());
        }
        QMetaObject::invokeMethod(
            this,
            [this, report, error, generation] {
                --m_running;
                m_simulate->setEnabled(true);
                m_simulate->setText(tr("Simulate"));
                if (!error.isEmpty()) {
                    m_status->setText(
                        QString("<span style='color:#c00'>%1</span>").arg(error.toHtmlEscaped()));
                } else if (generation == m_generation) {
                    m_report = report;
                    showReport();
                    updateSigns();
                }
                emit criticalFinished();
            },
            Qt::QueuedConnection);
    });
    thread->setParent(this);
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    thread->start(QThread::LowPriority);
}

void ChecksPanel::showEvent(QShowEvent* e) {
    QWidget::showEvent(e);
    runCheck();
}

void ChecksPanel::hideEvent(QHideEvent* e) {
    QWidget::hideEvent(e);
    updateOverlay();
    updateSigns();
}

} // namespace tl::ui
