#pragma once
// One design operation (append a piece, join two ends, delete / split / rename a track, change its type,
// insert or set a switch) as one undo step named after what it did. It keeps only the change (a
// design::SpecPatch: the tracks, connections and switches that differ), not copies of the layout.
#include "core/design/SpecPatch.h"

#include <QString>
#include <QUndoCommand>

namespace tl::ui {

class Document;

class ApplyDesignEdit : public QUndoCommand {
public:
    // `after`: the document's spec after the operation (the patch is taken against the current spec).
    ApplyDesignEdit(Document* doc, const LayoutSpec& after, const QString& text,
                    QUndoCommand* parent = nullptr);
    void undo() override;
    void redo() override;
    const design::SpecPatch& patch() const { return m_patch; }

private:
    Document* m_doc;
    design::SpecPatch m_patch;
};

} // namespace tl::ui
