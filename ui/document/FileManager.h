#pragma once
// File handling for the main window: New/Open/Save/Save As, recent files (QSettings), the unsaved-changes
// question, and autosave every 30 s to a per-document recovery file (RecoveryStore) that is offered when
// that document is opened again after a crash (or at start-up), before anything may delete it.
// Errors never touch the open document; they are reported through error() (the window shows them).
#include "ui/document/RecoveryStore.h"

#include <QObject>
#include <QStringList>
#include <QTimer>

#include <functional>

class QWidget;

namespace tl::ui {

class Document;

class FileManager : public QObject {
    Q_OBJECT
public:
    FileManager(Document* doc, QWidget* window);

    // false + error() on failure, document untouched. An orphaned autosave of `path` is offered first.
    bool open(const QString& path);
    bool save(); // to the current path, or Save As if there is none
    bool saveAs(const QString& path);
    // A bundled layout (compiled in): demo.json (first start) or coaster.json.
    bool openDemo(const QString& name = QStringLiteral("demo.json"));
    // File > Import: an IFC 4.3 alignment file (core/alignment/IfcAlignmentReader.h) becomes a new, untitled
    // layout; its warnings go to lastWarnings(). false + error() on failure, document
    // untouched.
    bool importIfc(const QString& path);
    QStringList lastWarnings() const { return m_warnings; }
    // File > Export: the layout as a NoLimits 2 track-spline CSV ("nl2csv", coaster layouts;
    // core/io/Nl2CsvExport.h) or its rails, sleepers and ballast as an OBJ mesh ("obj";
    // render/track/LayoutObjExport.h) or its level ground track as IFC 4.3 alignments ("ifc";
    // core/alignment/IfcAlignmentWriter.h; the refused tracks go to lastWarnings()). A failed write keeps the
    // old file. false + error() on failure.
    bool exportLayout(const QString& path, const QString& format);
    // false: no recent files, no autosave, no recovery files (e.g. a --screenshot run)
    void setPersistent(bool on);
    QString lastError() const { return m_lastError; }

    // Interactive variants (file dialogs, questions).
    void newFileInteractive();
    void openInteractive();
    bool saveAsInteractive();
    bool importInteractive();
    bool exportInteractive(const QString& format);
    bool maybeSave(); // true if the caller may discard the document (saved, discarded or unmodified)

    QStringList recentFiles() const;
    QString recoveryPath() const; // this window's autosave file ("" before the first autosave)
    bool writeRecovery();         // autosave now (only if modified); true if written
    bool hasRecovery() const;     // an orphaned autosave (of a crashed session) exists
    // Offer the newest orphaned autosave (start-up without a file argument): true if it was recovered.
    bool offerRecovery();
    bool recover(const RecoveryStore::Entry& e); // load it (document marked modified, path restored)
    void discardRecovery();                      // this window's own autosave
    void setAutosaveInterval(int ms) { m_autosave.setInterval(ms); }
    // The yes/no question before recovering (default: a message box over the window).
    void setRecoveryQuestion(std::function<bool(const QString&)> ask) { m_ask = std::move(ask); }
    void setOfferRecovery(bool on) { m_offer = on; } // off (--screenshot): neither asked nor deleted

signals:
    void recentFilesChanged();
    void error(const QString& message); // a file could not be read or written

private:
    void remember(const QString& path);
    QStringList m_warnings;
    bool fail(const QString& message);
    bool askRecover(const RecoveryStore::Entry& e); // the question; declining deletes the entry

    Document* m_doc;
    QWidget* m_window;
    QTimer m_autosave;
    QString m_lastError;
    RecoveryStore m_recovery;
    std::function<bool(const QString&)> m_ask;
    bool m_offer = true;
    bool m_persistent = true;
};

} // namespace tl::ui
