#pragma once
// The "Checks" dock: pick a design-rule profile (the shipped ones and any the user opened), check the layout
// against it place by place (core/checks/CheckEngine.h) and list the violations and the curve table
// (permissible speed; the critical speed by simulation for a chosen train, run in the background).
// Selecting a row selects its track and flies the camera to the place. It drives two things the render
// layer draws: the track coloured by check (one colour per rule, a legend over the 3D view) and speed
// signs along the track (line speeds where they start, permissible speeds at each curve). Below, the
// derailment-risk map of a train (RiskPanel.h), whose colours replace the checks' while shown.
#include "core/checks/CheckEngine.h"
#include "core/checks/RuleProfile.h"

#include <QWidget>

#include <memory>
#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;
class QTimer;

namespace tl::render {
class LayoutScene;
class SpeedSigns;
} // namespace tl::render

namespace tl::ui {

class Document;
class EditController;
class OsgViewWidget;

class RiskPanel;

class ChecksPanel : public QWidget {
    Q_OBJECT
public:
    ChecksPanel(Document* doc, render::LayoutScene* scene, OsgViewWidget* view, EditController* editor,
                QWidget* parent = nullptr);
    ~ChecksPanel() override;

    // Add a profile file to the list (remembered) and check with it. false + message on a bad file.
    bool openProfile(const QString& path);
    void setProfileIndex(int index); // index into profileBox()
    void runCheck();                 // check the current layout now
    void simulateCritical();         // critical speed per curve for the chosen train (background)
    void selectViolation(int row);   // select its track and fly there
    void selectCurve(int row);

    QComboBox* profileBox() const { return m_profiles; }
    QTableWidget* violationTable() const { return m_violations; }
    QTableWidget* curveTable() const { return m_curves; }
    QCheckBox* overlayBox() const { return m_overlay; }
    QCheckBox* signsBox() const { return m_signs; }
    QLabel* legend() const { return m_legend; }
    RiskPanel* riskPanel() const { return m_risk; }
    const render::SpeedSigns& signs() const { return *m_signNodes; }
    QString statusText() const;
    const CheckReport& report() const { return m_report; }
    const RuleProfile* profile() const { return m_profile ? &*m_profile : nullptr; }
    bool criticalRunning() const { return m_running > 0; }

signals:
    void checked();          // a new report is shown
    void criticalFinished(); // the simulated critical speeds are in the curve table

protected:
    void showEvent(QShowEvent* e) override;
    void hideEvent(QHideEvent* e) override;

private:
    void fillProfiles();
    void loadSelectedProfile();
    void showReport();
    void updateOverlay();
    void updateSigns();
    void updateTrains();
    void flyTo(int track, double s);

    Document* m_doc;
    render::LayoutScene* m_scene;
    OsgViewWidget* m_view;
    EditController* m_editor;
    std::unique_ptr<render::SpeedSigns> m_signNodes;
    QComboBox* m_profiles = nullptr;
    QPushButton* m_open = nullptr;
    QLabel* m_status = nullptr;
    QTableWidget* m_violations = nullptr;
    QTableWidget* m_curves = nullptr;
    QCheckBox* m_overlay = nullptr;
    QCheckBox* m_signs = nullptr;
    QComboBox* m_trains = nullptr;
    QPushButton* m_simulate = nullptr;
    QLabel* m_legend = nullptr; // over the 3D view
    RiskPanel* m_risk = nullptr;
    QTimer* m_debounce = nullptr;
    std::optional<RuleProfile> m_profile;
    QString m_profileError;
    CheckReport m_report;
    int m_generation = 0; // bumps with every check: late simulation results of an older one are dropped
    int m_running = 0;
    bool m_picked = false; // the user chose a profile (else the layout's look picks one)
};

} // namespace tl::ui
