#pragma once
// A general edit: the layout spec before and after (property changes, inserting or deleting points,
// twist keys, adding tracks, connecting ends). Edits with the same non-empty merge key that follow each
// other merge into one undo step (a drag in the twist editor, typing in a field).
#include "core/layout/LayoutSpec.h"

#include <QString>
#include <QUndoCommand>

namespace tl::ui {

class Document;

class EditLayout : public QUndoCommand {
public:
    EditLayout(Document* doc, LayoutSpec after, const QString& text, QString mergeKey = {},
               QUndoCommand* parent = nullptr);
    void undo() override;
    void redo() override;
    int id() const override { return m_mergeKey.isEmpty() ? -1 : 1002; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    Document* m_doc;
    LayoutSpec m_before, m_after;
    QString m_mergeKey;
};

} // namespace tl::ui
