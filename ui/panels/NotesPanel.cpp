#include "ui/panels/NotesPanel.h"

#include "core/layout/LayoutSpec.h"
#include "ui/document/Document.h"

#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace tl::ui {

namespace {
// A "notes" value: a string, or an array of strings (other types are shown as JSON).
QStringList notesOf(const Json& extra) {
    QStringList out;
    const auto it = extra.find("notes");
    if (it == extra.end()) return out;
    const auto add = [&out](const Json& v) {
        out << QString::fromStdString(v.is_string() ? v.get<std::string>() : v.dump());
    };
    if (it->is_array())
        for (const Json& v : *it)
            add(v);
    else
        add(*it);
    return out;
}
} // namespace

NotesPanel::NotesPanel(Document* doc, QWidget* parent) : QWidget(parent), m_doc(doc) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_text = new QTextBrowser(this);
    m_text->setObjectName("layoutNotes");
    m_text->setOpenExternalLinks(true);
    layout->addWidget(m_text, 1);
    auto* next = new QLabel(tr("<b>Next steps</b>"), this);
    layout->addWidget(next);
    auto button = [this, layout](const QString& text, QStyle::StandardPixmap icon, const QString& tip) {
        auto* b = new QPushButton(style()->standardIcon(icon), text, this);
        b->setToolTip(tip);
        b->setStatusTip(tip);
        b->setStyleSheet("text-align: left; padding: 4px 8px;");
        layout->addWidget(b);
        return b;
    };
    m_drive = button(tr("Drive it"), QStyle::SP_MediaPlay,
                     tr("Start the simulation and ride along with the first train (Q/A throttle, W/S brake, "
                        "Space pauses, F5 frees the camera)"));
    m_edit = button(tr("Edit it"), QStyle::SP_FileDialogDetailedView,
                    tr("Select a track, show its control points and frame it: drag a yellow point to "
                       "reshape the track (Ctrl+Z undoes)"));
    m_derail = button(tr("Inspect a derailment"), QStyle::SP_MessageBoxWarning,
                      tr("Drive the first train at full throttle, as fast as the computer can, until it "
                         "derails; then show where, when and why"));
    m_drive->setObjectName("nextDrive");
    m_edit->setObjectName("nextEdit");
    m_derail->setObjectName("nextDerail");
    connect(m_drive, &QPushButton::clicked, this, &NotesPanel::driveRequested);
    connect(m_edit, &QPushButton::clicked, this, &NotesPanel::editRequested);
    connect(m_derail, &QPushButton::clicked, this, &NotesPanel::derailmentRequested);
    connect(doc, &Document::changed, this, [this](const design::LayoutChange& c) {
        using C = design::LayoutChange;
        if (c.has(C::Notes | C::TrackDetails | C::TrackList | C::Trains)) refresh(); // (notes, trains)
    });
    connect(doc, &Document::fileStateChanged, this, &NotesPanel::refresh);
    refresh();
}

QString NotesPanel::html(const LayoutSpec& spec, const QString& title) {
    QString h = QStringLiteral("<h3>%1</h3>").arg(title.toHtmlEscaped());
    const auto d = spec.extra.find("description");
    if (d != spec.extra.end() && d->is_string())
        h += QStringLiteral("<p>%1</p>").arg(QString::fromStdString(d->get<std::string>()).toHtmlEscaped());
    const QStringList notes = notesOf(spec.extra);
    if (!notes.isEmpty()) {
        h += QStringLiteral("<ul>");
        for (const QString& n : notes)
            h += QStringLiteral("<li>%1</li>").arg(n.toHtmlEscaped());
        h += QStringLiteral("</ul>");
    }
    QString tracks;
    for (const TrackSpec& t : spec.tracks)
        for (const QString& n : notesOf(t.extra))
            tracks += QStringLiteral("<li><b>%1</b>: %2</li>")
                          .arg(QString::fromStdString(t.id).toHtmlEscaped(), n.toHtmlEscaped());
    if (!tracks.isEmpty()) h += QObject::tr("<p><b>Notes on tracks</b></p><ul>%1</ul>").arg(tracks);
    if (spec.tracks.empty())
        h += QObject::tr("<p>No tracks yet. Place a first track (Track &gt; Place First Track, Alt+0: "
                         "click its start, then its end), open a layout (Ctrl+O) or start from the demo "
                         "(Help &gt; Open Demo Layout).</p>");
    return h;
}

bool NotesPanel::hasContent() const {
    const LayoutSpec& spec = m_doc->spec();
    if (spec.extra.contains("description") || !notesOf(spec.extra).isEmpty()) return true;
    for (const TrackSpec& t : spec.tracks)
        if (!notesOf(t.extra).isEmpty()) return true;
    return false;
}

void NotesPanel::refresh() {
    // a bundled layout has no file name of its own
    const bool named = !m_doc->filePath().isEmpty() || m_doc->spec().tracks.empty();
    m_text->setHtml(html(m_doc->spec(), named ? m_doc->displayName() : tr("About this layout")));
    const bool tracks = !m_doc->spec().tracks.empty();
    const nlohmann::json& spec = m_doc->spec().trains;
    const bool trains = spec.is_array() && !spec.empty();
    m_drive->setEnabled(trains || !m_doc->spec().vehicles.empty());
    m_edit->setEnabled(tracks);
    m_derail->setEnabled(trains); // (it drives the first train; single vehicles have no throttle)
    m_derail->setToolTip(trains ? tr("Drive the first train at full throttle, as fast as the computer can, "
                                     "until it derails; then show where, when and why")
                                : tr("The layout has no trains to derail: add one (Track > Add Train Here, "
                                     "Ctrl+Shift+T)"));
}

QString NotesPanel::plainText() const {
    return m_text->toPlainText();
}

} // namespace tl::ui
