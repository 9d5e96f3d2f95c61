#include "ui/document/Document.h"

#include "core/io/InputFile.h"
#include "core/io/SaveFile.h"
#include "core/layout/FormatVersion.h"
#include "core/layout/LayoutError.h"
#include "core/layout/LayoutFile.h"

#include <QFileInfo>

#include <utility>

namespace tl::ui {

Document::Document(QObject* parent) : QObject(parent), m_layout(std::make_shared<Layout>()) {
    connect(&m_undo, &QUndoStack::cleanChanged, this, &Document::fileStateChanged);
}

Document::~Document() {
    // the undo stack's destructor clears it and may emit cleanChanged: nobody may hear that any more
    disconnect(&m_undo, nullptr, this, nullptr);
    blockSignals(true);
}

QString Document::displayName() const {
    if (!m_path.isEmpty()) return QFileInfo(m_path).fileName();
    return m_bundled.isEmpty() ? tr("untitled") : tr("%1 (bundled)").arg(m_bundled);
}

void Document::setBundledName(const QString& name) {
    m_bundled = name;
    emit fileStateChanged();
}

void Document::resetTo(LayoutSpec spec, std::shared_ptr<const Layout> layout, const QString& path) {
    m_spec = std::move(spec);
    m_layout = std::move(layout);
    m_compileError.clear();
    revalidate();
    m_changes = 0;
    m_gesture = false;
    m_gestureChange = {};
    m_path = path;
    m_bundled.clear();
    m_undo.clear();
    m_undo.setClean();
    emit documentReset();
    emit changed(design::LayoutChange::everything());
    emit fileStateChanged();
    emit replaced();
}

bool Document::load(const QString& path, QString* error) {
    try {
        std::string text = readInputFile(path.toStdString()); // bounded: regular files, size and depth caps
        LayoutSpec spec = parseLayoutSpec(text, path.toStdString());
        auto layout = std::make_shared<const Layout>(Layout::compile(spec, path.toStdString()));
        m_source = std::move(text);
        resetTo(std::move(spec), std::move(layout), QFileInfo(path).absoluteFilePath());
        return true;
    } catch (const std::bad_alloc&) {
        if (error) *error = path + ": " + tr("not enough memory for this layout");
        return false;
    } catch (const std::exception& e) {
        if (error) *error = QString::fromStdString(e.what());
        return false;
    }
}

bool Document::loadText(const QString& text, const QString& label, QString* error) {
    try {
        const std::string utf8 = text.toStdString();
        LayoutSpec spec = parseLayoutSpec(utf8, label.toStdString());
        auto layout = std::make_shared<const Layout>(Layout::compile(spec, label.toStdString()));
        m_source = utf8;
        resetTo(std::move(spec), std::move(layout), QString());
        return true;
    } catch (const std::exception& e) {
        if (error) *error = QString::fromStdString(e.what());
        return false;
    }
}

std::string Document::saveText() const {
    return layoutSpecTextLike(m_spec, m_source); // what was not edited keeps the file's bytes
}

bool Document::writeCopy(const QString& path, QString* error) const {
    try {
        saveFile(path.toStdString(), saveText()); // the one save path (core/io/SaveFile.h)
        return true;
    } catch (const std::exception& e) {
        if (error) *error = QString::fromStdString(e.what());
        return false;
    }
}

bool Document::save(const QString& path, QString* error) {
    // The first save after an edit writes the current format version (core/layout/FormatVersion.h): the
    // spec's frames are explicit already, so only what the file says changes, not what it means. An
    // unchanged older file saves to the same bytes.
    const int wasVersion = m_spec.version;
    const int frenetTracks = isModified() ? upgradeToCurrentVersion(m_spec) : -1;
    if (!writeCopy(path, error)) {
        m_spec.version = wasVersion; // nothing written: the document stays as it was
        return false;
    }
    m_path = QFileInfo(path).absoluteFilePath();
    m_undo.setClean();
    emit fileStateChanged();
    if (frenetTracks >= 0) {
        const QString tracks = frenetTracks == 1 ? tr("1 track") : tr("%1 tracks").arg(frenetTracks);
        emit formatUpgraded(
            tr("Saved as layout format version %1 (the file was version %2): %3 measured from "
               "the Frenet frame now say so with \"frame\": \"frenet\" (version 2 means "
               "\"up\" without it).")
                .arg(m_spec.version)
                .arg(wasVersion)
                .arg(tracks));
    }
    return true;
}

void Document::markRecovered(const QString& path) {
    m_path = path;
    m_undo.resetClean(); // no clean state: the recovered text differs from the file on disk
    emit fileStateChanged();
}

void Document::clear() {
    m_source.clear();
    resetTo(LayoutSpec{}, std::make_shared<Layout>(), QString());
}

bool Document::applyPatch(const design::SpecPatch& patch, bool forward) {
    design::applyPatch(m_spec, patch, forward);
    return recompile(design::changeOf(patch, forward));
}

bool Document::replaceTrack(int index, TrackSpec track) {
    design::LayoutChange change =
        design::changeOfTrack(index, std::as_const(m_spec.tracks).at(std::size_t(index)), track);
    m_spec.tracks.set(std::size_t(index), std::move(track));
    return recompile(std::move(change));
}

void Document::revalidate() {
    m_validation = m_layout && m_layout->trackCount() ? validateLayout(*m_layout) : ValidationReport{};
}

bool Document::recompile(design::LayoutChange change) {
    bool ok = true;
    try {
        m_layout = std::make_shared<const Layout>(
            Layout::compile(m_spec, displayName().toStdString(), m_layout.get()));
        m_compileError.clear();
        revalidate();
    } catch (const std::exception& e) {
        m_compileError = QString::fromStdString(e.what());
        ok = false;
    }
    ++m_changes;
    if (m_gesture) {
        m_gestureChange.merge(change);
        change.interim = true;
    }
    emit changed(change);
    return ok;
}

void Document::beginGesture() {
    if (m_gesture) return;
    m_gesture = true;
    m_gestureChange = {};
}

void Document::endGesture() {
    if (!m_gesture) return;
    m_gesture = false;
    design::LayoutChange total = std::move(m_gestureChange);
    m_gestureChange = {};
    total.interim = false;
    if (!total.empty()) emit changed(total);
}

} // namespace tl::ui
