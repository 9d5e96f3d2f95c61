// File > Import IFC Alignment and File > Export from the window (ui/document/FileManager.h), with the file
// dialogs answered as a user does: tests/data/gui/alignment-line-arc.ifc (IFC4X3_ADD2: a 100 m line east
// from the origin, then an arc of radius 300 m to the right over 78.54 m = 15 degrees) becomes an untitled
// layout of two tracks ending at (100 + 300 sin 15, -300 (1 - cos 15)) = (177.646, -10.222) m; the OBJ export
// writes the tracks' mesh; the IFC 4.3 export (core/alignment/IfcAlignmentWriter.h) writes an IFC4X3_ADD2
// file that the importer turns back into the same two tracks, ending at the same point; the NoLimits 2 export
// of this railway layout is refused with the reason and writes nothing.
#include "GuiTestUtil.h"

#include "core/alignment/IfcAlignmentReader.h"
#include "core/layout/Layout.h"
#include "ui/document/FileManager.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <numbers>

using namespace guitest;
using tl::ui::MainWindow;

class TstImportExportGui : public QObject {
    Q_OBJECT
public:
    static void initMain() { initGuiTest(); }
private slots:
    void importThenExport();
};

void TstImportExportGui::importThenExport() {
    MainWindow w;
    QVERIFY(showAndWait(w));
    // the dialogs open in the working directory: the IFC file is copied there, names are typed
    QTemporaryDir dir;
    QVERIFY(QFile::copy(dataPath("tests/data/gui/alignment-line-arc.ifc"),
                        dir.filePath("alignment-line-arc.ifc")));
    QVERIFY(QDir::setCurrent(dir.path()));
    int answered = 0;
    whenDialogShows<QFileDialog>(
        [&](QFileDialog* d) { answered = acceptFileDialog(d, "alignment-line-arc.ifc"); });
    w.findChild<QAction*>("fileImport")->trigger();
    QVERIFY(answered > 0);
    const auto& spec = w.document()->spec();
    QCOMPARE(int(spec.tracks.size()), 2);
    QCOMPARE(spec.tracks[0].curve.type, std::string("line"));
    QCOMPARE(spec.tracks[1].curve.type, std::string("arc"));
    QVERIFY(!w.document()->displayName().contains("bundled"));
    QVERIFY(w.document()->filePath().isEmpty()); // Save asks where
    QVERIFY2(w.statusBar()->currentMessage().startsWith("Imported"),
             qPrintable(w.statusBar()->currentMessage()));
    const auto layout = w.document()->layout();
    const tl::Vec3 end = layout->frameInWorld(1, layout->track(1).length()).F.P;
    const double a = 15.0 * std::numbers::pi / 180.0;
    qInfo("imported end (%.6f, %.6f), closed form (%.6f, %.6f)", end.x(), end.y(), 100 + 300 * std::sin(a),
          -300 * (1 - std::cos(a)));
    QVERIFY((end - tl::Vec3(100 + 300 * std::sin(a), -300 * (1 - std::cos(a)), 0)).norm() < 1e-6);

    // File > Export > OBJ Mesh
    const QString obj = dir.filePath("line-arc.obj");
    whenDialogShows<QFileDialog>([&](QFileDialog* d) { answered = acceptFileDialog(d, "line-arc.obj"); });
    w.findChild<QAction*>("fileExportObj")->trigger();
    QVERIFY(answered > 0);
    QFile f(obj);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    QVERIFY(text.contains("\nv ") && text.contains("\nf "));
    qInfo("OBJ: %lld bytes", static_cast<long long>(text.size()));

    // File > Export > IFC 4.3 Alignments: read back by the importer, the same end point
    const QString ifc = dir.filePath("line-arc-out.ifc");
    whenDialogShows<QFileDialog>([&](QFileDialog* d) { answered = acceptFileDialog(d, "line-arc-out.ifc"); });
    w.findChild<QAction*>("fileExportIfc")->trigger();
    QVERIFY(answered > 0);
    QVERIFY2(w.statusBar()->currentMessage().startsWith("Exported"),
             qPrintable(w.statusBar()->currentMessage()));
    {
        QFile g(ifc);
        QVERIFY(g.open(QIODevice::ReadOnly));
        const QByteArray head = g.readAll();
        QVERIFY(head.startsWith("ISO-10303-21;") && head.contains("FILE_SCHEMA(('IFC4X3_ADD2'));"));
        const tl::IfcImport back = tl::importIfcAlignments(ifc.toStdString());
        const tl::Layout again = tl::Layout::compile(back.layout);
        QCOMPARE(int(again.trackCount()), 2);
        const tl::Vec3 end2 = again.frameInWorld(1, again.track(1).length()).F.P;
        qInfo("exported and imported again: end (%.6f, %.6f)", end2.x(), end2.y());
        QVERIFY((end2 - end).norm() < 1e-6);
    }

    // File > Export > NoLimits 2 Track CSV: a railway layout is refused, nothing written
    const QString csv = dir.filePath("line-arc.csv");
    QString error;
    connect(w.files(), &tl::ui::FileManager::error, this, [&](const QString& e) { error = e; });
    whenDialogShows<QFileDialog>([&](QFileDialog* d) { answered = acceptFileDialog(d, "line-arc.csv"); });
    w.findChild<QAction*>("fileExportNl2")->trigger();
    QVERIFY(answered > 0);
    qInfo() << error;
    QVERIFY(error.contains("coaster"));
    QVERIFY(!QFile::exists(csv));
}

QTEST_MAIN(TstImportExportGui)
#include "tst_import_export_gui.moc"
