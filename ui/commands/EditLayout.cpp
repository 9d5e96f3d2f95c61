#include "ui/commands/EditLayout.h"

#include "ui/document/Document.h"

namespace tl::ui {

EditLayout::EditLayout(Document* doc, const LayoutSpec& after, const QString& text, QString mergeKey,
                       QUndoCommand* parent)
    : QUndoCommand(text, parent), m_doc(doc), m_patch(design::diffSpecs(doc->spec(), after)),
      m_mergeKey(std::move(mergeKey)) {}

void EditLayout::redo() {
    m_doc->applyPatch(m_patch, true);
}

void EditLayout::undo() {
    m_doc->applyPatch(m_patch, false);
}

bool EditLayout::mergeWith(const QUndoCommand* other) {
    const auto* o = static_cast<const EditLayout*>(other);
    if (o->m_mergeKey != m_mergeKey) return false;
    // QUndoStack merges right after `other` was done: the document holds its result. One patch from
    // before this step to now.
    const LayoutSpec now = m_doc->spec();
    LayoutSpec before = now;
    design::applyPatch(before, o->m_patch, false);
    design::applyPatch(before, m_patch, false);
    m_patch = design::diffSpecs(before, now);
    return true;
}

} // namespace tl::ui
