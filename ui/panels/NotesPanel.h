#pragma once
// The layout's own words: its description, its notes and the notes on its tracks (the file's "description"
// and "notes" keys), with three next steps for a first look: drive it, edit it, inspect a derailment.
#include <QWidget>

class QPushButton;
class QTextBrowser;

namespace tl {
struct LayoutSpec;
}

namespace tl::ui {

class Document;

class NotesPanel : public QWidget {
    Q_OBJECT
public:
    explicit NotesPanel(Document* doc, QWidget* parent = nullptr);

    QString plainText() const; // what the panel shows (tests)
    QPushButton* driveButton() const { return m_drive; }
    QPushButton* editButton() const { return m_edit; }
    QPushButton* derailButton() const { return m_derail; }
    bool hasContent() const; // the layout has a description or notes

    // The panel's HTML for a layout (description, notes, notes on tracks; all text escaped).
    static QString html(const LayoutSpec& spec, const QString& title);

signals:
    void driveRequested();
    void editRequested();
    void derailmentRequested();

public slots:
    void refresh();

private:
    Document* m_doc;
    QTextBrowser* m_text;
    QPushButton* m_drive;
    QPushButton* m_edit;
    QPushButton* m_derail;
};

} // namespace tl::ui
