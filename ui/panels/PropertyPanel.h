#pragma once
// Numeric properties of the selected track (and control point): id, body, curve parameters, placement,
// twist profile type and parameters; or of the selected signal (PropertySignal.cpp): id, kind, direction, s,
// overlap and the routes from it. Angles are shown in degrees, speeds in km/h, cant in mm on a railway
// layout (bank in degrees on a coaster, ui/BankDisplay.h); every change is one
// undo step (typing and arrow steps on the same field merge). A change the layout refuses stays, like any
// edit, and the panel shows why (the 3D view keeps the last valid layout: Document::layout).
#include <QWidget>

#include <functional>
#include <string>

class QDoubleSpinBox;
class QFormLayout;
class QLabel;

namespace tl {
struct LayoutSpec;
}

namespace tl::ui {

class Document;

class PropertyPanel : public QWidget {
    Q_OBJECT
public:
    explicit PropertyPanel(Document* doc, QWidget* parent = nullptr);
    void setSelection(int track, int point); // a track (and point) selected: its fields
    // The signal selected with the signal tool (ui/tools/SignalTool.h; index into the spec's signals, -1 for
    // none): its fields instead of a track's.
    void setSignal(int signal);

private:
    void scheduleRebuild();
    void rebuild();
    void rebuildSignal();       // the selected signal's fields (PropertySignal.cpp)
    void rebuildSignalRoutes(); // its routes: list, overlaps, "Delete route", "Add route to..." (same file)
    void addSection(const QString& title);
    // A number field: `scale` converts the stored SI value to the shown unit (e.g. 180/pi for degrees).
    void addNumber(const QString& label, double value, const QString& unit, double min, double max,
                   int decimals, double scale, const QString& field,
                   std::function<void(LayoutSpec&, double)> apply);
    // A bank angle [rad]: cant in mm over the rail-centre distance on a railway layout, else the angle unit
    // (ui/BankDisplay.h); `positive`: >= 0 only (a cant's maximum).
    void addBank(const QString& label, double value, bool positive, const QString& field,
                 std::function<void(LayoutSpec&, double)> apply);
    // The field itself: the stored SI value shown through toShown, typed values stored through fromShown.
    void addField(QDoubleSpinBox* box, const QString& label, double value, const QString& unit, double min,
                  double max, std::function<double(double)> toShown, std::function<double(double)> fromShown,
                  const QString& field, std::function<void(LayoutSpec&, double)> apply);
    void commit(const QString& text, const QString& field, const std::function<void(LayoutSpec&)>& change);

    Document* m_doc;
    QFormLayout* m_form = nullptr;
    QLabel* m_error = nullptr;
    int m_track = -1, m_point = -1;
    int m_signal = -1;   // setSignal
    std::string m_route; // the route selected in the signal's route list (kept across rebuilds)
    bool m_rebuildPending = false;
};

} // namespace tl::ui
