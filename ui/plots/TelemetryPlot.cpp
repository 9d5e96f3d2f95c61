#include "ui/plots/TelemetryPlot.h"

#include "core/io/SaveFile.h"
#include "ui/Units.h"
#include "ui/plots/ChannelStyle.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLegendMarker>
#include <QLineSeries>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollBar>
#include <QTextStream>
#include <QVBoxLayout>
#include <QValueAxis>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace tl::ui {

TelemetryPlot::TelemetryPlot(const TelemetryHistory* history, QWidget* parent)
    : QWidget(parent), m_history(history), m_cursor(std::nan("")) {
    auto* outer = new QHBoxLayout(this);
    auto* side = new QVBoxLayout;
    m_sourceBox = new QComboBox(this);
    m_sourceBox->setObjectName("plotSource");
    side->addWidget(m_sourceBox);
    m_channels = new QListWidget(this);
    m_channels->setObjectName("plotChannels");
    for (int c = 0; c < kPlottedChannelCount; ++c) {
        auto* item = new QListWidgetItem(channelName(plotted(c)), m_channels);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        const bool on =
            plotted(c) == Channel::Speed || plotted(c) == Channel::F1 || plotted(c) == Channel::F2;
        item->setCheckState(on ? Qt::Checked : Qt::Unchecked);
        item->setForeground(channelColour(plotted(c)));
    }
    m_channels->setMaximumWidth(190);
    side->addWidget(m_channels, 1);
    auto* buttons = new QHBoxLayout;
    auto* csv = new QPushButton(tr("CSV…"), this);
    auto* png = new QPushButton(tr("PNG…"), this);
    auto* rider = new QPushButton(tr("Rider"), this);
    rider->setObjectName("riderPreset");
    rider->setToolTip(tr("Show the rider's g-forces (vertical, lateral, longitudinal) on their own axis"));
    buttons->addWidget(rider);
    csv->setObjectName("exportCsv");
    png->setObjectName("exportPng");
    buttons->addWidget(csv);
    buttons->addWidget(png);
    side->addLayout(buttons);
    outer->addLayout(side);

    auto* chart = new QChart;
    chart->legend()->setAlignment(Qt::AlignTop);
    chart->setMargins(QMargins(2, 2, 2, 2));
    m_axisT = new QValueAxis;
    m_axisT->setTitleText(tr("time [s]"));
    chart->addAxis(m_axisT, Qt::AlignBottom);
    for (int c = 0; c < kPlottedChannelCount; ++c) {
        const bool on = m_channels->item(c)->checkState() == Qt::Checked;
        m_series[c] = new QLineSeries;
        m_series[c]->setName(channelName(plotted(c)));
        m_series[c]->setPen(QPen(channelColour(plotted(c)), 1.5));
        chart->addSeries(m_series[c]);
        m_series[c]->attachAxis(m_axisT);
        m_series[c]->setVisible(on);
        m_wreck[c] = new QLineSeries;
        m_wreck[c]->setName(tr("after derailment"));
        m_wreck[c]->setPen(QPen(wreckColour(), 1.2));
        chart->addSeries(m_wreck[c]);
        m_wreck[c]->attachAxis(m_axisT);
        m_wreck[c]->setVisible(on);
    }
    m_cursorLine = new QLineSeries;
    m_cursorLine->setName(tr("cursor"));
    m_cursorLine->setPen(QPen(QColor(0, 0, 0), 1, Qt::DashLine));
    chart->addSeries(m_cursorLine);
    m_cursorLine->attachAxis(m_axisT);
    m_view = new QChartView(chart, this);
    layoutAxes();
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->viewport()->installEventFilter(this);
    auto* right = new QVBoxLayout;
    right->addWidget(m_view, 1);
    m_scroll = new QScrollBar(Qt::Horizontal, this);
    m_scroll->setObjectName("plotScroll");
    right->addWidget(m_scroll);
    outer->addLayout(right, 1);
    setMinimumHeight(240);

    connect(&Units::instance(), &Units::changed, this, [this] {
        for (int c = 0; c < kPlottedChannelCount; ++c) {
            m_series[c]->setName(channelName(plotted(c)));
            m_channels->item(c)->setText(channelName(plotted(c)));
        }
        layoutAxes();
        m_dirty = true;
    });
    connect(m_sourceBox, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_dirty = true;
        if (!m_updating) emit sourceSelected(i);
    });
    connect(m_channels, &QListWidget::itemChanged, this, [this](QListWidgetItem* item) {
        const int c = m_channels->row(item);
        m_series[c]->setVisible(item->checkState() == Qt::Checked);
        m_wreck[c]->setVisible(item->checkState() == Qt::Checked);
        layoutAxes();
        m_dirty = true;
    });
    connect(m_scroll, &QScrollBar::valueChanged, this, [this](int v) {
        if (m_updating) return;
        m_follow = false; // the user took over the time axis
        m_t0 = v / 10.0;
        m_dirty = true;
    });
    connect(rider, &QPushButton::clicked, this, &TelemetryPlot::showRider);
    connect(csv, &QPushButton::clicked, this, [this] {
        const QString p =
            QFileDialog::getSaveFileName(this, tr("Export telemetry"), "telemetry.csv", tr("CSV (*.csv)"));
        QString err;
        if (!p.isEmpty() && !exportCsv(p, &err)) QMessageBox::warning(this, tr("Export"), err);
    });
    connect(png, &QPushButton::clicked, this, [this] {
        const QString p =
            QFileDialog::getSaveFileName(this, tr("Export plot"), "plot.png", tr("PNG images (*.png)"));
        if (!p.isEmpty() && !exportPng(p))
            QMessageBox::warning(this, tr("Export"), tr("Could not write %1").arg(p));
    });
    m_timer.setInterval(50);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        if (m_dirty) refresh();
    });
    m_timer.start();
}

void TelemetryPlot::layoutAxes() {
    QChart* chart = m_view->chart();
    for (QValueAxis* a : m_axes) {
        chart->removeAxis(a); // detaches its series
        delete a;
    }
    m_axes.clear();
    m_axisUnits.clear();
    for (int c = 0; c < kPlottedChannelCount; ++c) {
        if (!m_series[c]->isVisible()) continue;
        const QString unit = channelUnit(plotted(c));
        qsizetype k = m_axisUnits.indexOf(unit);
        if (k < 0) {
            k = m_axisUnits.size();
            m_axisUnits.append(unit);
            auto* axis = new QValueAxis;
            axis->setTitleText(axisTitle(plotted(c)));
            chart->addAxis(axis, k % 2 == 0 ? Qt::AlignLeft : Qt::AlignRight);
            m_axes.push_back(axis);
        }
        m_series[c]->attachAxis(m_axes[std::size_t(k)]);
        m_wreck[c]->attachAxis(m_axes[std::size_t(k)]);
    }
    if (!m_axes.empty()) m_cursorLine->attachAxis(m_axes.front());
    // the legend names the shown channels once (the grey wreck part has one entry, set by refresh)
    for (int c = 0; c < kPlottedChannelCount; ++c) {
        for (QLegendMarker* m : chart->legend()->markers(m_series[c]))
            m->setVisible(m_series[c]->isVisible());
        for (QLegendMarker* m : chart->legend()->markers(m_wreck[c]))
            m->setVisible(false);
    }
    for (QLegendMarker* m : chart->legend()->markers(m_cursorLine))
        m->setVisible(false);
}

QValueAxis* TelemetryPlot::valueAxis(Channel c) const {
    const qsizetype k = m_axisUnits.indexOf(channelUnit(c));
    return m_series[plottedIndex(c)]->isVisible() && k >= 0 ? m_axes[std::size_t(k)] : nullptr;
}

void TelemetryPlot::sourcesChanged() {
    m_updating = true;
    const int old = m_sourceBox->currentIndex();
    m_sourceBox->clear();
    for (int i = 0; i < m_history->sourceCount(); ++i)
        m_sourceBox->addItem(m_history->source(i).name);
    m_sourceBox->setCurrentIndex(old >= 0 && old < m_history->sourceCount() ? old : 0);
    m_updating = false;
    m_follow = true;
    m_dirty = true;
}

void TelemetryPlot::setSource(int s) {
    m_sourceBox->setCurrentIndex(s);
}
int TelemetryPlot::source() const {
    return m_sourceBox->currentIndex();
}
void TelemetryPlot::setChannelVisible(Channel c, bool on) {
    m_channels->item(plottedIndex(c))->setCheckState(on ? Qt::Checked : Qt::Unchecked);
}
bool TelemetryPlot::channelVisible(Channel c) const {
    return m_channels->item(plottedIndex(c))->checkState() == Qt::Checked;
}
void TelemetryPlot::setFollow(bool on) {
    m_follow = on;
    m_dirty = true;
}
void TelemetryPlot::setWindow(double seconds) {
    m_window = std::clamp(seconds, 0.5, 3600.0);
    m_dirty = true;
}

void TelemetryPlot::setCursorTime(double t) {
    m_cursor = t;
    if (std::isfinite(t) && !m_follow) m_t0 = std::max(0.0, t - 0.5 * m_window); // centre the cursor
    m_dirty = true;
}

int TelemetryPlot::pointCount(Channel c) const {
    return int(m_series[plottedIndex(c)]->count());
}

void TelemetryPlot::updateScrollBar() {
    const int src = source();
    const double tEnd = src >= 0 && src < m_history->sourceCount() && !m_history->times(src).empty()
                            ? m_history->times(src).back()
                            : 0.0;
    const double tBegin = src >= 0 && src < m_history->sourceCount() && !m_history->times(src).empty()
                              ? m_history->times(src).front()
                              : 0.0;
    m_updating = true;
    m_scroll->setRange(int(tBegin * 10), int(std::max(tBegin, tEnd - m_window) * 10));
    m_scroll->setPageStep(int(m_window * 10));
    m_scroll->setValue(int(m_t0 * 10));
    m_updating = false;
}

void TelemetryPlot::refresh() {
    m_dirty = false;
    const int src = source();
    if (src < 0 || src >= m_history->sourceCount()) {
        for (int c = 0; c < kPlottedChannelCount; ++c) {
            m_series[c]->clear();
            m_wreck[c]->clear();
        }
        return;
    }
    const std::vector<double>& t = m_history->times(src);
    const std::vector<int>& track = m_history->tracks(src); // -1: off the rails
    const double tEnd = t.empty() ? 0.0 : t.back();
    if (m_follow) m_t0 = std::max(t.empty() ? 0.0 : t.front(), tEnd - m_window);
    const double t1 = m_t0 + m_window;
    const auto first = std::lower_bound(t.begin(), t.end(), m_t0) - t.begin();
    const auto last = std::upper_bound(t.begin(), t.end(), t1) - t.begin();
    const std::size_t n = std::size_t(std::max<std::ptrdiff_t>(0, last - first));
    const std::size_t stride =
        std::max<std::size_t>(1, (n + std::size_t(m_maxPoints) - 1) / std::size_t(m_maxPoints));
    // per value axis: the range of the railed samples in view, and of the others (used only if no railed)
    struct Range {
        double lo = INFINITY, hi = -INFINITY;
        void add(double v) { lo = std::min(lo, v), hi = std::max(hi, v); }
        bool empty() const { return !(lo <= hi); }
    };
    std::vector<Range> railed(m_axes.size()), wreck(m_axes.size());
    bool anyWreck = false;
    for (int c = 0; c < kPlottedChannelCount; ++c) {
        const qsizetype axis = m_axisUnits.indexOf(channelUnit(plotted(c)));
        if (!m_series[c]->isVisible() || axis < 0) {
            m_series[c]->clear();
            m_wreck[c]->clear();
            continue;
        }
        const std::vector<float>& v = m_history->values(src, plotted(c));
        const double k = channelScale(plotted(c)); // SI -> shown unit
        QList<QPointF> on, off;
        on.reserve(qsizetype(n / stride + 2));
        for (std::size_t i = std::size_t(first); i < std::size_t(last); i += stride) {
            // the bucket's largest |value| keeps the peaks, railed and derailed samples apart
            std::ptrdiff_t pickOn = -1, pickOff = -1;
            for (std::size_t j = i; j < std::min(std::size_t(last), i + stride); ++j) {
                std::ptrdiff_t& pick = track[j] >= 0 ? pickOn : pickOff;
                if (pick < 0 || std::abs(v[j]) > std::abs(v[std::size_t(pick)])) pick = std::ptrdiff_t(j);
            }
            if (pickOn >= 0) {
                const QPointF p(t[std::size_t(pickOn)], k * v[std::size_t(pickOn)]);
                on.append(p);
                railed[std::size_t(axis)].add(p.y());
            }
            if (pickOff >= 0) {
                if (off.isEmpty() && !on.isEmpty()) off.append(on.back()); // joined to the last railed one
                const QPointF p(t[std::size_t(pickOff)], k * v[std::size_t(pickOff)]);
                off.append(p);
                wreck[std::size_t(axis)].add(p.y());
            }
        }
        anyWreck = anyWreck || !off.isEmpty();
        m_series[c]->replace(on);
        m_wreck[c]->replace(off);
    }
    m_axisT->setRange(m_t0, t1);
    for (std::size_t a = 0; a < m_axes.size(); ++a) {
        Range r = railed[a].empty() ? wreck[a] : railed[a];
        if (r.empty()) r.lo = 0, r.hi = 1;
        const double pad = std::max(1e-6, 0.08 * (r.hi - r.lo));
        m_axes[a]->setRange(r.lo - pad, r.hi + pad);
    }
    // one legend entry for the grey part, on the first shown channel that has some
    bool labelled = false;
    for (int c = 0; c < kPlottedChannelCount; ++c)
        for (QLegendMarker* m : m_view->chart()->legend()->markers(m_wreck[c])) {
            const bool show = anyWreck && !labelled && m_wreck[c]->count() > 0;
            labelled = labelled || show;
            if (m->isVisible() != show) m->setVisible(show);
        }
    if (std::isfinite(m_cursor) && !m_axes.empty())
        m_cursorLine->replace(
            {QPointF(m_cursor, m_axes.front()->min()), QPointF(m_cursor, m_axes.front()->max())});
    else
        m_cursorLine->clear();
    updateScrollBar();
}

void TelemetryPlot::showRider() {
    for (int c = 0; c < kPlottedChannelCount; ++c)
        setChannelVisible(plotted(c), isRiderG(plotted(c)));
}

bool TelemetryPlot::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_view->viewport() && event->type() == QEvent::Wheel) {
        auto* e = static_cast<QWheelEvent*>(event);
        const double centre = m_t0 + 0.5 * m_window;
        setWindow(m_window * (e->angleDelta().y() > 0 ? 0.8 : 1.25));
        if (!m_follow) m_t0 = std::max(0.0, centre - 0.5 * m_window);
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

bool TelemetryPlot::exportCsv(const QString& path, QString* error) const {
    const int src = source();
    if (src < 0) {
        if (error) *error = path + ": " + tr("no telemetry source to export");
        return false;
    }
    QString text;
    QTextStream out(&text);
    out << "t";
    std::vector<int> shown;
    for (int c = 0; c < kPlottedChannelCount; ++c)
        if (channelVisible(plotted(c))) {
            shown.push_back(c);
            out << "," << channelName(plotted(c));
        }
    out << "\n";
    const std::vector<double>& t = m_history->times(src);
    for (std::size_t i = 0; i < t.size(); ++i) {
        out << QString::number(t[i], 'g', 10);
        for (int c : shown)
            out << ","
                << QString::number(channelScale(plotted(c)) * m_history->values(src, plotted(c))[i], 'g', 7);
        out << "\n";
    }
    out.flush();
    try {
        tl::saveFile(path.toStdString(), text.toStdString()); // the one save path (core/io/SaveFile.h)
        return true;
    } catch (const std::exception& e) {
        if (error) *error = QString::fromStdString(e.what());
        return false;
    }
}

bool TelemetryPlot::exportPng(const QString& path) const {
    return m_view->grab().save(path, "PNG");
}

} // namespace tl::ui
