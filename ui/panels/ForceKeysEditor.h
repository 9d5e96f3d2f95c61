#pragma once
// The force keys editor (View > Force Keys): the laws of the selected force section (curve type "force",
// core/curves/ForceSection.h; docs/layout-format.md, "Force sections") drawn against x, metres of heartline
// for a section with a `length` or seconds for one with a `duration`: normalG and lateralG [g] on the left
// axis, rollRate on the right (rad/s in the file, the View > Units angle per second here). The law chosen in
// the combo shows its keys: drag one (by the mouse's offset, between its neighbours), double-click to add one
// at the cursor, Delete removes the selected one, the spin boxes type the selected key's x and value (or a
// constant law's value), and a button turns a constant law into keys and keys back into a constant. Every
// change is an EditLayout (the Properties panel's path): one undo step, a whole drag too; the document
// recompiles and the 3D view follows. An edit the layout refuses (keys out of order, a stall) stays in the
// spec, the view keeps the last good geometry and this panel shows the layout's reason.
#include <QChartView>
#include <QWidget>

#include <array>
#include <string>
#include <utility>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineSeries;
class QPushButton;
class QScatterSeries;
class QValueAxis;

namespace tl {
struct CurveSpec;
}

namespace tl::ui {

class Document;

class ForceKeysEditor : public QWidget {
    Q_OBJECT
public:
    enum class Law { Normal = 0, Lateral = 1, Roll = 2 }; // normalG, lateralG, rollRate

    explicit ForceKeysEditor(Document* doc, QWidget* parent = nullptr);
    void setTrack(int track);
    int track() const { return m_track; }
    bool showsForceSection() const; // the shown track is a force section
    void setLaw(Law law);           // the law whose keys are edited (the combo)
    Law law() const { return m_law; }

    // For tests and the mouse handling.
    QChartView* chartView() const { return m_view; }
    QScatterSeries* keySeries() const; // the chosen law's keys as drawn (x, shown value)
    int keyCount() const;              // the chosen law's keys (0: a constant)
    QPointF keyPosition(int k) const;  // key k in chart-view viewport pixels
    int selectedKey() const { return m_selected; }
    void selectKey(int k);
    QList<QPointF> curve(Law law) const; // the law as drawn: (x, shown value)
    QString message() const;             // the layout's reason for refusing the last edit, or empty

    // Edits (values in SI: g, rad/s). Each is one undo step; a non-empty merge key merges steps.
    void moveKey(int k, double x, double value, const QString& mergeKey = {});
    void addKey(double x, double value);
    void deleteKey(int k);
    void setConstant(double value);
    void toKeys();     // a constant law becomes keys [[0, v], [end, v]]
    void toConstant(); // keys become the constant of the first key (the section's start is kept)

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    static const char* fileKey(Law law);
    static double fallback(Law law); // a law's value where the file does not give it
    double scale(Law law) const;     // SI -> shown (1 for g; the angle unit per rad for the roll rate)
    const CurveSpec* section() const;
    double extent() const; // the section's length [m] or duration [s]
    bool byTime() const;
    std::vector<std::pair<double, double>> keysOf(Law law) const; // SI
    double constantOf(Law law) const;                             // SI
    double lawAt(Law law, double x) const;                        // SI, the file's interpolation
    void push(const CurveSpec& curve, const QString& text, const QString& mergeKey = {});
    void refresh();
    void refreshFields();
    int keyNear(const QPointF& viewPos) const;

    Document* m_doc;
    int m_track = -1;
    Law m_law = Law::Normal;
    QComboBox* m_lawBox;
    QPushButton* m_convert;
    QPushButton* m_add;
    QPushButton* m_delete;
    QDoubleSpinBox* m_x;
    QDoubleSpinBox* m_value;
    QLabel* m_info;
    QLabel* m_error;
    QChartView* m_view;
    std::array<QLineSeries*, 3> m_lines{};
    std::array<QScatterSeries*, 3> m_keys{};
    QValueAxis* m_axisX;
    QValueAxis* m_axisG;
    QValueAxis* m_axisR;
    int m_selected = -1;
    // a drag: the key, where the mouse was pressed and where the key was then (chart values, shown units)
    int m_dragKey = -1;
    // the press in pixels, the key's value then, and the value per pixel then (the plot area may shift while
    // the layout rebuilds, e.g. when an axis label widens: the drag keeps the scale it started with)
    QPointF m_dragFrom, m_dragKeyStart, m_dragPerPixel;
    int m_drags = 0; // drags so far: each is its own undo step
};

} // namespace tl::ui
