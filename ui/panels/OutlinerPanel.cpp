#include "ui/panels/OutlinerPanel.h"

#include "ui/document/Document.h"

#include <QHeaderView>

namespace tl::ui {

OutlinerPanel::OutlinerPanel(Document* doc, QWidget* parent) : QTreeWidget(parent), m_doc(doc) {
    setColumnCount(2);
    setHeaderLabels({tr("Name"), tr("Details")});
    header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    setSelectionMode(QAbstractItemView::SingleSelection);
    connect(doc, &Document::changed, this, [this](const design::LayoutChange& c) {
        using C = design::LayoutChange;
        if (c.has(C::TrackList | C::TrackDetails | C::Switches | C::Connections | C::BufferStops | C::Drives |
                  C::Bodies | C::Vehicles | C::Trains) ||
            (c.has(C::TrackGeometry) && !c.interim))
            rebuild(); // (names and lengths: the lengths once a drag ends; twists leave it as it is)
    });
    connect(this, &QTreeWidget::itemSelectionChanged, this, [this] {
        if (m_updating) return;
        const auto items = selectedItems();
        if (items.isEmpty()) return;
        const QVariant v = items.first()->data(0, Qt::UserRole);
        if (v.isValid()) emit trackActivated(v.toInt());
    });
    rebuild();
}

void OutlinerPanel::rebuild() {
    m_updating = true;
    const int selected =
        selectedItems().isEmpty() ? -1 : selectedItems().first()->data(0, Qt::UserRole).toInt();
    clear();
    const LayoutSpec& spec = m_doc->spec();
    const auto layout = m_doc->layout();
    m_tracks = new QTreeWidgetItem(this, {tr("Tracks"), QString::number(spec.tracks.size())});
    for (std::size_t i = 0; i < spec.tracks.size(); ++i) {
        const TrackSpec& t = spec.tracks[i];
        QString details = QString::fromStdString(t.curve.type);
        if (layout && i < layout->trackCount() && layout->track(i).id() == t.id)
            details += QString(", %1 m").arg(layout->track(i).length(), 0, 'f', 1);
        if (t.twist) details += ", " + QString::fromStdString(t.twist->type);
        auto* item = new QTreeWidgetItem(m_tracks, {QString::fromStdString(t.id), details});
        item->setData(0, Qt::UserRole, int(i));
        if (int(i) == selected) item->setSelected(true);
    }
    auto* switches = new QTreeWidgetItem(this, {tr("Switches"), QString::number(spec.switches.size())});
    for (const SwitchSpec& s : spec.switches) {
        QStringList branches;
        for (const EndRef& b : s.branches)
            branches << QString::fromStdString(b.track);
        new QTreeWidgetItem(switches, {QString::fromStdString(s.id),
                                       tr("at %1 %2 → %3 (set to %4)")
                                           .arg(QString::fromStdString(s.at.track), endName(s.at.end),
                                                branches.join(" | "), QString::number(s.state))});
    }
    auto* bodies = new QTreeWidgetItem(
        this, {tr("Bodies"), QString::number(spec.bodies.is_array() ? spec.bodies.size() : 0)});
    if (spec.bodies.is_array())
        for (const auto& b : spec.bodies)
            new QTreeWidgetItem(bodies,
                                {QString::fromStdString(b.value("id", b.value("name", std::string("?")))),
                                 QString::fromStdString(b.value("type", std::string()))});
    expandAll();
    m_updating = false;
}

void OutlinerPanel::setSelectedTrack(int track) {
    m_updating = true;
    clearSelection();
    if (m_tracks && track >= 0 && track < m_tracks->childCount()) {
        m_tracks->child(track)->setSelected(true);
        scrollToItem(m_tracks->child(track));
    }
    m_updating = false;
}

} // namespace tl::ui
