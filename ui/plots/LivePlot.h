#pragma once
// A scrolling time plot of live simulation quantities (Qt Charts). Samples go into a buffer; the chart
// is refreshed at a bounded rate with at most maxPointsPerSeries() points per series (decimated), so it
// stays smooth however fast the simulation produces samples.
#include <QChartView>
#include <QList>
#include <QPointF>
#include <QTimer>

#include <vector>

class QLineSeries;
class QValueAxis;

namespace tl::ui {

class LivePlot : public QChartView {
    Q_OBJECT
public:
    explicit LivePlot(QWidget* parent = nullptr);

    int addSeries(const QString& name, const QColor& colour); // returns the series index
    void appendSample(int series, double t, double value);    // t [s]
    void clear();

    void setTimeWindow(double seconds) { m_window = seconds; }
    void setValueAxisTitle(const QString& title);
    int maxPointsPerSeries() const { return m_maxPoints; }
    int pointCount(int series) const;  // points currently drawn
    int sampleCount(int series) const; // samples buffered

public slots:
    void refresh(); // push the buffered samples (decimated) into the chart

private:
    struct Series {
        QLineSeries* line = nullptr;
        std::vector<QPointF> samples; // (t, value), t increasing
    };
    std::vector<Series> m_series;
    QValueAxis* m_axisT = nullptr;
    QValueAxis* m_axisY = nullptr;
    QTimer m_refresh;
    double m_window = 20.0; // visible time span [s]
    int m_maxPoints = 600;
    bool m_dirty = false;
};

} // namespace tl::ui
