#include "ui/commands/EditLayout.h"

#include "ui/document/Document.h"

namespace tl::ui {

EditLayout::EditLayout(Document* doc, LayoutSpec after, const QString& text, QString mergeKey,
                       QUndoCommand* parent)
    : QUndoCommand(text, parent), m_doc(doc), m_before(doc->spec()), m_after(std::move(after)),
      m_mergeKey(std::move(mergeKey)) {}

void EditLayout::redo() {
    m_doc->applySpec(m_after);
}
void EditLayout::undo() {
    m_doc->applySpec(m_before);
}

bool EditLayout::mergeWith(const QUndoCommand* other) {
    const auto* o = static_cast<const EditLayout*>(other);
    if (o->m_mergeKey != m_mergeKey) return false;
    m_after = o->m_after;
    return true;
}

} // namespace tl::ui
