#include "ui/plots/LivePlot.h"

#include <QChart>
#include <QLineSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace tl::ui {

LivePlot::LivePlot(QWidget* parent) : QChartView(parent) {
    auto* chart = new QChart;
    chart->legend()->setAlignment(Qt::AlignTop);
    chart->setMargins(QMargins(4, 4, 4, 4));
    m_axisT = new QValueAxis;
    m_axisT->setTitleText(tr("time [s]"));
    m_axisT->setLabelFormat("%.1f");
    m_axisY = new QValueAxis;
    chart->addAxis(m_axisT, Qt::AlignBottom);
    chart->addAxis(m_axisY, Qt::AlignLeft);
    setChart(chart);
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(230);
    m_refresh.setInterval(50); // 20 Hz redraw, independent of the simulation rate
    connect(&m_refresh, &QTimer::timeout, this, &LivePlot::refresh);
    m_refresh.start();
}

int LivePlot::addSeries(const QString& name, const QColor& colour) {
    Series s;
    s.line = new QLineSeries;
    s.line->setName(name);
    s.line->setColor(colour);
    s.line->setUseOpenGL(false);
    chart()->addSeries(s.line);
    s.line->attachAxis(m_axisT);
    s.line->attachAxis(m_axisY);
    m_series.push_back(std::move(s));
    return int(m_series.size()) - 1;
}

void LivePlot::setValueAxisTitle(const QString& title) {
    m_axisY->setTitleText(title);
}

void LivePlot::appendSample(int series, double t, double value) {
    if (series < 0 || series >= int(m_series.size()) || !std::isfinite(t) || !std::isfinite(value)) return;
    auto& samples = m_series[size_t(series)].samples;
    samples.emplace_back(t, value);
    // keep a little more than the window; drop the rest in chunks (amortized O(1))
    if (samples.size() > 4096 && samples.front().x() < t - 2 * m_window) {
        const auto first = std::lower_bound(samples.begin(), samples.end(), t - m_window,
                                            [](const QPointF& p, double x) { return p.x() < x; });
        samples.erase(samples.begin(), first);
    }
    m_dirty = true;
}

void LivePlot::clear() {
    for (auto& s : m_series) {
        s.samples.clear();
        s.line->clear();
    }
    m_dirty = false;
}

int LivePlot::pointCount(int series) const {
    return series >= 0 && series < int(m_series.size()) ? int(m_series[size_t(series)].line->count()) : 0;
}

int LivePlot::sampleCount(int series) const {
    return series >= 0 && series < int(m_series.size()) ? int(m_series[size_t(series)].samples.size()) : 0;
}

void LivePlot::refresh() {
    if (!m_dirty) return;
    m_dirty = false;
    double tMax = 0, yMin = INFINITY, yMax = -INFINITY;
    for (const auto& s : m_series)
        if (!s.samples.empty()) tMax = std::max(tMax, s.samples.back().x());
    const double tMin = std::max(0.0, tMax - m_window);
    for (auto& s : m_series) {
        const auto first = std::lower_bound(s.samples.begin(), s.samples.end(), tMin,
                                            [](const QPointF& p, double x) { return p.x() < x; });
        const size_t n = size_t(s.samples.end() - first);
        const size_t stride = std::max<size_t>(1, (n + size_t(m_maxPoints) - 1) / size_t(m_maxPoints));
        QList<QPointF> pts;
        pts.reserve(qsizetype(n / stride + 1));
        for (auto it = first; it < s.samples.end(); it += std::ptrdiff_t(stride)) {
            pts.append(*it);
            if (s.samples.end() - it <= std::ptrdiff_t(stride)) break;
        }
        if (n > 0 && pts.back() != s.samples.back()) pts.append(s.samples.back()); // always show the newest
        for (const QPointF& p : pts) {
            yMin = std::min(yMin, p.y());
            yMax = std::max(yMax, p.y());
        }
        s.line->replace(pts);
    }
    m_axisT->setRange(tMin, std::max(tMin + m_window, tMax));
    if (std::isfinite(yMin)) {
        const double pad = std::max(1e-6, 0.08 * (yMax - yMin));
        m_axisY->setRange(yMin - pad, yMax + pad);
    }
}

} // namespace tl::ui
