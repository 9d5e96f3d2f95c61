#pragma once
// Live plot of one source's channels (constraint errors e1..e5, row forces f1..f6, speed, Y/Q against its
// Nadal limit, roll margin) from the TelemetryHistory. The user picks the source and the series; while
// following, the time window scrolls with the simulation; otherwise the history can be browsed with the
// scroll bar and the wheel (zoom). A cursor line marks the replay / event time. Each series draws at most
// maxPointsPerSeries() points (decimated), redrawn at most 20 times a second. Each unit among the shown
// channels has its own value axis (never two units on one axis); samples after the source derailed are
// drawn grey and the axes scale to the railed samples in view (the wreck does not set them).
#include "ui/sim/TelemetryHistory.h"

#include <QStringList>
#include <QTimer>
#include <QWidget>

#include <vector>

class QChartView;
class QComboBox;
class QLineSeries;
class QListWidget;
class QScrollBar;
class QValueAxis;

namespace tl::ui {

class TelemetryPlot : public QWidget {
    Q_OBJECT
public:
    explicit TelemetryPlot(const TelemetryHistory* history, QWidget* parent = nullptr);

    void sourcesChanged(); // the history was reset: refill the source list
    void dataChanged() { m_dirty = true; }
    void setSource(int source);
    int source() const;
    void setChannelVisible(Channel c, bool on);
    bool channelVisible(Channel c) const;
    void setFollow(bool on); // scroll with the newest data
    bool follows() const { return m_follow; }
    void setCursorTime(double t); // NaN hides the cursor
    double cursorTime() const { return m_cursor; }
    void setWindow(double seconds);
    double windowSeconds() const { return m_window; }
    double windowStart() const { return m_t0; }

    int maxPointsPerSeries() const { return m_maxPoints; }
    int pointCount(Channel c) const; // points drawn now
    QChartView* chartView() const { return m_view; }
    QLineSeries* series(Channel c) const { return m_series[plottedIndex(c)]; } // railed samples
    QLineSeries* wreckSeries(Channel c) const {
        return m_wreck[plottedIndex(c)];
    }                                       // after the derailment (grey)
    QValueAxis* valueAxis(Channel c) const; // the axis c is drawn against

    bool exportCsv(const QString& path, QString* error) const; // the visible channels, whole history
    bool exportPng(const QString& path) const;

public slots:
    void refresh();
    void showRider(); // the "Rider" preset: the rider's g-forces alone, on their axis in g

signals:
    void sourceSelected(int source);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void updateScrollBar();
    void layoutAxes(); // one value axis per unit of the shown channels, alternating left and right

    const TelemetryHistory* m_history;
    QComboBox* m_sourceBox;
    QListWidget* m_channels;
    QChartView* m_view;
    QValueAxis* m_axisT;
    std::vector<QValueAxis*> m_axes; // the value axes in the chart, one per unit shown
    QStringList m_axisUnits;         // their units
    QScrollBar* m_scroll;
    QLineSeries* m_series[kPlottedChannelCount] = {};
    QLineSeries* m_wreck[kPlottedChannelCount] = {};
    QLineSeries* m_cursorLine;
    QTimer m_timer;
    bool m_dirty = false;
    bool m_follow = true;
    bool m_updating = false;
    double m_window = 20.0; // visible span [s]
    double m_t0 = 0.0;      // visible start [s]
    double m_cursor;        // [s] or NaN
    int m_maxPoints = 800;
};

} // namespace tl::ui
