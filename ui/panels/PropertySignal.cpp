// PropertyPanel's fields of the selected signal (the signal tool selects it: ui/tools/SignalTool.h): its id
// (renaming it renames the routes from or to it: core/design/SignalOps.h), its kind, the direction it
// governs, its place s on its track and its overlap (docs/layout-format.md, "Signals"), and the routes that
// start at it (docs/user-guide.md, "Signals"): each with its exit signal, switch states and overlap, "Delete
// route" for the one selected in the list, and "Add route to..." one of the stop signals reachable ahead
// (core/design/RouteOps.h finds the way and its switch states); the routes ending at it are listed. Each
// change is one undo step; typing in one field of one signal (or of one route's overlap) merges. A change
// that cannot be done leaves the layout alone and the panel says why.
#include "core/design/RouteOps.h"
#include "core/design/SignalOps.h"
#include "core/layout/Signal.h"
#include "ui/commands/ApplyDesignEdit.h"
#include "ui/commands/EditLayout.h"
#include "ui/document/Document.h"
#include "ui/panels/PropertyPanel.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QStringList>

#include <functional>

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

    rebuildSignalRoutes();
}

void PropertyPanel::rebuildSignalRoutes() {
    const LayoutSpec& spec = m_doc->spec();
    const std::size_t k = std::size_t(m_signal);
    const SignalSpec& g = spec.signalSpecs[k];
    const auto idOf = [this, k]() -> std::string {
        return k < m_doc->spec().signalSpecs.size() ? m_doc->spec().signalSpecs[k].id : std::string();
    };
    // one design edit (core/design/RouteOps.h) as one undo step, or the reason it cannot be done
    const auto apply = [this](const std::function<design::DesignEdit()>& op, const QString& mergeKey = {}) {
        try {
            const design::DesignEdit e = op();
            if (e.spec == m_doc->spec()) return false;
            m_doc->undoStack()->push(
                new EditLayout(m_doc, e.spec, QString::fromStdString(e.description), mergeKey));
            return true;
        } catch (const design::DesignError& err) {
            m_error->setText(QString::fromUtf8(err.what()));
            return false;
        }
    };

    addSection(tr("Routes from this signal"));
    auto* list = new QListWidget(this);
    list->setObjectName("signalRoutes");
    list->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    for (const RouteSpec& r : spec.routeSpecs) {
        if (r.from != g.id) continue;
        QStringList sets;
        for (const auto& [w, state] : r.switches)
            sets << QString("%1 %2").arg(QString::fromStdString(w)).arg(state);
        auto* item = new QListWidgetItem(QString::fromUtf8("%1 \u2192 %2 (%3)")
                                             .arg(QString::fromStdString(r.id), QString::fromStdString(r.to),
                                                  sets.isEmpty() ? tr("no switch") : sets.join(", ")),
                                         list);
        item->setData(Qt::UserRole, QString::fromStdString(r.id));
        if (r.id == m_route) list->setCurrentItem(item);
    }
    if (list->count() == 0) (new QListWidgetItem(tr("none"), list))->setFlags(Qt::NoItemFlags);
    m_form->addRow(list);
    connect(list, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
        if (item) m_route = item->data(Qt::UserRole).toString().toStdString(); // (none while rebuilding)
    });

    // each route's overlap past its exit signal (absent in the file: the exit signal's)
    for (const RouteSpec& r : spec.routeSpecs) {
        if (r.from != g.id) continue;
        double exitOverlap = Signal::kDefaultOverlap;
        for (const SignalSpec& x : spec.signalSpecs)
            if (x.id == r.to) exitOverlap = x.overlap.value_or(Signal::kDefaultOverlap);
        auto* box = new QDoubleSpinBox(this);
        box->setObjectName(QString::fromStdString("field:route." + r.id + ".overlap"));
        box->setRange(0.0, 1e4);
        box->setDecimals(1);
        box->setSuffix(" m");
        box->setKeyboardTracking(false); // commit on Enter, focus change or arrow step
        box->setValue(r.overlap.value_or(exitOverlap));
        const std::string id = r.id;
        connect(box, &QDoubleSpinBox::valueChanged, this, [this, apply, id](double v) {
            m_route = id;
            apply([&] { return design::setRouteOverlap(m_doc->spec(), id, v); },
                  QString::fromStdString("route:" + id + ".overlap")); // (typing in one field merges)
        });
        m_form->addRow(tr("Overlap of %1").arg(QString::fromStdString(r.id)), box);
    }

    auto* remove = new QPushButton(tr("Delete route"), this);
    remove->setObjectName("deleteRoute");
    connect(remove, &QPushButton::clicked, this, [this, list, apply] {
        const QListWidgetItem* item = list->currentItem();
        const std::string id = item ? item->data(Qt::UserRole).toString().toStdString() : std::string();
        if (id.empty()) {
            m_error->setText(tr("Select a route in the list to delete it."));
            return;
        }
        if (apply([&] { return design::deleteRoute(m_doc->spec(), id); })) m_route.clear();
    });
    m_form->addRow(remove);

    // a new route: to one of the stop signals reachable ahead (found on the compiled layout), nearest first
    auto* exits = new QComboBox(this);
    exits->setObjectName("routeExit");
    auto* add = new QPushButton(tr("Add route to\u2026"), this);
    add->setObjectName("addRoute");
    const auto layout = m_doc->layout();
    if (!m_doc->compileError().isEmpty() || !layout) {
        exits->addItem(tr("(the layout has an error: fix it first)"));
        exits->setEnabled(false);
        add->setEnabled(false);
    } else {
        for (const design::RouteWay& w : design::routeExits(*layout, g.id)) {
            QStringList sets;
            for (const auto& [sw, state] : w.switches)
                sets << QString("%1 %2").arg(QString::fromStdString(sw)).arg(state);
            exits->addItem(QString("%1, %2 m%3")
                               .arg(QString::fromStdString(w.to),
                                    QString::fromStdString(design::shortNumber(w.length)),
                                    sets.isEmpty() ? QString() : " (" + sets.join(", ") + ")"),
                           QString::fromStdString(w.to));
        }
        if (exits->count() == 0) {
            exits->addItem(g.kind == SignalKind::Distant ? tr("(a distant signal starts no route)")
                                                         : tr("(no stop signal ahead)"));
            exits->setEnabled(false);
            add->setEnabled(false);
        }
    }
    connect(add, &QPushButton::clicked, this, [this, exits, apply, idOf] {
        const std::string from = idOf(), to = exits->currentData().toString().toStdString();
        const auto layout = m_doc->layout();
        if (from.empty() || to.empty() || !layout) return;
        if (!m_doc->compileError().isEmpty()) { // (the way is found on the layout shown, which is older)
            m_error->setText(tr("Fix the layout's error first: %1").arg(m_doc->compileError()));
            return;
        }
        std::string added;
        if (apply([&] {
                design::DesignEdit e = design::addRoute(*layout, from, to);
                added = e.spec.routeSpecs.back().id;
                return e;
            }))
            m_route = added; // (selected in the list rebuilt)
    });
    auto* row = new QHBoxLayout;
    row->addWidget(add);
    row->addWidget(exits, 1);
    m_form->addRow(row);

    QStringList into;
    for (const RouteSpec& r : spec.routeSpecs)
        if (r.to == g.id)
            into << tr("%1 (from %2)").arg(QString::fromStdString(r.id), QString::fromStdString(r.from));
    if (!into.isEmpty()) {
        auto* label = new QLabel(into.join(", "), this);
        label->setWordWrap(true);
        m_form->addRow(tr("Routes to it"), label);
    }
}

} // namespace tl::ui
