#pragma once
// The twist / cant profile editor: the bank from the vertical (Track::bank) over s for the selected track,
// shown as cant in mm over the rail-centre distance on a railway layout and in degrees on a coaster
// (ui/BankDisplay.h), its keys (drag them; double-click adds one, right-click deletes one), and beside it
// the equilibrium bank -atan(v^2 kappa_L/g) for the lateral curvature at a chosen speed (read-only; the
// track's design speed when a track is selected), so the user sees where cant is missing. Every change is an
// undo step; a whole key drag is one.
#include "render/track/TrackColouring.h"

#include <QChartView>
#include <QWidget>

#include <functional>
#include <memory>

class QDoubleSpinBox;
class QLabel;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace tl {
struct TwistSpec;
struct TrackSpec;
struct LayoutSpec;
} // namespace tl

namespace tl::ui {

class Document;

class TwistEditor : public QWidget {
    Q_OBJECT
public:
    explicit TwistEditor(Document* doc, QWidget* parent = nullptr);
    void setTrack(int track);
    int track() const { return m_track; }

    QChartView* chartView() const { return m_view; }
    QPointF keyPosition(int k) const; // key k in chart-view pixels (for tests)
    int keyCount() const;
    void setSpeed(double metresPerSecond);
    double speed() const; // equilibrium speed [m/s]
    // Sampled curves as drawn: (s [m], bank as shown). On a railway the cant's size [mm] (>= 0), the raised
    // rail told by the colour: the stretches where the right rail is high are drawn again over the line
    // (rightRailHighCurves); on a coaster the signed bank in the angle unit.
    QList<QPointF> twistCurve() const;
    QList<QPointF> equilibriumCurve() const;
    QList<QList<QPointF>> rightRailHighCurves() const;
    // The rider g the track is coloured by (View > Track Colour > By Estimated ... g, or measured in the
    // run), drawn on a right-hand g axis while that colouring is shown: the source returns the vertical and
    // lateral values by track id, or nulls when no such colouring is shown. refreshRiderG() draws them again
    // (the colouring changed).
    struct RiderG {
        std::shared_ptr<const render::SampledValues> vertical, lateral;
        bool measured = false;
    };
    void setRiderGSource(std::function<RiderG()> source) { m_riderG = std::move(source); }
    void refreshRiderG() { refresh(); }
    QList<QPointF> verticalGCurve() const;
    QList<QPointF> lateralGCurve() const;
    double largestDeficiency() const { return m_worstDeficiency; } // as shown (mm or angle unit)
    QString info() const; // the line above the chart (track, largest cant deficiency)
    QString axisTitle() const;

    // Edits (also used by the mouse handling).
    void moveKey(int k, double s, double angleRad);
    void addKey(double s, double angleRad);
    void deleteKey(int k);

signals:
    void speedChanged(double metresPerSecond); // the equilibrium speed (typed, or a track's design speed)

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void refresh();
    void applyUnitNames();
    // The keys profile being edited (the twist itself, or the first "keys" part of a sum), or null.
    static TwistSpec* editableKeys(LayoutSpec& spec, int track, bool create);
    double othersAt(double s) const; // bank minus the keys part at s [rad]
    // The bank [rad] a value read off the chart at s means: on a railway a size of cant on the side its
    // rail is raised now (or, where the track is level, the side the curve leans to).
    double bankFromChart(double s, double shown) const;
    static double designSpeed(const tl::TrackSpec& t, const tl::LayoutSpec& spec); // [m/s], 0 if none
    int keyNear(const QPointF& viewPos) const;

    Document* m_doc;
    int m_track = -1;
    QChartView* m_view;
    QLineSeries* m_twist;
    QLineSeries* m_equilibrium;
    QList<QLineSeries*> m_rightHigh; // the right-rail-high stretches, over m_twist (railways)
    QLineSeries* m_verticalG;
    QLineSeries* m_lateralG;
    QValueAxis* m_axisG;
    std::function<RiderG()> m_riderG;
    QScatterSeries* m_keys;
    QValueAxis* m_axisS;
    QValueAxis* m_axisA;
    QDoubleSpinBox* m_speed;
    QLabel* m_info;
    int m_dragKey = -1;
    double m_speedSI = 25.0;        // equilibrium speed [m/s]
    double m_worstDeficiency = 0.0; // as shown
};

} // namespace tl::ui
