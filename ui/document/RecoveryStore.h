#pragma once
// Autosave files, one per document, so that no instance or document can delete another's:
//   <AppData>/recovery/<key>.json    the autosaved layout text
//   <AppData>/recovery/<key>.origin  the document's absolute path (empty: an untitled document)
//   <AppData>/recovery/<key>.lock    a QLockFile held by the instance that autosaves this document
// key = the first 16 hex digits of SHA-1 of the document's absolute path, or "untitled-PID-N".
// An entry whose lock is free (its instance quit or was killed: a stale lock) is an orphan: it is offered
// to the user when its document is opened (or at start-up) and deleted only after the user declines, or
// after the recovered document is saved or discarded.
#include <QDateTime>
#include <QLockFile>
#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace tl::ui {

class RecoveryStore {
public:
    struct Entry {
        QString key;          // file name stem in directory()
        QString origin;       // the document's absolute path ("" = untitled)
        QDateTime saved;      // when it was autosaved
        QString file() const; // the .json
    };

    RecoveryStore() = default;
    ~RecoveryStore(); // releases the lock; keeps the files (a crash keeps them the same way)
    RecoveryStore(const RecoveryStore&) = delete;
    RecoveryStore& operator=(const RecoveryStore&) = delete;

    static QString directory();
    static QString keyFor(const QString& documentPath); // "" path: a new untitled key each call
    // Entries no live instance owns (lock free or stale), newest first.
    static std::vector<Entry> orphans();
    static std::optional<Entry> orphanFor(const QString& documentPath);
    static void remove(const QString& key); // all three files

    // Autosave the document at `documentPath` through `write(file, error)`; switches (and deletes) this
    // instance's own previous entry when the document's path changed. False if the lock is held by another
    // live instance for the same document or the writer failed.
    bool write(const QString& documentPath, const std::function<bool(const QString&, QString*)>& write,
               QString* error);
    // Take over an orphan (after recovering it): it is now this instance's entry. False if it is locked.
    bool adopt(const Entry& e);
    void discard();              // delete this instance's own entry (after a save, a discard, a clean close)
    QString currentFile() const; // this instance's .json ("" if none)

private:
    bool own(const QString& key);
    QString m_key;    // "" = none
    QString m_origin; // the document path of m_key
    std::unique_ptr<QLockFile> m_lock;
};

} // namespace tl::ui
