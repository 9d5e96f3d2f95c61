// PropertyPanel's fields of the selected signal (the signal tool selects it: ui/tools/SignalTool.h): its id
// (renaming it renames the routes from or to it: core/design/SignalOps.h), its kind, the direction it
// governs, its place s on its track and its overlap (docs/layout-format.md, "Signals"), and the routes that
// start or end at it. Each change is one undo step; typing in one field of one signal merges.
#include "core/design/SignalOps.h"
#include "core/layout/Signal.h"
#include "ui/commands/ApplyDesignEdit.h"
#include "ui/document/Document.h"
#include "ui/panels/PropertyPanel.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QStringList>

namespace tl::ui {

void PropertyPanel::rebuildSignal() {
    const LayoutSpec& spec = m_doc->spec();
    const std::size_t k = std::size_t(m_signal);
    const SignalSpec& g = spec.signalSpecs[k];
    const QString key = QString("signal%1.").arg(k); // (the merge key: one field of one signal)
    // every change below is to signal k, if the spec still has it
    auto onSignal = [k](const std::function<void(SignalSpec&)>& f) {
        return [k, f](LayoutSpec& s) {
            if (k < s.signalSpecs.size()) f(s.signalSpecs[k]);
        };
    };

    addSection(tr("Signal %1").arg(QString::fromStdString(g.id)));
    auto* id = new QLineEdit(QString::fromStdString(g.id), this);
    id->setObjectName("field:signalId");
    connect(id, &QLineEdit::editingFinished, this, [this, id, k] {
        if (k >= m_doc->spec().signalSpecs.size()) return;
        // the one rename path: the routes follow, or nothing changes
        const std::string from = m_doc->spec().signalSpecs[k].id, to = id->text().toStdString();
        if (to == from) return;
        try {
            const design::DesignEdit e = design::renameSignal(m_doc->spec(), from, to);
            m_doc->undoStack()->push(
                new ApplyDesignEdit(m_doc, e.spec, QString::fromStdString(e.description)));
        } catch (const design::DesignError& err) {
            m_error->setText(QString::fromUtf8(err.what()));
            id->setText(QString::fromStdString(from));
        }
    });
    m_form->addRow(tr("Id"), id);
    m_form->addRow(tr("Track"), new QLabel(QString::fromStdString(g.track), this));

    auto* kind = new QComboBox(this);
    kind->setObjectName("field:signalKind");
    kind->addItem(tr("block (stop signal)"), int(SignalKind::Block));
    kind->addItem(tr("home (stop signal, routes)"), int(SignalKind::Home));
    kind->addItem(tr("distant (repeats the next home)"), int(SignalKind::Distant));
    kind->setCurrentIndex(kind->findData(int(g.kind)));
    connect(kind, &QComboBox::currentIndexChanged, this, [this, kind, key, onSignal](int) {
        const auto v = SignalKind(kind->currentData().toInt());
        commit(tr("Set signal kind"), key + "kind", onSignal([v](SignalSpec& t) {
                   t.kind = v;
                   if (v == SignalKind::Distant) t.overlap.reset(); // (it never shows stop: no overlap)
               }));
    });
    m_form->addRow(tr("Kind"), kind);

    auto* direction = new QComboBox(this);
    direction->setObjectName("field:signalDirection");
    direction->addItem(tr("+1: trains moving along increasing s"), 1);
    direction->addItem(QString::fromUtf8("\u22121: trains moving along decreasing s"), -1);
    direction->setCurrentIndex(g.direction < 0 ? 1 : 0);
    connect(direction, &QComboBox::currentIndexChanged, this, [this, direction, key, onSignal](int) {
        const int v = direction->currentData().toInt();
        commit(tr("Reverse signal"), key + "direction", onSignal([v](SignalSpec& t) { t.direction = v; }));
    });
    m_form->addRow(tr("Governs"), direction);

    // s runs along its track (as the layout shown has it)
    const auto layout = m_doc->layout();
    const int track = layout ? layout->trackIndex(g.track) : -1;
    const double length = track >= 0 ? layout->track(std::size_t(track)).length() : 1e6;
    addNumber(tr("s on the track"), g.s, "m", 0.0, length, 2, 1.0, key + "s",
              [onSignal](LayoutSpec& s, double x) { onSignal([x](SignalSpec& t) { t.s = x; })(s); });
    if (g.kind == SignalKind::Distant)
        m_form->addRow(tr("Overlap"), new QLabel(tr("none (a distant signal never shows stop)"), this));
    else
        addNumber(tr("Overlap"), g.overlap.value_or(Signal::kDefaultOverlap), "m", 0.0, 1e4, 1, 1.0,
                  key + "overlap", [onSignal](LayoutSpec& s, double x) {
                      onSignal([x](SignalSpec& t) { t.overlap = x; })(s);
                  });

    QStringList routes;
    for (const RouteSpec& r : spec.routeSpecs) {
        if (r.from == g.id)
            routes << tr("%1 (to %2)").arg(QString::fromStdString(r.id), QString::fromStdString(r.to));
        if (r.to == g.id)
            routes << tr("%1 (from %2)").arg(QString::fromStdString(r.id), QString::fromStdString(r.from));
    }
    auto* list = new QLabel(routes.isEmpty() ? tr("none") : routes.join(", "), this);
    list->setWordWrap(true);
    m_form->addRow(tr("Routes"), list);
}

} // namespace tl::ui
