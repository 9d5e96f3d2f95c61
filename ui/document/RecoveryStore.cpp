#include "ui/document/RecoveryStore.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

#include <atomic>

namespace tl::ui {

namespace {
QString pathOf(const QString& key, const char* suffix) {
    return QDir(RecoveryStore::directory()).filePath(key + suffix);
}
std::atomic<int> g_untitled{0};
} // namespace

QString RecoveryStore::Entry::file() const {
    return pathOf(key, ".json");
}

RecoveryStore::~RecoveryStore() = default;

QString RecoveryStore::directory() {
    const QString dir =
        QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath("recovery");
    QDir().mkpath(dir);
    return dir;
}

QString RecoveryStore::keyFor(const QString& documentPath) {
    if (documentPath.isEmpty())
        return QString("untitled-%1-%2").arg(QCoreApplication::applicationPid()).arg(++g_untitled);
    const QByteArray abs = QFileInfo(documentPath).absoluteFilePath().toUtf8();
    return QString::fromLatin1(QCryptographicHash::hash(abs, QCryptographicHash::Sha1).toHex().left(16));
}

std::vector<RecoveryStore::Entry> RecoveryStore::orphans() {
    std::vector<Entry> out;
    const QDir dir(directory());
    for (const QFileInfo& fi : dir.entryInfoList({"*.json"}, QDir::Files, QDir::Time)) {
        const QString key = fi.completeBaseName();
        QLockFile lock(pathOf(key, ".lock"));
        lock.setStaleLockTime(0);       // only a dead owner's lock is stale (its PID is gone)
        if (!lock.tryLock(0)) continue; // a live instance autosaves it
        lock.unlock();
        Entry e;
        e.key = key;
        e.saved = fi.lastModified();
        QFile origin(pathOf(key, ".origin"));
        if (origin.open(QIODevice::ReadOnly)) e.origin = QString::fromUtf8(origin.readAll());
        out.push_back(e);
    }
    return out;
}

std::optional<RecoveryStore::Entry> RecoveryStore::orphanFor(const QString& documentPath) {
    if (documentPath.isEmpty()) return std::nullopt;
    const QString key = keyFor(documentPath);
    for (const Entry& e : orphans())
        if (e.key == key) return e;
    return std::nullopt;
}

void RecoveryStore::remove(const QString& key) {
    QFile::remove(pathOf(key, ".json"));
    QFile::remove(pathOf(key, ".origin"));
    QFile::remove(pathOf(key, ".lock"));
}

bool RecoveryStore::own(const QString& key) {
    if (key == m_key && m_lock) return true;
    auto lock = std::make_unique<QLockFile>(pathOf(key, ".lock"));
    lock->setStaleLockTime(0);
    if (!lock->tryLock(0)) return false;
    discard(); // the previous document's entry is ours and no longer needed
    m_key = key;
    m_lock = std::move(lock);
    return true;
}

bool RecoveryStore::write(const QString& documentPath,
                          const std::function<bool(const QString&, QString*)>& write, QString* error) {
    const QString abs = documentPath.isEmpty() ? QString() : QFileInfo(documentPath).absoluteFilePath();
    if (!m_lock || abs != m_origin || (abs.isEmpty() && !m_key.startsWith("untitled-"))) {
        const QString key = keyFor(abs);
        if (!own(key)) {
            if (error) *error = QObject::tr("another TrackLab window autosaves %1").arg(abs);
            return false;
        }
        m_origin = abs;
        QFile origin(pathOf(m_key, ".origin"));
        if (!origin.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
            origin.write(abs.toUtf8()) != abs.toUtf8().size() || !origin.flush()) {
            if (error) *error = origin.fileName() + ": " + origin.errorString();
            return false;
        }
    }
    return write(pathOf(m_key, ".json"), error);
}

bool RecoveryStore::adopt(const Entry& e) {
    if (!own(e.key)) return false;
    m_origin = e.origin;
    return true;
}

void RecoveryStore::discard() {
    if (m_key.isEmpty()) return;
    QFile::remove(pathOf(m_key, ".json"));
    QFile::remove(pathOf(m_key, ".origin"));
    if (m_lock) m_lock->unlock(); // removes the .lock
    m_lock.reset();
    m_key.clear();
    m_origin.clear();
}

QString RecoveryStore::currentFile() const {
    return m_key.isEmpty() ? QString() : pathOf(m_key, ".json");
}

} // namespace tl::ui
