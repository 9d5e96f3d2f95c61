#include "ui/plots/TelemetryPlot.h"

#include "core/io/SaveFile.h"
#include "ui/Units.h"

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

namespace {
const QColor kColours[kChannelCount] = {
    QColor(30, 90, 200),  QColor(200, 60, 40),  QColor(40, 150, 60),  QColor(150, 60, 170),
    QColor(230, 140, 20), QColor(90, 90, 90),   QColor(220, 40, 40),  QColor(30, 140, 60),
    QColor(130, 70, 200), QColor(200, 150, 20), QColor(20, 160, 170), QColor(100, 100, 30),
    QColor(230, 30, 120), QColor(60, 60, 60),   QColor(0, 120, 200),  QColor(160, 100, 40)};
}

TelemetryPlot::TelemetryPlot(const TelemetryHistory* history, QWidget* parent)
    : QWidget(parent), m_history(history), m_cursor(std::nan("")) {
    auto* outer = new QHBoxLayout(this);
    auto* side = new QVBoxLayout;
    m_sourceBox = new QComboBox(this);
    m_sourceBox->setObjectName("plotSource");
    side->addWidget(m_sourceBox);
    m_channels = new QListWidget(this);
    m_channels->setObjectName("plotChannels");
    for (int c = 0; c < kChannelCount; ++c) {
        auto* item = new QListWidgetItem(channelName(Channel(c)), m_channels);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        const bool on =
            Channel(c) == Channel::Speed || Channel(c) == Channel::F1 || Channel(c) == Channel::F2;
        item->setCheckState(on ? Qt::Checked : Qt::Unchecked);
        item->setForeground(kColours[c]);
    }
    m_channels->setMaximumWidth(190);
    side->addWidget(m_channels, 1);
    auto* buttons = new QHBoxLayout;
    auto* csv = new QPushButton(tr("CSV…"), this);
    auto* png = new QPushButton(tr("PNG…"), this);
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
    m_axisY = new QValueAxis;
    chart->addAxis(m_axisT, Qt::AlignBottom);
    chart->addAxis(m_axisY, Qt::AlignLeft);
    for (int c = 0; c < kChannelCount; ++c) {
        m_series[c] = new QLineSeries;
        m_series[c]->setName(channelName(Channel(c)));
        m_series[c]->setPen(QPen(kColours[c], 1.5));
        chart->addSeries(m_series[c]);
        m_series[c]->attachAxis(m_axisT);
        m_series[c]->attachAxis(m_axisY);
        m_series[c]->setVisible(m_channels->item(c)->checkState() == Qt::Checked);
    }
    m_cursorLine = new QLineSeries;
    m_cursorLine->setName(tr("cursor"));
    m_cursorLine->setPen(QPen(QColor(0, 0, 0), 1, Qt::DashLine));
    chart->addSeries(m_cursorLine);
    m_cursorLine->attachAxis(m_axisT);
    m_cursorLine->attachAxis(m_axisY);
    chart->legend()->markers(m_cursorLine).first()->setVisible(false);
    m_view = new QChartView(chart, this);
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
        for (int c = 0; c < kChannelCount; ++c) {
            m_series[c]->setName(channelName(Channel(c)));
            m_channels->item(c)->setText(channelName(Channel(c)));
        }
        m_dirty = true;
    });
    connect(m_sourceBox, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_dirty = true;
        if (!m_updating) emit sourceSelected(i);
    });
    connect(m_channels, &QListWidget::itemChanged, this, [this](QListWidgetItem* item) {
        const int c = m_channels->row(item);
        m_series[c]->setVisible(item->checkState() == Qt::Checked);
        m_dirty = true;
    });
    connect(m_scroll, &QScrollBar::valueChanged, this, [this](int v) {
        if (m_updating) return;
        m_follow = false; // the user took over the time axis
        m_t0 = v / 10.0;
        m_dirty = true;
    });
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
    m_channels->item(int(c))->setCheckState(on ? Qt::Checked : Qt::Unchecked);
}
bool TelemetryPlot::channelVisible(Channel c) const {
    return m_channels->item(int(c))->checkState() == Qt::Checked;
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
    return int(m_series[int(c)]->count());
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
        for (auto* s : m_series)
            s->clear();
        return;
    }
    const std::vector<double>& t = m_history->times(src);
    const double tEnd = t.empty() ? 0.0 : t.back();
    if (m_follow) m_t0 = std::max(t.empty() ? 0.0 : t.front(), tEnd - m_window);
    const double t1 = m_t0 + m_window;
    const auto first = std::lower_bound(t.begin(), t.end(), m_t0) - t.begin();
    const auto last = std::upper_bound(t.begin(), t.end(), t1) - t.begin();
    const std::size_t n = std::size_t(std::max<std::ptrdiff_t>(0, last - first));
    const std::size_t stride =
        std::max<std::size_t>(1, (n + std::size_t(m_maxPoints) - 1) / std::size_t(m_maxPoints));
    double lo = INFINITY, hi = -INFINITY;
    for (int c = 0; c < kChannelCount; ++c) {
        if (!m_series[c]->isVisible()) {
            m_series[c]->clear();
            continue;
        }
        const std::vector<float>& v = m_history->values(src, Channel(c));
        const double k = channelScale(Channel(c)); // SI -> shown unit
        QList<QPointF> pts;
        pts.reserve(qsizetype(n / stride + 2));
        for (std::size_t i = std::size_t(first); i < std::size_t(last); i += stride) {
            // min/max of each stride bucket would be better for spikes; the bucket's max |value| keeps peaks
            std::size_t pick = i;
            for (std::size_t j = i; j < std::min(std::size_t(last), i + stride); ++j)
                if (std::abs(v[j]) > std::abs(v[pick])) pick = j;
            pts.append(QPointF(t[pick], k * v[pick]));
            lo = std::min(lo, k * v[pick]);
            hi = std::max(hi, k * v[pick]);
        }
        m_series[c]->replace(pts);
    }
    m_axisT->setRange(m_t0, t1);
    if (!std::isfinite(lo)) lo = 0, hi = 1;
    const double pad = std::max(1e-6, 0.08 * (hi - lo));
    m_axisY->setRange(lo - pad, hi + pad);
    if (std::isfinite(m_cursor))
        m_cursorLine->replace({QPointF(m_cursor, lo - pad), QPointF(m_cursor, hi + pad)});
    else
        m_cursorLine->clear();
    updateScrollBar();
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
    for (int c = 0; c < kChannelCount; ++c)
        if (channelVisible(Channel(c))) {
            shown.push_back(c);
            out << "," << channelName(Channel(c));
        }
    out << "\n";
    const std::vector<double>& t = m_history->times(src);
    for (std::size_t i = 0; i < t.size(); ++i) {
        out << QString::number(t[i], 'g', 10);
        for (int c : shown)
            out << ","
                << QString::number(channelScale(Channel(c)) * m_history->values(src, Channel(c))[i], 'g', 7);
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
