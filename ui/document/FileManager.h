#pragma once
// File handling for the main window: New/Open/Save/Save As, recent files (QSettings), the unsaved-changes
// question, and autosave every 30 s to a recovery file that is offered on the next start after a crash.
// Errors never touch the open document; they are reported through error() (the window shows them).
#include <QObject>
#include <QStringList>
#include <QTimer>

class QWidget;

namespace tl::ui {

class Document;

class FileManager : public QObject {
    Q_OBJECT
public:
    FileManager(Document* doc, QWidget* window);

    bool open(const QString& path); // false + error() on failure, document untouched
    bool save();                    // to the current path, or Save As if there is none
    bool saveAs(const QString& path);
    // A bundled layout (compiled in): demo.json (first start) or coaster.json.
    bool openDemo(const QString& name = QStringLiteral("demo.json"));
    // false: no recent files, no autosave, no recovery files (e.g. a --screenshot run)
    void setPersistent(bool on);
    QString lastError() const { return m_lastError; }

    // Interactive variants (file dialogs, questions).
    void newFileInteractive();
    void openInteractive();
    bool saveAsInteractive();
    bool maybeSave(); // true if the caller may discard the document (saved, discarded or unmodified)

    QStringList recentFiles() const;
    static QString recoveryPath();
    bool writeRecovery(); // autosave now (only if modified); true if written
    bool hasRecovery() const;
    bool recover(); // load the recovery file (document marked modified, path restored)
    void discardRecovery();
    void setAutosaveInterval(int ms) { m_autosave.setInterval(ms); }

signals:
    void recentFilesChanged();
    void error(const QString& message); // a file could not be read or written

private:
    void remember(const QString& path);
    bool fail(const QString& message);

    Document* m_doc;
    QWidget* m_window;
    QTimer m_autosave;
    QString m_lastError;
    bool m_persistent = true;
};

} // namespace tl::ui
