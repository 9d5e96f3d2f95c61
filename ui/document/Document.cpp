#include "ui/document/Document.h"

#include "core/layout/LayoutError.h"
#include "core/layout/LayoutFile.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

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
    return m_path.isEmpty() ? tr("untitled") : QFileInfo(m_path).fileName();
}

void Document::resetTo(LayoutSpec spec, std::shared_ptr<const Layout> layout, const QString& path) {
    m_spec = std::move(spec);
    m_layout = std::move(layout);
    m_compileError.clear();
    m_path = path;
    m_undo.clear();
    m_undo.setClean();
    emit layoutChanged();
    emit fileStateChanged();
    emit replaced();
}

bool Document::load(const QString& path, QString* error) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        if (error) *error = path + ": " + f.errorString();
        return false;
    }
    const QByteArray bytes = f.readAll();
    try {
        LayoutSpec spec =
            parseLayoutSpec(std::string_view(bytes.constData(), size_t(bytes.size())), path.toStdString());
        auto layout = std::make_shared<const Layout>(Layout::compile(spec, path.toStdString()));
        resetTo(std::move(spec), std::move(layout), QFileInfo(path).absoluteFilePath());
        return true;
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
        resetTo(std::move(spec), std::move(layout), QString());
        return true;
    } catch (const std::exception& e) {
        if (error) *error = QString::fromStdString(e.what());
        return false;
    }
}

bool Document::writeCopy(const QString& path, QString* error) const {
    QSaveFile f(path);
    const std::string text = layoutSpecText(m_spec);
    if (!f.open(QIODevice::WriteOnly) || f.write(text.data(), qint64(text.size())) != qint64(text.size()) ||
        !f.commit()) {
        if (error) *error = path + ": " + f.errorString();
        return false;
    }
    return true;
}

bool Document::save(const QString& path, QString* error) {
    if (!writeCopy(path, error)) return false;
    m_path = QFileInfo(path).absoluteFilePath();
    m_undo.setClean();
    emit fileStateChanged();
    return true;
}

void Document::markRecovered(const QString& path) {
    m_path = path;
    m_undo.resetClean(); // no clean state: the recovered text differs from the file on disk
    emit fileStateChanged();
}

void Document::clear() {
    resetTo(LayoutSpec{}, std::make_shared<Layout>(), QString());
}

bool Document::applySpec(const LayoutSpec& spec) {
    m_spec = spec;
    bool ok = true;
    try {
        m_layout = std::make_shared<const Layout>(
            Layout::compile(m_spec, displayName().toStdString(), m_layout.get()));
        m_compileError.clear();
    } catch (const std::exception& e) {
        m_compileError = QString::fromStdString(e.what());
        ok = false;
    }
    emit layoutChanged();
    return ok;
}

} // namespace tl::ui
