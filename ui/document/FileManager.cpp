#include "ui/document/FileManager.h"

#include "ui/document/Document.h"

#include "core/alignment/IfcAlignmentReader.h"
#include "core/alignment/IfcAlignmentWriter.h"
#include "core/io/Nl2CsvExport.h"
#include "core/io/SaveFile.h"
#include "core/layout/LayoutFile.h"
#include "render/track/LayoutObjExport.h"

#include <sstream>

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QSettings>

// resources.qrc is compiled into the static tracklab_ui library: register it explicitly.
static void initTracklabResources() {
    Q_INIT_RESOURCE(resources);
}

namespace tl::ui {

namespace {
constexpr int kMaxRecent = 8;
const char* kFilter = "TrackLab layouts (*.json);;All files (*)";
} // namespace

FileManager::FileManager(Document* doc, QWidget* window) : QObject(window), m_doc(doc), m_window(window) {
    m_autosave.setInterval(30000);
    connect(&m_autosave, &QTimer::timeout, this, &FileManager::writeRecovery);
    m_autosave.start();
}

bool FileManager::fail(const QString& message) {
    m_lastError = message;
    emit error(message);
    return false;
}

bool FileManager::open(const QString& path) {
    if (const auto orphan = m_offer ? RecoveryStore::orphanFor(path) : std::nullopt;
        orphan && askRecover(*orphan)) {
        if (recover(*orphan)) {
            remember(path);
            return true;
        } // a damaged autosave was reported: open the file itself
    }
    QString err;
    if (!m_doc->load(path, &err)) return fail(err);
    remember(path);
    return true;
}

void FileManager::setPersistent(bool on) {
    m_persistent = on;
    on ? m_autosave.start() : m_autosave.stop();
}

bool FileManager::openDemo(const QString& name) {
    initTracklabResources();
    QFile f(":/layouts/" + name);
    QString err;
    if (!f.open(QIODevice::ReadOnly) || !m_doc->loadText(QString::fromUtf8(f.readAll()), name, &err))
        return fail(tr("The bundled demo layout could not be loaded: %1").arg(err));
    m_doc->setBundledName(name);
    return true;
}

bool FileManager::save() {
    if (m_doc->filePath().isEmpty()) return saveAsInteractive();
    return saveAs(m_doc->filePath());
}

bool FileManager::saveAs(const QString& path) {
    QString err;
    if (!m_doc->save(path, &err)) return fail(tr("Could not save: %1").arg(err));
    remember(path);
    discardRecovery();
    return true;
}

bool FileManager::importIfc(const QString& path) {
    m_warnings.clear();
    try {
        const IfcImport r = importIfcAlignments(path.toStdString());
        const QString name = QFileInfo(path).completeBaseName() + ".json";
        QString err;
        if (!m_doc->loadText(QString::fromStdString(layoutSpecText(r.layout)), name, &err))
            return fail(tr("Could not import %1: %2").arg(path, err));
        // untitled: Save asks where (the IFC file stays as it is)
        for (const std::string& w : r.warnings)
            m_warnings << QString::fromStdString(w);
        return true;
    } catch (const std::exception& e) {
        return fail(tr("Could not import: %1").arg(QString::fromUtf8(e.what())));
    }
}

bool FileManager::exportLayout(const QString& path, const QString& format) {
    const auto layout = m_doc->layout();
    if (!layout || layout->trackCount() == 0) return fail(tr("Nothing to export: the layout has no tracks."));
    try {
        if (format == "nl2csv") {
            std::ostringstream out;
            writeNl2Csv(*layout, out);
            saveFile(path.toStdString(), out.str());
        } else if (format == "obj") {
            render::writeLayoutObj(*layout, path.toStdString());
        } else if (format == "ifc") {
            m_warnings.clear();
            IfcExportOptions options;
            options.layoutFile = QFileInfo(m_doc->displayName()).fileName().toStdString();
            const IfcExport done = writeIfcAlignments(*layout, path.toStdString(), options);
            for (const std::string& w : done.warnings)
                m_warnings << QString::fromStdString(w);
        } else {
            return fail(tr("Unknown export format %1").arg(format));
        }
        return true;
    } catch (const std::exception& e) {
        return fail(tr("Could not export to %1: %2").arg(path, QString::fromUtf8(e.what())));
    }
}

bool FileManager::importInteractive() {
    if (!maybeSave()) return false;
    const QString path =
        QFileDialog::getOpenFileName(m_window, tr("Import IFC 4.3 alignment"), QDir::currentPath(),
                                     tr("IFC files (*.ifc);;All files (*)"));
    return !path.isEmpty() && importIfc(path);
}

bool FileManager::exportInteractive(const QString& format) {
    const bool nl2 = format == "nl2csv", ifc = format == "ifc";
    const QString base = QFileInfo(m_doc->displayName()).completeBaseName();
    const QString start = QDir::current().filePath(base + (nl2 ? ".csv" : ifc ? ".ifc" : ".obj"));
    const QString path = QFileDialog::getSaveFileName(m_window,
                                                      nl2   ? tr("Export NoLimits 2 track CSV")
                                                      : ifc ? tr("Export IFC 4.3 alignments")
                                                            : tr("Export OBJ mesh"),
                                                      start,
                                                      nl2   ? tr("NoLimits 2 track CSV (*.csv)")
                                                      : ifc ? tr("IFC files (*.ifc)")
                                                            : tr("Wavefront OBJ (*.obj)"));
    return !path.isEmpty() && exportLayout(path, format);
}

void FileManager::newFileInteractive() {
    if (maybeSave()) m_doc->clear();
}

void FileManager::openInteractive() {
    if (!maybeSave()) return;
    const QString dir =
        m_doc->filePath().isEmpty() ? QDir::currentPath() : QFileInfo(m_doc->filePath()).path();
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open layout"), dir, tr(kFilter));
    if (!path.isEmpty()) open(path);
}

bool FileManager::saveAsInteractive() {
    const QString start =
        m_doc->filePath().isEmpty() ? QDir::current().filePath("layout.json") : m_doc->filePath();
    QString path = QFileDialog::getSaveFileName(m_window, tr("Save layout as"), start, tr(kFilter));
    if (path.isEmpty()) return false;
    if (QFileInfo(path).suffix().isEmpty()) path += ".json";
    return saveAs(path);
}

bool FileManager::maybeSave() {
    if (!m_doc->isModified()) return true;
    const auto answer = QMessageBox::question(
        m_window, tr("Unsaved changes"), tr("%1 has unsaved changes. Save them?").arg(m_doc->displayName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save) return save();
    if (answer == QMessageBox::Discard) {
        discardRecovery();
        return true;
    }
    return false;
}

void FileManager::remember(const QString& path) {
    if (!m_persistent) return;
    QSettings settings;
    QStringList files = settings.value("recentFiles").toStringList();
    const QString abs = QFileInfo(path).absoluteFilePath();
    files.removeAll(abs);
    files.prepend(abs);
    while (files.size() > kMaxRecent)
        files.removeLast();
    settings.setValue("recentFiles", files);
    emit recentFilesChanged();
}

QStringList FileManager::recentFiles() const {
    return QSettings().value("recentFiles").toStringList();
}

QString FileManager::recoveryPath() const {
    return m_recovery.currentFile();
}

bool FileManager::writeRecovery() {
    if (!m_doc->isModified() || !m_persistent) return false;
    QString err;
    return m_recovery.write(
        m_doc->filePath(), [&](const QString& file, QString* e) { return m_doc->writeCopy(file, e); }, &err);
}

bool FileManager::hasRecovery() const {
    return !RecoveryStore::orphans().empty();
}

bool FileManager::askRecover(const RecoveryStore::Entry& e) {
    const QString what = e.origin.isEmpty() ? tr("an untitled layout") : QFileInfo(e.origin).fileName();
    const QString question = tr("TrackLab did not shut down properly. Unsaved changes of %1 were autosaved "
                                "at %2. Recover them?")
                                 .arg(what, e.saved.toString(Qt::ISODate));
    const bool yes = m_ask ? m_ask(question)
                           : QMessageBox::question(m_window, tr("Recover unsaved changes"), question,
                                                   QMessageBox::Yes | QMessageBox::No,
                                                   QMessageBox::Yes) == QMessageBox::Yes;
    if (!yes) RecoveryStore::remove(e.key); // declined: only now may it go
    return yes;
}

bool FileManager::offerRecovery() {
    const auto orphans = m_offer ? RecoveryStore::orphans() : std::vector<RecoveryStore::Entry>{};
    if (orphans.empty() || !askRecover(orphans.front())) return false;
    return recover(orphans.front());
}

bool FileManager::recover(const RecoveryStore::Entry& e) {
    QFile f(e.file());
    QString err;
    if (!f.open(QIODevice::ReadOnly))
        return fail(tr("Could not read the recovery file %1: %2").arg(e.file(), f.errorString()));
    if (!m_doc->loadText(QString::fromUtf8(f.readAll()), e.file(), &err))
        return fail(tr("The recovery file is damaged: %1").arg(err));
    m_doc->markRecovered(e.origin);
    m_recovery.adopt(e); // ours now: kept until the document is saved or discarded
    return true;
}

void FileManager::discardRecovery() {
    m_recovery.discard();
}

} // namespace tl::ui
