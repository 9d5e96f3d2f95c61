#pragma once
// One design operation (append a piece, join two ends, delete / split / rename a track, change its type,
// insert or set a switch) as one undo step named after what it did. Like every EditLayout it keeps only
// the change (a design::SpecPatch), not copies of the layout; design steps never merge.
#include "ui/commands/EditLayout.h"

namespace tl::ui {

class ApplyDesignEdit : public EditLayout {
public:
    // `after`: the document's spec after the operation (the patch is taken against the current spec).
    ApplyDesignEdit(Document* doc, const LayoutSpec& after, const QString& text,
                    QUndoCommand* parent = nullptr)
        : EditLayout(doc, after, text, {}, parent) {}
};

} // namespace tl::ui
