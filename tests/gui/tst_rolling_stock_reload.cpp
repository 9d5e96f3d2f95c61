// The document's scenario is parsed once per change and its rolling-stock files are read from disk once
// (physics/spec/RollingStockFiles.h): editing the layout rebuilds the simulation from memory, Simulation >
// Reset (Ctrl+R) reads the files again and says which changed; a file that can no longer be read is
// reported and the window goes on. Driven with real key events under Xvfb.
#include "GuiTestUtil.h"

#include "ui/document/Document.h"
#include "ui/document/FileManager.h"
#include "ui/edit/EditController.h"

#include <QMessageBox>
#include <QStatusBar>
#include <QTemporaryDir>

using tl::ui::MainWindow;
using namespace guitest;

class TstRollingStockReload : public QObject {
    Q_OBJECT
public:
    static void initMain() { guitest::initGuiTest(); }

private slots:
    void readOnceUntilReset();
};

void TstRollingStockReload::readOnceUntilReset() {
    // the demo beside its own rolling-stock folder (searched first: docs/trains-format.md)
    QTemporaryDir dir;
    QVERIFY(QFile::copy(TRACKLAB_SOURCE_DIR "/resources/layouts/demo.json", dir.filePath("demo.json")));
    QVERIFY(QDir(dir.path()).mkdir("rolling-stock"));
    const QString coach = dir.filePath("rolling-stock/passenger-car.json");
    QVERIFY(QFile::copy(TRACKLAB_SOURCE_DIR "/resources/rolling-stock/passenger-car.json", coach));
    QFile::setPermissions(coach, QFile::ReadOwner | QFile::WriteOwner);

    MainWindow w;
    QVERIFY(w.files()->open(dir.filePath("demo.json")));
    QVERIFY(showAndWait(w));
    tl::ui::SimulationController* sim = w.simulation();
    QVERIFY(sim->simulation());
    const int reads = sim->rollingStockDiskReads();
    QCOMPARE(reads, 2); // locomotive and passenger-car, one read each
    const double energyBefore = sim->simulation()->view().trainEnergy(0);

    // an edit rebuilds the simulation from the scenario in memory: no file is read
    const int siding = w.document()->layout()->trackIndex("siding");
    w.editor()->select(siding, -1);
    QTest::keyClick(&w, Qt::Key_E, Qt::ControlModifier); // Edit > Extend Track From Free End
    QVERIFY(w.document()->isModified());
    QVERIFY(sim->simulation());
    QCOMPARE(sim->rollingStockDiskReads(), reads);

    // the coach gets heavier on disk: nothing changes until Reset, which reads it and says so
    QFile f(coach);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QByteArray text = f.readAll();
    f.close();
    const QByteArray heavier = QByteArray(text).replace("\"mass\": 36000", "\"mass\": 46000");
    QVERIFY2(heavier != text, "test data: the coach's body mass is 36000");
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(heavier);
    f.close();
    QTest::keyClick(&w, Qt::Key_R, Qt::ControlModifier); // Simulation > Reset
    QVERIFY(sim->rollingStockDiskReads() > reads);
    const QString said = w.statusBar()->currentMessage();
    QVERIFY2(said.contains("passenger-car") && said.contains("changed"), qPrintable(said));
    QVERIFY(sim->simulation());
    // four coaches of 10 t more at the same height: the potential energy m g z grows by 4 x 10 000 x g x z
    QVERIFY(sim->simulation()->view().trainEnergy(0) > energyBefore);

    // unreadable: Reset says why, the run cannot be built, the window goes on
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write("{ not json");
    f.close();
    QTest::keyClick(&w, Qt::Key_R, Qt::ControlModifier);
    QVERIFY(!sim->simulation());
    QVERIFY2(sim->lastError().contains("passenger-car.json"), qPrintable(sim->lastError()));
    QTRY_VERIFY(!w.findChildren<QMessageBox*>().isEmpty()); // the user is told
    for (auto* b : w.findChildren<QMessageBox*>())
        delete b;
    // repaired: the next Reset builds it again
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(text);
    f.close();
    QTest::keyClick(&w, Qt::Key_R, Qt::ControlModifier);
    QVERIFY(sim->simulation());
    QCOMPARE(sim->simulation()->view().trainEnergy(0), energyBefore);
}

QTEST_MAIN(TstRollingStockReload)
#include "tst_rolling_stock_reload.moc"
