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

// Status tips and icons by the action's id (its objectName), so a translated text or a renamed menu entry
// cannot lose them. An action without an id, icon or tip is a defect (tst_mainwindow checks every one).
const QHash<QString, Decor>& table() {
    using S = QStyle;
    static const QHash<QString, Decor> t = {
        {"fileNew", {S::SP_FileIcon, {}, QObject::tr("Start an empty layout")}},
        {"fileOpen", {S::SP_DialogOpenButton, {}, QObject::tr("Open a layout file (.json)")}},
        {"fileSave", {S::SP_DialogSaveButton, {}, QObject::tr("Save the layout to its file")}},
        {"fileSaveAs", {S::SP_DriveFDIcon, {}, QObject::tr("Save the layout to a new file")}},
        {"fileImport",
         {S::SP_FileDialogStart,
          {},
          QObject::tr("Import the alignments of an IFC 4.3 file (.ifc) as a new layout")}},
        {"fileExportNl2",
         {S::SP_DialogSaveButton, {}, QObject::tr("Export a coaster as a NoLimits 2 track-spline CSV")}},
        {"fileExportObj",
         {S::SP_DialogSaveButton,
          {},
          QObject::tr("Export the tracks' rails, sleepers and ballast as an OBJ mesh")}},
        {"fileExportIfc",
         {S::SP_DialogSaveButton,
          {},
          QObject::tr("Export the ground track as IFC 4.3 alignments (.ifc): horizontal, vertical and cant "
                      "layouts and stations; curves without an IFC form fitted within 0.5 mm")}},
        {"fileQuit",
         {S::SP_DialogCloseButton, {}, QObject::tr("Close TrackLab (asks about unsaved changes)")}},
        {"editUndo", {S::SP_ArrowBack, {}, QObject::tr("Undo the last change")}},
        {"editRedo", {S::SP_ArrowForward, {}, QObject::tr("Redo the change undone last")}},
        {"editDeletePoint",
         {S::SP_TrashIcon, {}, QObject::tr("Delete the selected control point, or the selected signal")}},
        {"editExtend",
         {S::SP_CustomBase, "+", QObject::tr("Add a 50 m track continuing the selected track's free end")}},
        {"editConnect",
         {S::SP_CustomBase, "⇌", QObject::tr("Connect the two nearest free track ends (within 5 m)")}},
        {"editDragFree",
         {S::SP_CustomBase, "✥", QObject::tr("Drag points in the ground plane (Shift: vertically)")}},
        {"editDragX", {S::SP_CustomBase, "X", QObject::tr("Drag points along the world X axis only")}},
        {"editDragY", {S::SP_CustomBase, "Y", QObject::tr("Drag points along the world Y axis only")}},
        {"editDragZ", {S::SP_CustomBase, "Z", QObject::tr("Drag points along the vertical (Z) only")}},
        {"viewFrameAll", {S::SP_CustomBase, "⌂", QObject::tr("Show the whole layout")}},
        {"viewFrameSelected",
         {S::SP_CustomBase, "◎", QObject::tr("Bring the selected track or point into view")}},
        {"viewTop", {S::SP_CustomBase, "T", QObject::tr("Look straight down on the layout")}},
        {"viewSide", {S::SP_CustomBase, "V", QObject::tr("Look at the layout from the side")}},
        {"trackColour:natural", {S::SP_CustomBase, "N", QObject::tr("Tracks in their natural colours")}},
        {"trackColour:curvature",
         {S::SP_CustomBase, "κ", QObject::tr("Colour tracks by curvature (red: tight)")}},
        {"trackColour:bank",
         {S::SP_CustomBase, "φ", QObject::tr("Colour tracks by bank angle, or by cant on a railway")}},
        {"trackColour:cant-deficiency",
         {S::SP_CustomBase, "Δ",
          QObject::tr("Colour tracks by cant deficiency at the twist editor's speed")}},
        {"trackColour:estimated-speed",
         {S::SP_CustomBase, "v",
          QObject::tr("Colour tracks by the speed the Checks dock's model estimates, without a run")}},
        {"trackColour:estimated-vertical-g",
         {S::SP_CustomBase, "g↑",
          QObject::tr("Colour tracks by the vertical g a rider would feel, estimated without a run")}},
        {"trackColour:estimated-lateral-g",
         {S::SP_CustomBase, "g↔",
          QObject::tr("Colour tracks by the lateral g a rider would feel, estimated without a run")}},
        {"trackColour:measured",
         {S::SP_CustomBase, "m",
          QObject::tr("Colour by the speed and g the shown run measured, instead of the estimate")}},
        {"trackColour:peak-yq",
         {S::SP_CustomBase, "Y",
          QObject::tr("Colour tracks by the highest Y/Q against its Nadal limit so far")}},
        {"trackColour:risk", {S::SP_CustomBase, "p", {}}}, // (its tip is set where it is made)
        {"viewChecks",
         {S::SP_CustomBase, "✓",
          QObject::tr("Check the layout against design rules: violations, curves, permissible speeds")}},
        {"viewForceKeys",
         {S::SP_CustomBase, "g",
          QObject::tr(
              "Edit the selected force section's normal force, lateral force and roll rate as graphs")}},
        {"cameraFree", {S::SP_CustomBase, "◯", QObject::tr("Orbit, pan and zoom freely")}},
        {"cameraFollow",
         {S::SP_CustomBase, "⇢", QObject::tr("Keep the selected train in the middle of the view")}},
        {"cameraCab", {S::SP_CustomBase, "▣", QObject::tr("Look ahead from the driver's cab")}},
        {"unitsKmh", {S::SP_CustomBase, "km", QObject::tr("Show speeds in kilometres per hour")}},
        {"unitsMs", {S::SP_CustomBase, "m/s", QObject::tr("Show speeds in metres per second")}},
        {"unitsDegrees", {S::SP_CustomBase, "°", QObject::tr("Show angles in degrees")}},
        {"unitsRadians", {S::SP_CustomBase, "rad", QObject::tr("Show angles in radians")}},
        {"lookRailway", {S::SP_CustomBase, "‖", QObject::tr("Draw tracks as railway track")}},
        {"lookCoaster", {S::SP_CustomBase, "∩", QObject::tr("Draw tracks as roller-coaster track")}},
        {"viewHandles", {S::SP_CustomBase, "•", QObject::tr("Show the selected track's edit handles")}},
        {"viewGizmo",
         {S::SP_CustomBase, "⊥", QObject::tr("Show the track frame (T, N, B) where a track was clicked")}},
        {"simRun", {S::SP_MediaPlay, {}, QObject::tr("Run or pause the simulation")}},
        {"simStep", {S::SP_MediaSkipForward, {}, QObject::tr("Advance the simulation by one time step")}},
        {"simReset",
         {S::SP_BrowserReload,
          {},
          QObject::tr("Back to time 0 with the layout as it is now (reads the rolling-stock files again)")}},
        {"rateSlow", {S::SP_MediaSeekBackward, {}, QObject::tr("Simulate at a quarter of real time")}},
        {"rateReal", {S::SP_MediaPlay, {}, QObject::tr("Simulate in real time")}},
        {"rateFast", {S::SP_MediaSeekForward, {}, QObject::tr("Simulate four times faster than real time")}},
        {"stopAtFirstEvent",
         {S::SP_MediaStop,
          {},
          QObject::tr(
              "Pause at the run's first derailment or collision, with the event selected and in view")}},
        {"simThrottleUp", {S::SP_ArrowUp, {}, QObject::tr("Open the selected train's throttle by 10 %")}},
        {"simThrottleDown",
         {S::SP_ArrowDown, {}, QObject::tr("Close the selected train's throttle by 10 %")}},
        {"simBrakeOn", {S::SP_CustomBase, "B+", QObject::tr("Apply the selected train's brake 10 % more")}},
        {"simBrakeOff", {S::SP_CustomBase, "B−", QObject::tr("Release the selected train's brake by 10 %")}},
        {"uncoupleBehind", {S::SP_CustomBase, "⊣", {}}}, // (its tip is set where it is made)
        {"helpGuide", {S::SP_DialogHelpButton, {}, QObject::tr("Read the user guide")}},
        {"helpShortcuts", {S::SP_FileDialogListView, {}, QObject::tr("List every keyboard shortcut")}},
        {"helpDemo", {S::SP_DirHomeIcon, {}, QObject::tr("Open the bundled railway demo")}},
        {"helpCoasterDemo", {S::SP_DirHomeIcon, {}, QObject::tr("Open the bundled roller-coaster demo")}},
        {"helpAbout",
         {S::SP_MessageBoxInformation, {}, QObject::tr("Versions of TrackLab and its libraries")}},
        // the Track menu (ui/tools/DesignTools.cpp draws their icons)
        {"track-first",
         {S::SP_CustomBase, {}, QObject::tr("Click on the ground to place a first straight track")}},
        {"track-straight",
         {S::SP_CustomBase,
          {},
          QObject::tr("Append a straight at the selected free end (length in the panel)")}},
        {"track-arc-left",
         {S::SP_CustomBase, {}, QObject::tr("Append a left curve (radius, angle and lead-in in the panel)")}},
        {"track-arc-right",
         {S::SP_CustomBase,
          {},
          QObject::tr("Append a right curve (radius, angle and lead-in in the panel)")}},
        {"track-transition",
         {S::SP_CustomBase, {}, QObject::tr("Append a clothoid transition to the radius in the panel")}},
        {"track-slope",
         {S::SP_CustomBase,
          {},
          QObject::tr("Append a change of grade with a vertical curve (grade, radius)")}},
        {"track-helix",
         {S::SP_CustomBase, {}, QObject::tr("Append a helix (radius, turns and rise in the panel)")}},
        {"track-spline", {S::SP_CustomBase, {}, QObject::tr("Append a spline through the points you click")}},
        {"track-force",
         {S::SP_CustomBase,
          {},
          QObject::tr(
              "Append a force section: its path from the g the riders feel and the roll rate in the panel")}},
        {"track-join",
         {S::SP_CustomBase, {}, QObject::tr("Join two free ends you click with a smooth track")}},
        {"track-signal",
         {S::SP_CustomBase,
          {},
          QObject::tr("Place a signal by clicking a track; click a signal to select, drag or delete it")}},
        {"track-join-nearest",
         {S::SP_CustomBase, {}, QObject::tr("Join the selected track's free end to the nearest free end")}},
        {"track-split", {S::SP_CustomBase, {}, QObject::tr("Split the selected track where it was clicked")}},
        {"track-switch",
         {S::SP_CustomBase, {}, QObject::tr("Insert a switch where the selected track was clicked")}},
        {"track-buffer-stop", {S::SP_CustomBase, {}, {}}}, // (its tip is set where it is made)
        {"track-buffer-stop-delete",
         {S::SP_CustomBase, {}, QObject::tr("Remove the buffer stop from the selected track's end")}},
        {"track-delete",
         {S::SP_CustomBase, {}, QObject::tr("Delete the selected track and what refers to it")}},
        {"track-rename",
         {S::SP_CustomBase, {}, QObject::tr("Rename the selected track everywhere it is referred to")}},
        {"track-train",
         {S::SP_CustomBase, {}, QObject::tr("Add a train where the selected track was clicked")}},
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

const Decor* lookup(const QString& id) {
    const auto& t = table();
    const auto it = t.find(id);
    return it == t.end() ? nullptr : &it.value();
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
    QStyle* style = window->style();
    for (QAction* a : menuActions(window)) {
        const Decor* d = lookup(a->objectName());
        if (d && a->icon().isNull()) {
            if (d->icon != QStyle::SP_CustomBase)
                a->setIcon(style->standardIcon(d->icon));
            else if (!d->glyph.isEmpty())
                a->setIcon(glyphIcon(d->glyph));
        }
        a->setToolTip(tooltipWithShortcut(a));
        if (d && a->statusTip().isEmpty()) a->setStatusTip(d->tip);
    }
}

QAction* withId(QAction* a, const char* id) {
    a->setObjectName(QString::fromLatin1(id));
    return a;
}

QList<QAction*> menuActions(QWidget* window) {
    QList<QAction*> actions;
    for (QMenuBar* bar : window->findChildren<QMenuBar*>())
        for (QAction* a : bar->actions())
            if (a->menu()) collect(a->menu(), actions);
    return actions;
}

} // namespace tl::ui
