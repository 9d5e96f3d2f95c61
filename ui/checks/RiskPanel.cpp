#include "ui/checks/RiskPanel.h"

#include "core/io/InputFile.h"
#include "physics/run/RunJobs.h"
#include "physics/spec/RollingStock.h"
#include "physics/spec/Scenario.h"
#include "render/scene/LayoutScene.h"
#include "ui/Units.h"
#include "ui/checks/TrainBox.h"
#include "ui/document/Document.h"
#include "ui/view/OsgViewWidget.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QThread>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace tl::ui {

namespace {

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

QString percent(double p) {
    return QString::number(100.0 * p, 'f', p < 0.001 && p > 0 ? 3 : p < 0.1 ? 2 : 1) + " %";
}

// The colour ramp's end: the largest probability on the map, up to a round value (at least 1 %).
double riskScale(const RiskResult& r) {
    double top = 0.0;
    for (const RiskPlace& p : r.places)
        top = std::max(top, p.derailments.p);
    for (double s : {0.01, 0.02, 0.05, 0.1, 0.2, 0.5})
        if (top <= s) return s;
    return 1.0;
}

} // namespace

RiskPanel::RiskPanel(Document* doc, render::LayoutScene* scene, OsgViewWidget* view,
                     std::function<void(int, double)> flyTo, QWidget* parent)
    : QWidget(parent), m_doc(doc), m_scene(scene), m_view(view), m_flyTo(std::move(flyTo)) {
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    auto* grid = new QGridLayout;
    const Units& u = Units::instance();
    int row = 0;
    grid->addWidget(new QLabel(tr("Train"), this), row, 0);
    m_train = new QComboBox(this);
    m_train->setObjectName("riskTrain");
    grid->addWidget(m_train, row, 1);
    grid->addWidget(new QLabel(tr("Runs"), this), row, 2);
    m_runs = new QSpinBox(this);
    m_runs->setObjectName("riskRuns");
    m_runs->setRange(1, 1000000);
    m_runs->setValue(200);
    m_runs->setToolTip(tr("Runs of the train, each with its inputs drawn anew"));
    grid->addWidget(m_runs, row, 3);
    ++row;
    grid->addWidget(new QLabel(tr("Initial speed"), this), row, 0);
    auto* speed = new QHBoxLayout;
    m_speedMean = new QDoubleSpinBox(this);
    m_speedMean->setObjectName("riskSpeedMean");
    m_speedMean->setRange(0.0, 400.0);
    m_speedMean->setDecimals(1);
    m_speedMean->setSuffix(" " + u.speedSuffix());
    m_speedMean->setToolTip(tr("Mean of the train's initial speed (normal distribution)"));
    m_speedSd = new QDoubleSpinBox(this);
    m_speedSd->setObjectName("riskSpeedSd");
    m_speedSd->setRange(0.0, 100.0);
    m_speedSd->setDecimals(1);
    m_speedSd->setPrefix("± ");
    m_speedSd->setSuffix(" " + u.speedSuffix());
    m_speedSd->setValue(5.0 * u.speedScale() / 3.6);
    m_speedSd->setToolTip(tr("Standard deviation of the initial speed"));
    speed->addWidget(m_speedMean, 1);
    speed->addWidget(m_speedSd, 1);
    grid->addLayout(speed, row, 1);
    grid->addWidget(new QLabel(tr("Seed"), this), row, 2);
    m_seed = new QSpinBox(this);
    m_seed->setObjectName("riskSeed");
    m_seed->setRange(0, 2147483647);
    m_seed->setValue(1);
    m_seed->setToolTip(tr("The same seed draws the same inputs: a map can be made again exactly"));
    grid->addWidget(m_seed, row, 3);
    ++row;
    m_friction = new QCheckBox(tr("Friction"), this);
    m_friction->setObjectName("riskFriction");
    m_friction->setToolTip(tr("Draw every car's wheel-rail friction from a uniform distribution"));
    grid->addWidget(m_friction, row, 0);
    auto* friction = new QHBoxLayout;
    m_frictionMin = new QDoubleSpinBox(this);
    m_frictionMax = new QDoubleSpinBox(this);
    for (QDoubleSpinBox* b : {m_frictionMin, m_frictionMax}) {
        b->setRange(0.0, 1.0);
        b->setDecimals(2);
        b->setSingleStep(0.05);
        b->setEnabled(false);
        friction->addWidget(b, 1);
    }
    m_frictionMin->setPrefix(tr("from "));
    m_frictionMax->setPrefix(tr("to "));
    m_frictionMin->setValue(0.25);
    m_frictionMax->setValue(0.40);
    grid->addLayout(friction, row, 1);
    grid->addWidget(new QLabel(tr("Run time"), this), row, 2);
    m_duration = new QDoubleSpinBox(this);
    m_duration->setObjectName("riskDuration");
    m_duration->setRange(1.0, 3600.0);
    m_duration->setDecimals(0);
    m_duration->setValue(60.0);
    m_duration->setSuffix(" s");
    m_duration->setToolTip(tr("Simulated time of each run (a run also ends when the train derails)"));
    grid->addWidget(m_duration, row, 3);
    grid->setColumnStretch(1, 1);
    v->addLayout(grid);

    auto* buttons = new QHBoxLayout;
    m_file = new QPushButton(tr("Uncertainty file…"), this);
    m_file->setToolTip(tr("Draw the inputs from a file's distributions instead (docs/batch.md): speed, "
                          "friction, payload, cgHeight, couplerSlack, position"));
    m_map = new QPushButton(tr("Map Risk"), this);
    m_map->setObjectName("riskMap");
    m_map->setToolTip(
        tr("Run the train again and again with its inputs drawn, on every core, and paint where "
           "it derails"));
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setObjectName("riskCancel");
    m_cancel->setEnabled(false);
    buttons->addWidget(m_file);
    buttons->addStretch(1);
    buttons->addWidget(m_map);
    buttons->addWidget(m_cancel);
    v->addLayout(buttons);
    auto* progress = new QHBoxLayout;
    m_progress = new QProgressBar(this);
    m_progress->setObjectName("riskProgress");
    m_progress->setFormat(tr("%v / %m runs"));
    m_progress->setValue(0);
    m_rate = new QLabel(this);
    progress->addWidget(m_progress, 1);
    progress->addWidget(m_rate);
    v->addLayout(progress);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    v->addWidget(m_status);
    m_places = new QTableWidget(0, 6, this);
    m_places->setObjectName("riskPlaces");
    m_places->setHorizontalHeaderLabels(
        {tr("Track"), tr("s [m]"), tr("P(derail)"), tr("95 % interval"), tr("Causes"), tr("Reached")});
    m_places->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_places->setSelectionMode(QAbstractItemView::SingleSelection);
    m_places->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_places->verticalHeader()->setVisible(false);
    m_places->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_places->horizontalHeader()->setStretchLastSection(true);
    m_places->setMinimumHeight(100);
    v->addWidget(m_places, 1);

    connect(m_friction, &QCheckBox::toggled, m_frictionMin, &QWidget::setEnabled);
    connect(m_friction, &QCheckBox::toggled, m_frictionMax, &QWidget::setEnabled);
    connect(m_train, &QComboBox::currentIndexChanged, this, &RiskPanel::fillSpeedFromTrain);
    connect(m_map, &QPushButton::clicked, this, &RiskPanel::start);
    connect(m_cancel, &QPushButton::clicked, this, &RiskPanel::cancel);
    connect(m_file, &QPushButton::clicked, this, [this] {
        if (!m_uncertaintyFile.isEmpty()) { // the button clears a file in use
            m_uncertaintyFile.clear();
            m_file->setText(tr("Uncertainty file…"));
            for (QWidget* w : {static_cast<QWidget*>(m_speedMean), static_cast<QWidget*>(m_speedSd),
                               static_cast<QWidget*>(m_friction)})
                w->setEnabled(true);
            return;
        }
        const QString f = QFileDialog::getOpenFileName(this, tr("Open uncertainty file"), QString(),
                                                       tr("Uncertainty (*.json);;All files (*)"));
        if (!f.isEmpty()) openUncertainty(f);
    });
    connect(m_places, &QTableWidget::itemSelectionChanged, this, [this] {
        const auto rows = m_places->selectionModel()->selectedRows();
        if (!rows.isEmpty()) selectPlace(rows.front().row());
    });
    connect(m_doc, &Document::changed, this, [this](const design::LayoutChange& c) {
        using C = design::LayoutChange;
        if (c.has(C::Trains | C::Vehicles | C::TrackList | C::TrackDetails)) updateTrains();
        if (!c.affectsRuns()) return; // (notes: the map stands)
        if (!m_result && !m_running) return;
        if (m_mapped == m_doc->layout()) return; // (the same layout: nothing to end)
        stopRun();
        m_result.reset();
        m_done = 0;
        m_progress->setValue(0);
        m_rate->clear();
        m_places->setRowCount(0);
        m_status->setText(tr("The layout changed: the map was of the layout before. Map again."));
        paint();
    });
    updateTrains();
}

RiskPanel::~RiskPanel() {
    stopRun();
}

void RiskPanel::stopRun() {
    ++m_generation;
    for (QThread* t : findChildren<QThread*>()) {
        t->requestInterruption();
        t->wait();
    }
    m_running = false;
    m_map->setEnabled(m_train->count() > 0);
    m_cancel->setEnabled(false);
}

void RiskPanel::updateTrains() {
    if (!fillTrainBox(m_train, m_doc->spec())) fillSpeedFromTrain();
    m_map->setEnabled(m_train->count() > 0 && !m_running);
    m_map->setToolTip(m_train->count() > 0
                          ? tr("Run the train again and again with its inputs drawn, on "
                               "every core, and paint where it derails")
                          : tr("The layout has no trains (Track > Add Train Here, Ctrl+Shift+T)"));
}

void RiskPanel::fillSpeedFromTrain() {
    const nlohmann::json& trains = m_doc->spec().trains;
    if (!trains.is_array()) return;
    for (const auto& t : trains)
        if (t.is_object() && t.value("id", std::string()) == m_train->currentText().toStdString()) {
            const double v = t.contains("speed") && t["speed"].is_number() ? t["speed"].get<double>() : 0.0;
            m_speedMean->setValue(v * Units::instance().speedScale());
        }
}

bool RiskPanel::openUncertainty(const QString& path) {
    try {
        const std::string f = path.toStdString();
        parseUncertainty(parseJsonText<nlohmann::json>(readInputFile(f), f), f);
    } catch (const std::exception& e) {
        m_status->setText(QString("<span style='color:#c00'>%1</span>").arg(q(e.what()).toHtmlEscaped()));
        return false;
    }
    m_uncertaintyFile = path;
    m_file->setText(tr("%1 (clear)").arg(QFileInfo(path).fileName()));
    for (QWidget* w : {static_cast<QWidget*>(m_speedMean), static_cast<QWidget*>(m_speedSd),
                       static_cast<QWidget*>(m_friction)})
        w->setEnabled(false);
    m_status->setText(tr("The inputs are drawn from %1.").arg(QFileInfo(path).fileName()));
    return true;
}

std::optional<Uncertainty> RiskPanel::uncertainty(QString* error) const {
    try {
        if (!m_uncertaintyFile.isEmpty()) {
            const std::string f = m_uncertaintyFile.toStdString();
            return parseUncertainty(parseJsonText<nlohmann::json>(readInputFile(f), f), f);
        }
        const double scale = Units::instance().speedScale();
        nlohmann::json j = {{"speed",
                             {{"dist", "normal"},
                              {"mean", m_speedMean->value() / scale},
                              {"sd", m_speedSd->value() / scale}}}};
        if (m_friction->isChecked())
            j["friction"] = {
                {"dist", "uniform"}, {"min", m_frictionMin->value()}, {"max", m_frictionMax->value()}};
        return parseUncertainty(j, "the Checks dock's fields");
    } catch (const std::exception& e) {
        *error = q(e.what());
        return std::nullopt;
    }
}

void RiskPanel::start() {
    const auto layout = m_doc->layout();
    if (!layout || m_train->count() == 0) return;
    QString error;
    const std::optional<Uncertainty> u = uncertainty(&error);
    if (!u) {
        m_status->setText(QString("<span style='color:#c00'>%1</span>").arg(error.toHtmlEscaped()));
        return;
    }
    stopRun();
    const int generation = m_generation;
    RiskOptions o;
    o.runs = m_runs->value();
    o.seed = std::uint64_t(m_seed->value());
    o.duration = m_duration->value();
    o.jobs = defaultJobs(); // the runs on every core (physics/run/RunJobs.h)
    m_trainId = m_train->currentText();
    m_mapped = layout;
    m_result = RiskResult{};
    m_result->runs = o.runs;
    m_result->seed = o.seed;
    m_done = 0;
    m_cancelled = false;
    m_running = true;
    m_progress->setRange(0, o.runs);
    m_progress->setValue(0);
    m_rate->clear();
    m_places->setRowCount(0);
    m_map->setEnabled(false);
    m_cancel->setEnabled(true);
    m_status->setText(tr("Mapping %1 runs of %2 (seed %3) on %4 cores…")
                          .arg(o.runs)
                          .arg(m_trainId)
                          .arg(o.seed)
                          .arg(o.jobs));
    showOnTrack();
    const std::string file =
        m_doc->filePath().isEmpty() ? m_doc->displayName().toStdString() : m_doc->filePath().toStdString();
    auto* thread = QThread::create(
        [this, layout, file, train = m_trainId.toStdString(), u = *u, o, generation]() mutable {
            QThread* self = QThread::currentThread();
            o.cancelled = [self] { return self->isInterruptionRequested(); }; // (thread-safe)
            QElapsedTimer clock;
            clock.start();
            auto post = [&](const RiskResult& r, int done, bool last) {
                const double seconds = clock.elapsed() / 1000.0;
                QMetaObject::invokeMethod(
                    this,
                    [this, r, done, seconds, last, generation] {
                        if (generation == m_generation) take(r, done, seconds, last);
                    },
                    Qt::QueuedConnection);
            };
            try {
                const Scenario scenario = parseScenario(*layout, file, defaultRollingStockDirs());
                RiskMap map(*layout, scenario, file, train, u, o);
                std::vector<RiskRun> runs(std::size_t(o.runs));
                int done = 0;
                qint64 posted = 0;
                runJobs(
                    o.runs, o.jobs, [&](int i) { runs[std::size_t(i)] = map.run(i); },
                    [&](int i) {
                        RiskRun& r = runs[std::size_t(i)];
                        if (!(r.error == "cancelled" && self->isInterruptionRequested())) {
                            map.add(i, r);
                            done = i + 1;
                        }
                        r = RiskRun{};
                        if (clock.elapsed() - posted >= 300 && !self->isInterruptionRequested()) {
                            posted = clock.elapsed();
                            post(map.result(), done, false);
                        }
                    });
                RiskResult r = map.result();
                r.runs = done; // (fewer when cancelled)
                post(r, done, true);
            } catch (const std::exception& e) {
                const QString message = q(e.what());
                QMetaObject::invokeMethod(
                    this,
                    [this, message, generation] {
                        if (generation != m_generation) return;
                        m_running = false;
                        m_map->setEnabled(true);
                        m_cancel->setEnabled(false);
                        m_status->setText(
                            QString("<span style='color:#c00'>%1</span>").arg(message.toHtmlEscaped()));
                        emit finished();
                    },
                    Qt::QueuedConnection);
            }
        });
    thread->setParent(this);
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    thread->start(QThread::LowPriority);
}

void RiskPanel::cancel() {
    if (!m_running) return;
    m_cancelled = true;
    m_cancel->setEnabled(false);
    m_status->setText(tr("Cancelling: the runs under way stop within a simulated second…"));
    for (QThread* t : findChildren<QThread*>())
        t->requestInterruption(); // (the thread posts the runs made, then ends)
}

void RiskPanel::take(const RiskResult& r, int done, double seconds, bool last) {
    m_result = r;
    m_done = done;
    m_progress->setValue(done);
    const double rate = done / std::max(1e-9, seconds);
    const int total = m_progress->maximum();
    m_rate->setText(last ? tr("%1 runs/s").arg(rate, 0, 'f', 1)
                         : tr("%1 runs/s, about %2 s left")
                               .arg(rate, 0, 'f', 1)
                               .arg(std::lround((total - done) / std::max(1e-9, rate))));
    if (last) {
        m_running = false;
        m_map->setEnabled(m_train->count() > 0);
        m_cancel->setEnabled(false);
    }
    m_status->setText(statusText());
    showPlaces();
    paint();
    emit progressed();
    if (last) emit finished();
}

QString RiskPanel::statusText() const {
    if (!m_result) return m_status->text();
    const RiskResult& r = *m_result;
    QString s = tr("%1 of %2 runs of %3 (seed %4): %5 derailed")
                    .arg(r.completed)
                    .arg(m_progress->maximum())
                    .arg(m_trainId)
                    .arg(r.seed)
                    .arg(r.derailed);
    if (!r.errors.empty())
        s += tr(", %n ended in an error (first: run %1, %2)", nullptr, int(r.errors.size()))
                 .arg(r.errors.front().run)
                 .arg(q(r.errors.front().message));
    if (m_running) return s + tr("; mapping…");
    if (m_cancelled) return s + tr("; cancelled");
    if (r.derailed == 0 && r.completed > 0)
        s += tr(". No derailment: at every place reached, p < %1 (95 %)")
                 .arg(percent(wilson(0, r.completed).hi));
    return s;
}

void RiskPanel::showPlaces() {
    const auto layout = m_mapped;
    m_rows.clear();
    if (!m_result || !layout) return;
    const RiskResult& r = *m_result;
    for (std::size_t i = 0; i < r.places.size(); ++i)
        if (r.places[i].derailments.count > 0) m_rows.push_back(int(i));
    std::stable_sort(m_rows.begin(), m_rows.end(), [&](int a, int b) {
        return r.places[std::size_t(a)].derailments.p > r.places[std::size_t(b)].derailments.p;
    });
    if (m_rows.size() > 20) m_rows.resize(20);
    const QSignalBlocker block(m_places);
    m_places->setRowCount(int(m_rows.size()));
    for (int row = 0; row < int(m_rows.size()); ++row) {
        const RiskPlace& p = r.places[std::size_t(m_rows[std::size_t(row)])];
        QString causes;
        for (const auto& [cause, c] : p.causes)
            causes += (causes.isEmpty() ? "" : ", ") + q(cause) + QString(" %1").arg(c.count);
        const QStringList cells = {q(layout->track(std::size_t(p.track)).id()),
                                   QString("%1–%2").arg(p.s0, 0, 'f', 0).arg(p.s1, 0, 'f', 0),
                                   percent(p.derailments.p),
                                   percent(p.derailments.lo) + " – " + percent(p.derailments.hi),
                                   causes,
                                   QString::number(p.reached)};
        for (int c = 0; c < cells.size(); ++c)
            m_places->setItem(row, c, new QTableWidgetItem(cells[c]));
    }
}

void RiskPanel::selectPlace(int row) {
    if (!m_result || row < 0 || row >= int(m_rows.size())) return;
    const RiskPlace& p = m_result->places[std::size_t(m_rows[std::size_t(row)])];
    if (m_flyTo) m_flyTo(p.track, 0.5 * (p.s0 + p.s1));
}

void RiskPanel::showOnTrack() {
    render::OverlayOptions o = m_scene->overlay();
    o.overlay = render::TrackOverlay::Risk;
    m_scene->setOverlay(o);
    paint();
    emit shownOnTrack();
}

void RiskPanel::paint() {
    render::OverlayOptions o = m_scene->overlay();
    if (o.overlay != render::TrackOverlay::Risk) return;
    auto map = std::make_shared<render::PeakMap>();
    map->missing = NAN;
    const auto layout = m_doc->layout();
    if (m_result && layout && m_mapped == layout) {
        map->bin = m_result->bin;
        for (const RiskPlace& p : m_result->places) {
            auto& bins = map->peaks[layout->track(std::size_t(p.track)).id()];
            const auto b = std::size_t(std::lround(p.s0 / map->bin));
            if (bins.size() <= b) bins.resize(b + 1, NAN);
            bins[b] = float(p.derailments.p);
        }
        o.riskScale = riskScale(*m_result);
    }
    o.risk = map;
    m_scene->setOverlay(o);
    m_view->update();
}

} // namespace tl::ui
