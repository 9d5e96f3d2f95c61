#include "ui/ActionDecor.h"

#include <QAction>
#include <QApplication>
#include <QHash>
#include <QMenu>
#include <QMenuBar>
#include <QPainter>
#include <QPainterPath>
#include <QStyle>
#include <QWidget>

namespace tl::ui {

namespace {

struct Decor {
    QStyle::StandardPixmap icon = QStyle::SP_CustomBase; // SP_CustomBase: draw a glyph
    QString glyph;                                       // 1-2 characters for a drawn icon
    QString tip;                                         // status tip
};

// Status tips and icons by the action's plain text (prefix match for the undo stack's "Undo <command>").
const QHash<QString, Decor>& table() {
    using S = QStyle;
    static const QHash<QString, Decor> t = {
        {"New", {S::SP_FileIcon, {}, QObject::tr("Start an empty layout")}},
        {"Open", {S::SP_DialogOpenButton, {}, QObject::tr("Open a layout file (.json)")}},
        {"Save", {S::SP_DialogSaveButton, {}, QObject::tr("Save the layout to its file")}},
        {"Save As", {S::SP_DriveFDIcon, {}, QObject::tr("Save the layout to a new file")}},
        {"Quit", {S::SP_DialogCloseButton, {}, QObject::tr("Close TrackLab (asks about unsaved changes)")}},
        {"Undo", {S::SP_ArrowBack, {}, QObject::tr("Undo the last change")}},
        {"Redo", {S::SP_ArrowForward, {}, QObject::tr("Redo the change undone last")}},
        {"Delete Point", {S::SP_TrashIcon, {}, QObject::tr("Delete the selected control point")}},
        {"Extend Track From Free End",
         {S::SP_CustomBase, "+", QObject::tr("Add a 50 m track continuing the selected track's free end")}},
        {"Connect Nearest Free Ends",
         {S::SP_CustomBase, "⇌", QObject::tr("Connect the two nearest free track ends (within 5 m)")}},
        {"Free (ground plane; Shift: vertical)",
         {S::SP_CustomBase, "✥", QObject::tr("Drag points in the ground plane (Shift: vertically)")}},
        {"Along X", {S::SP_CustomBase, "X", QObject::tr("Drag points along the world X axis only")}},
        {"Along Y", {S::SP_CustomBase, "Y", QObject::tr("Drag points along the world Y axis only")}},
        {"Along Z", {S::SP_CustomBase, "Z", QObject::tr("Drag points along the vertical (Z) only")}},
        {"Frame All", {S::SP_CustomBase, "⌂", QObject::tr("Show the whole layout")}},
        {"Frame Selected",
         {S::SP_CustomBase, "◎", QObject::tr("Bring the selected track or point into view")}},
        {"Top View", {S::SP_CustomBase, "T", QObject::tr("Look straight down on the layout")}},
        {"Side View", {S::SP_CustomBase, "V", QObject::tr("Look at the layout from the side")}},
        {"Natural", {S::SP_CustomBase, "N", QObject::tr("Tracks in their natural colours")}},
        {"By Curvature", {S::SP_CustomBase, "κ", QObject::tr("Colour tracks by curvature (red: tight)")}},
        {"By Bank Angle", {S::SP_CustomBase, "φ", QObject::tr("Colour tracks by bank angle")}},
        {"By Cant Deficiency (twist editor speed)",
         {S::SP_CustomBase, "Δ",
          QObject::tr("Colour tracks by cant deficiency at the twist editor's speed")}},
        {"By Peak Y/Q of the Run",
         {S::SP_CustomBase, "Y",
          QObject::tr("Colour tracks by the highest Y/Q against its Nadal limit so far")}},
        {"Design Checks",
         {S::SP_CustomBase, "✓",
          QObject::tr("Check the layout against design rules: violations, curves, permissible speeds")}},
        {"Free Orbit", {S::SP_CustomBase, "◯", QObject::tr("Orbit, pan and zoom freely")}},
        {"Follow Train",
         {S::SP_CustomBase, "⇢", QObject::tr("Keep the selected train in the middle of the view")}},
        {"Cab View", {S::SP_CustomBase, "▣", QObject::tr("Look ahead from the driver's cab")}},
        {"Speeds in km/h", {S::SP_CustomBase, "km", QObject::tr("Show speeds in kilometres per hour")}},
        {"Speeds in m/s", {S::SP_CustomBase, "m/s", QObject::tr("Show speeds in metres per second")}},
        {"Angles in degrees", {S::SP_CustomBase, "°", QObject::tr("Show angles in degrees")}},
        {"Angles in radians", {S::SP_CustomBase, "rad", QObject::tr("Show angles in radians")}},
        {"Railway (rails, sleepers, ballast)",
         {S::SP_CustomBase, "‖", QObject::tr("Draw tracks as railway track")}},
        {"Roller Coaster (tube rails, spine, supports)",
         {S::SP_CustomBase, "∩", QObject::tr("Draw tracks as roller-coaster track")}},
        {"Control Points", {S::SP_CustomBase, "•", QObject::tr("Show the selected track's edit handles")}},
        {"Frame Gizmo at Selection",
         {S::SP_CustomBase, "⊥", QObject::tr("Show the track frame (T, N, B) where a track was clicked")}},
        {"Run", {S::SP_MediaPlay, {}, QObject::tr("Run or pause the simulation")}},
        {"Step", {S::SP_MediaSkipForward, {}, QObject::tr("Advance the simulation by one time step")}},
        {"Reset", {S::SP_BrowserReload, {}, QObject::tr("Back to time 0 with the layout as it is now")}},
        {"Slow Motion (¼×)",
         {S::SP_MediaSeekBackward, {}, QObject::tr("Simulate at a quarter of real time")}},
        {"Real Time", {S::SP_MediaPlay, {}, QObject::tr("Simulate in real time")}},
        {"Fast (4×)", {S::SP_MediaSeekForward, {}, QObject::tr("Simulate four times faster than real time")}},
        {"Stop at First Event",
         {S::SP_MediaStop,
          {},
          QObject::tr(
              "Pause at the run's first derailment or collision, with the event selected and in view")}},
        {"Throttle Up", {S::SP_ArrowUp, {}, QObject::tr("Open the selected train's throttle by 10 %")}},
        {"Throttle Down", {S::SP_ArrowDown, {}, QObject::tr("Close the selected train's throttle by 10 %")}},
        {"Brake On", {S::SP_CustomBase, "B+", QObject::tr("Apply the selected train's brake 10 % more")}},
        {"Brake Off", {S::SP_CustomBase, "B−", QObject::tr("Release the selected train's brake by 10 %")}},
        {"User Guide", {S::SP_DialogHelpButton, {}, QObject::tr("Read the user guide")}},
        {"Keyboard Shortcuts", {S::SP_FileDialogListView, {}, QObject::tr("List every keyboard shortcut")}},
        {"Open Demo Layout", {S::SP_DirHomeIcon, {}, QObject::tr("Open the bundled railway demo")}},
        {"Open Coaster Demo", {S::SP_DirHomeIcon, {}, QObject::tr("Open the bundled roller-coaster demo")}},
        {"About TrackLab",
         {S::SP_MessageBoxInformation, {}, QObject::tr("Versions of TrackLab and its libraries")}},
    };
    return t;
}

// A small icon with a glyph (for actions without a standard icon): white text on a coloured round square.
QIcon glyphIcon(const QString& glyph) {
    QPixmap pm(32, 32);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    QPainterPath box;
    box.addRoundedRect(QRectF(1.5, 1.5, 29, 29), 6, 6);
    p.fillPath(box, QColor(0x2f, 0x5d, 0x8a));
    QFont f = QApplication::font();
    f.setBold(true);
    f.setPixelSize(glyph.size() > 2 ? 11 : glyph.size() > 1 ? 14 : 19);
    p.setFont(f);
    p.setPen(Qt::white);
    p.drawText(QRectF(0, 0, 32, 32), Qt::AlignCenter, glyph);
    return QIcon(pm);
}

const Decor* lookup(const QString& text) {
    const auto& t = table();
    if (auto it = t.find(text); it != t.end()) return &it.value();
    for (const char* prefix : {"Undo", "Redo"})
        if (text.startsWith(prefix)) return &t.find(prefix).value();
    return nullptr;
}

void collect(QMenu* menu, QList<QAction*>& out) {
    for (QAction* a : menu->actions()) {
        if (a->isSeparator()) continue;
        if (a->menu())
            collect(a->menu(), out);
        else
            out << a;
    }
}

} // namespace

QString plainActionText(const QAction* a) {
    QString t = a->text();
    t.remove('&');
    while (t.endsWith(QChar(0x2026)) || t.endsWith('.'))
        t.chop(1);
    return t.trimmed();
}

QString tooltipWithShortcut(const QAction* a) {
    const QString text = plainActionText(a);
    QStringList keys;
    for (const QKeySequence& k : a->shortcuts())
        keys << k.toString(QKeySequence::NativeText);
    return keys.isEmpty() ? text : QStringLiteral("%1 (%2)").arg(text, keys.join(QObject::tr(" or ")));
}

void decorateActions(QWidget* window) {
    QList<QAction*> actions;
    for (QMenuBar* bar : window->findChildren<QMenuBar*>())
        for (QAction* a : bar->actions())
            if (a->menu()) collect(a->menu(), actions);
    QStyle* style = window->style();
    for (QAction* a : actions) {
        const QString text = plainActionText(a);
        const Decor* d = lookup(text);
        if (a->icon().isNull()) {
            if (d && d->icon != QStyle::SP_CustomBase)
                a->setIcon(style->standardIcon(d->icon));
            else
                a->setIcon(glyphIcon(d && !d->glyph.isEmpty() ? d->glyph : text.left(1)));
        }
        a->setToolTip(tooltipWithShortcut(a));
        if (a->statusTip().isEmpty()) a->setStatusTip(d ? d->tip : text);
    }
}

} // namespace tl::ui
