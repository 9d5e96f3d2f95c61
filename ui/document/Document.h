#pragma once
// The open layout: its spec (what the user edits), the compiled layout (what views show), the undo
// stack every edit goes through, and the file it belongs to.
#include "core/design/LayoutChange.h"
#include "core/design/SpecPatch.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutSpec.h"
#include "core/layout/LayoutValidation.h"

#include <QObject>
#include <QString>
#include <QUndoStack>

#include <memory>
#include <string>

namespace tl::ui {

class Document : public QObject {
    Q_OBJECT
public:
    explicit Document(QObject* parent = nullptr);
    ~Document() override;

    const LayoutSpec& spec() const { return m_spec; }
    // The last layout that compiled. While the spec has an error (compileError() not empty) views keep
    // showing this one.
    std::shared_ptr<const Layout> layout() const { return m_layout; }
    QString compileError() const { return m_compileError; }
    // The joint checks of layout() (core/layout/LayoutValidation.h), made once per change and shared by
    // the 3D view's markers and the status bar.
    const ValidationReport& validation() const { return m_validation; }

    QUndoStack* undoStack() { return &m_undo; }
    QString filePath() const { return m_path; }
    // A layout shipped with the program, opened from its resources (Help > Open Demo Layout, the first
    // start): the title names it ("demo.json (bundled)") though it has no file; cleared by any reset.
    void setBundledName(const QString& name);
    bool isModified() const { return !m_undo.isClean(); }
    QString displayName() const; // file name, or "untitled"

    // Files. On failure the document is left exactly as it was and *error holds the loader's message
    // ("FILE: /json/path: problem").
    bool load(const QString& path, QString* error);
    bool loadText(const QString& text, const QString& label, QString* error); // recovery files
    // Atomic (core/io/SaveFile); old file kept on failure. The first save after an edit writes an older
    // file in the current format version (formatUpgraded()).
    bool save(const QString& path, QString* error);
    bool writeCopy(const QString& path, QString* error) const; // autosave: does not touch path/clean state
    void clear();                                              // new, empty layout
    // After loading a recovery file: belong to `path` again and count as modified.
    void markRecovered(const QString& path);

    // For undo commands only. Each changes the spec in place (what did not change stays shared with the
    // layout compiled before: core/layout/SharedList.h), recompiles and says what changed (changed()).
    // They return false if the new spec does not compile: the old layout stays on display and the spec is
    // changed either way, so undo stays symmetric.
    bool applyPatch(const design::SpecPatch& patch, bool forward);
    bool replaceTrack(int index, TrackSpec track); // one track: copies that track, not the layout

    // A gesture (a drag in the 3D view or a chart): its edits are changes marked `interim`, and its end is
    // one more change with every part the gesture touched, for the views that wait for it.
    void beginGesture();
    void endGesture();
    bool inGesture() const { return m_gesture; }
    // Changes made since the document was opened (edits, undos and redos): names the runs made before one.
    int changeCount() const { return m_changes; }

signals:
    void documentReset(); // a new document (New, Open, recovery): before its changed(everything)
    // The spec changed (and, if it compiled, the layout was replaced): `change` says what.
    void changed(const tl::design::LayoutChange& change);
    void fileStateChanged(); // path or modified flag changed
    void replaced();         // another layout was opened, recovered or started (New): not an edit
    // A save wrote an older file in the current format version (core/layout/FormatVersion.h); `message`
    // says so for the status bar.
    void formatUpgraded(const QString& message);

private:
    std::string saveText() const;
    bool recompile(design::LayoutChange change);
    void revalidate(); // m_validation of m_layout (the one place the document makes its joint checks)
    void resetTo(LayoutSpec spec, std::shared_ptr<const Layout> layout, const QString& path);

    LayoutSpec m_spec;
    std::shared_ptr<const Layout> m_layout;
    QString m_compileError;
    ValidationReport m_validation;
    bool m_gesture = false;
    design::LayoutChange m_gestureChange; // what the gesture under way changed so far
    int m_changes = 0;
    QUndoStack m_undo;
    QString m_path;
    QString m_bundled; // setBundledName
    // The text the layout was read from (file or recovery). Saved text is a function of it and the spec:
    // what was not edited keeps its bytes, so undoing back and saving gives the same file again.
    std::string m_source;
};

} // namespace tl::ui
