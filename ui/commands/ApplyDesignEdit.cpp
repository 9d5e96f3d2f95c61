#include "ui/commands/ApplyDesignEdit.h"

#include "ui/document/Document.h"

namespace tl::ui {

ApplyDesignEdit::ApplyDesignEdit(Document* doc, const LayoutSpec& after, const QString& text,
                                 QUndoCommand* parent)
    : QUndoCommand(text, parent), m_doc(doc), m_patch(design::diffSpecs(doc->spec(), after)) {}

void ApplyDesignEdit::redo() {
    LayoutSpec s = m_doc->spec();
    design::applyPatch(s, m_patch, true);
    m_doc->applySpec(s);
}

void ApplyDesignEdit::undo() {
    LayoutSpec s = m_doc->spec();
    design::applyPatch(s, m_patch, false);
    m_doc->applySpec(s);
}

} // namespace tl::ui
