#pragma once
// A general edit (property changes, inserting or deleting points, twist keys, adding tracks, connecting
// ends). It keeps only the change (a design::SpecPatch: the tracks, connections and switches that differ),
// not copies of the layout. Edits with the same non-empty merge key that follow each other merge into one
// undo step (a drag in the twist editor, typing in a field).
#include "core/design/SpecPatch.h"

#include <QString>
#include <QUndoCommand>

namespace tl::ui {

class Document;

class EditLayout : public QUndoCommand {
public:
    // `after`: the document's spec after the edit (the patch is taken against the current spec).
    EditLayout(Document* doc, const LayoutSpec& after, const QString& text, QString mergeKey = {},
               QUndoCommand* parent = nullptr);
    void undo() override;
    void redo() override;
    int id() const override { return m_mergeKey.isEmpty() ? -1 : 1002; }
    bool mergeWith(const QUndoCommand* other) override;
    const design::SpecPatch& patch() const { return m_patch; }

private:
    Document* m_doc;
    design::SpecPatch m_patch;
    QString m_mergeKey;
};

} // namespace tl::ui
