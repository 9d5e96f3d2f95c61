// Renaming a track has one path (core/design/TrackOps.h, renameTrack), from the Properties panel's Id field
// as from Track > Rename Track (F2), under Xvfb with real events: on the coaster demo the driven track
// "loop" (its lift chain and station booster are "drives" on it) renamed in Properties keeps both drive
// sections -- in the file, compiled and drawn -- and the run works (the train climbs the chain at its
// 3.5 m/s); refused names (empty, taken, spaces at an end) say why and change nothing; undo renames back
// everything at once.
#include "GuiTestUtil.h"

#include "render/scene/LayoutScene.h"
#include "ui/document/Document.h"
#include "ui/document/FileManager.h"
#include "ui/edit/EditController.h"
#include "ui/panels/PropertyPanel.h"
#include "ui/sim/SimulationController.h"

#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QUndoStack>

#include <osg/Group>

using tl::ui::MainWindow;
using namespace guitest;

class TstRenameGui : public QObject {
    Q_OBJECT
public:
    static void initMain() { guitest::initGuiTest(); }

private slots:
    void renamingADrivenTrackKeepsItsDrives();
};

namespace {
QLineEdit* idField(MainWindow& w) {
    for (QWidget* p = w.properties(); p; p = p->parentWidget())
        if (auto* dock = qobject_cast<QDockWidget*>(p)) dock->show(), dock->raise();
    return w.properties()->findChild<QLineEdit*>("field:id");
}
void type(QLineEdit* field, const QString& text) {
    field->setFocus();
    QTest::mouseClick(field, Qt::LeftButton);
    QTest::keyClick(field, Qt::Key_A, Qt::ControlModifier);
    if (text.isEmpty())
        QTest::keyClick(field, Qt::Key_Delete);
    else
        QTest::keyClicks(field, text);
    QTest::keyClick(field, Qt::Key_Return);
}
unsigned drawnSections(MainWindow& w) {
    const osg::Group* g = w.scene()->driveSections();
    unsigned n = 0;
    for (unsigned i = 0; i < g->getNumChildren(); ++i)
        n += g->getChild(i)->asGroup() ? g->getChild(i)->asGroup()->getNumChildren() : 1;
    return n;
}
} // namespace

void TstRenameGui::renamingADrivenTrackKeepsItsDrives() {
    MainWindow w;
    w.resize(1280, 960);
    QVERIFY(w.files()->openDemo("coaster.json"));
    QVERIFY(showAndWait(w));
    const unsigned sections = drawnSections(w);
    QVERIFY(sections >= 2);
    QCOMPARE(w.document()->layout()->drives().size(), std::size_t(2));
    clickTrack(w, "loop", 100.0);
    QLineEdit* id = idField(w);
    QVERIFY(id);
    QCOMPARE(id->text(), QString("loop"));

    // renamed in Properties: the drives follow, compiled and drawn
    type(id, "circuit");
    QTRY_VERIFY(w.document()->spec().trackIndex("circuit") >= 0);
    const tl::LayoutSpec& spec = w.document()->spec();
    QCOMPARE(spec.trackIndex("loop"), -1);
    for (const auto& d : spec.drives)
        QCOMPARE(d.track, std::string("circuit"));
    QVERIFY(spec.trains.dump().find("\"loop\"") == std::string::npos);
    QCOMPARE(w.document()->layout()->drives().size(), std::size_t(2));
    QCOMPARE(drawnSections(w), sections);
    QCOMPARE(w.document()->undoStack()->undoText(), QString("Rename track loop to circuit"));

    // the run works: the train is on the renamed track and the chain pulls it up at 3.5 m/s
    w.simulation()->setRate(8.0);
    w.view()->setFocus();
    QTest::keyClick(w.view(), Qt::Key_Space);
    QTRY_VERIFY_WITH_TIMEOUT(w.simulation()->shownTime() >= 20.0, 60000);
    QTest::keyClick(w.view(), Qt::Key_Space);
    const tl::Simulation* sim = w.simulation()->simulation();
    QVERIFY(sim && sim->view().derailments().empty());
    const double v = sim->view().trainSpeed(0);
    qInfo("t = %.1f s on the renamed track: train at %.3f m/s", sim->time(), v);
    QVERIFY(std::abs(v - 3.5) < 0.2);

    // refused: empty, taken by the same track, spaces at an end -- said, nothing changed
    const int steps = w.document()->undoStack()->count();
    const std::pair<QString, QString> refusals[] = {{"", "must not be empty"},
                                                    {" circuit2", "must not begin or end with a space"},
                                                    {"circuit2 ", "must not begin or end with a space"}};
    for (const auto& [bad, why] : refusals) {
        id = idField(w);
        type(id, bad);
        auto* error = w.properties()->findChild<QLabel*>("propertyError");
        QVERIFY(error);
        QTRY_VERIFY2(error->text().contains(why), qPrintable(error->text()));
        QCOMPARE(w.document()->undoStack()->count(), steps);
        QVERIFY(w.document()->spec().trackIndex("circuit") >= 0);
        QTRY_COMPARE(idField(w)->text(), QString("circuit"));
    }

    // undo: the track and both drives are called loop again
    w.activateWindow();
    w.view()->setFocus();
    QTest::keyClick(w.view(), Qt::Key_Z, Qt::ControlModifier);
    QTRY_VERIFY(w.document()->spec().trackIndex("loop") >= 0);
    for (const auto& d : w.document()->spec().drives)
        QCOMPARE(d.track, std::string("loop"));
    QCOMPARE(drawnSections(w), sections);
}

QTEST_MAIN(TstRenameGui)
#include "tst_rename_gui.moc"
