// Undo commands store the change, not copies of the layout (docs/user-guide.md, "Editing a layout"): every
// design operation and the general EditLayout edit are pushed on a Document opened from demo.json; the saved
// file after undo is byte-identical to the file before, after redo byte-identical to the file after, and each
// command's patch holds only the tracks, connections and switches that changed. A merged edit (typing in a
// field) stays one step and one patch.
#include "core/design/AppendPiece.h"
#include "core/design/DesignEdit.h"
#include "core/design/EndState.h"
#include "core/design/JoinEnds.h"
#include "core/design/TrackOps.h"
#include "core/io/InputFile.h"
#include "ui/commands/ApplyDesignEdit.h"
#include "ui/commands/EditLayout.h"
#include "ui/commands/MoveControlPoint.h"
#include "ui/document/Document.h"

#include <QTemporaryDir>
#include <QtTest>

#include <functional>

using namespace tl;
using tl::ui::Document;

namespace {

const QString demoPath = TRACKLAB_SOURCE_DIR "/resources/layouts/demo.json";

std::string savedText(Document& doc, const QTemporaryDir& dir) {
    const QString p = dir.filePath("saved.json");
    QString error;
    if (!doc.writeCopy(p, &error)) qFatal("%s", qPrintable(error));
    return readInputFile(p.toStdString());
}

using Op = std::function<design::DesignEdit(const Layout&)>;

} // namespace

class TstUndoPatch : public QObject {
    Q_OBJECT
private slots:
    void eachOpUndoesToTheSameBytes_data();
    void eachOpUndoesToTheSameBytes();
    void mergedEditIsOnePatch();
    void moveControlPointUndoes();
};

void TstUndoPatch::eachOpUndoesToTheSameBytes_data() {
    QTest::addColumn<int>("op");
    const char* names[] = {"append straight",
                           "append arc",
                           "append transition",
                           "append slope",
                           "append helix",
                           "append spline",
                           "join",
                           "delete",
                           "split",
                           "rename",
                           "change type",
                           "insert switch",
                           "toggle switch"};
    for (int i = 0; i < 13; ++i)
        QTest::newRow(names[i]) << i;
}

void TstUndoPatch::eachOpUndoesToTheSameBytes() {
    QFETCH(int, op);
    const std::vector<Op> ops = {
        [](const Layout& L) {
            design::PieceSpec p;
            p.length = 50;
            return design::appendPiece(L, design::freeEnds(L.spec()).front(), p);
        },
        [](const Layout& L) {
            design::PieceSpec p;
            p.kind = design::PieceKind::Arc;
            p.radius = 300;
            p.angle = 0.4;
            p.leadIn = 40;
            return design::appendPiece(L, design::freeEnds(L.spec()).front(), p);
        },
        [](const Layout& L) {
            design::PieceSpec p;
            p.kind = design::PieceKind::Transition;
            p.length = 60;
            p.radius = 250;
            return design::appendPiece(L, design::freeEnds(L.spec()).front(), p);
        },
        [](const Layout& L) {
            design::PieceSpec p;
            p.kind = design::PieceKind::Slope;
            p.grade = 0.02;
            return design::appendPiece(L, design::freeEnds(L.spec()).front(), p);
        },
        [](const Layout& L) {
            design::PieceSpec p;
            p.kind = design::PieceKind::Helix;
            p.radius = 60;
            p.pitch = 0; // the end is level: a flat helix (a helix must start at its own grade)
            p.turns = 0.5;
            return design::appendPiece(L, design::freeEnds(L.spec()).front(), p);
        },
        [](const Layout& L) {
            design::PieceSpec p;
            p.kind = design::PieceKind::Spline;
            p.points = {Vec3(40, 5, 0), Vec3(90, 20, 0)};
            return design::appendPiece(L, design::freeEnds(L.spec()).front(), p);
        },
        [](const Layout& L) { // a separate straight 150 m ahead and 60 m to the left of the first free
            // end, pointing on; the join fits the connector between the two
            const design::EndState e = design::endState(L, design::freeEnds(L.spec()).front());
            LayoutSpec s = L.spec();
            TrackSpec t;
            t.id = "far";
            t.curve.params["length"] = 30;
            t.placement.pose.position = e.position() + 150.0 * e.direction() + 60.0 * e.level.linear().col(1);
            t.placement.pose.rotation = Quat(Eigen::Matrix3d(e.level.linear()));
            s.tracks.push_back(t);
            const Layout L2 = Layout::compile(s);
            return design::joinEnds(L2, design::freeEnds(L.spec()).front(), EndRef{"far", TrackEnd::Start})
                .edit;
        },
        [](const Layout& L) { return design::deleteTrack(L, "right2"); },
        [](const Layout& L) { return design::splitTrack(L, "c2", 40.0); },
        [](const Layout& L) { return design::renameTrack(L.spec(), "bottom1", "platform"); },
        [](const Layout& L) { return design::changeCurveType(L, "c1", "spline"); },
        [](const Layout& L) { return design::insertSwitch(L, "top", 100.0); },
        [](const Layout& L) { return design::toggleSwitch(L.spec(), L.spec().switches.front().id); },
    };
    QTemporaryDir dir;
    Document doc;
    QString error;
    QVERIFY2(doc.load(demoPath, &error), qPrintable(error));
    const std::string before = savedText(doc, dir);
    QCOMPARE(before, readInputFile(demoPath.toStdString())); // unchanged: the file's own bytes
    const design::DesignEdit e = ops[std::size_t(op)](*doc.layout());
    auto* cmd = new tl::ui::ApplyDesignEdit(&doc, e.spec, QString::fromStdString(e.description));
    const design::SpecPatch patch = cmd->patch(); // copied: the stack owns the command
    doc.undoStack()->push(cmd);
    QVERIFY(doc.compileError().isEmpty());
    QVERIFY(doc.spec() == e.spec);
    const std::string after = savedText(doc, dir);
    QVERIFY(after != before);
    // the command holds the change: the items that differ, less than one copy of the layout (not two)
    const auto& sp = doc.spec();
    const std::size_t whole = sp.tracks.size() + sp.connections.size() + sp.switches.size();
    qInfo("%s: patch of %zu items (layout: %zu items)", e.description.c_str(), patch.itemCount(), whole);
    QVERIFY(patch.itemCount() > 0 || patch.trains);
    QVERIFY(patch.itemCount() < whole);
    doc.undoStack()->undo();
    QCOMPARE(savedText(doc, dir), before);
    doc.undoStack()->redo();
    QCOMPARE(savedText(doc, dir), after);
    doc.undoStack()->undo();
    QCOMPARE(savedText(doc, dir), before);
    QVERIFY(!doc.isModified());
}

void TstUndoPatch::mergedEditIsOnePatch() {
    QTemporaryDir dir;
    Document doc;
    QVERIFY(doc.load(demoPath, nullptr));
    const std::string before = savedText(doc, dir);
    const int c1 = doc.spec().trackIndex("c1");
    for (double r : {310.0, 320.0, 335.0}) { // typing "335" in a field: three merged edits
        LayoutSpec s = doc.spec();
        s.tracks[std::size_t(c1)].curve.params["radius"] = r;
        doc.undoStack()->push(new tl::ui::EditLayout(&doc, s, "Set radius of c1", "prop:c1:radius"));
    }
    QCOMPARE(doc.undoStack()->count(), 1);
    const auto* cmd = static_cast<const tl::ui::EditLayout*>(doc.undoStack()->command(0));
    QCOMPARE(cmd->patch().itemCount(), std::size_t(2)); // c1 before and after
    QCOMPARE(cmd->patch().tracks.size(), std::size_t(1));
    QCOMPARE(cmd->patch().tracks[0].before[0].curve.params.at("radius"), 300.0);
    QCOMPARE(cmd->patch().tracks[0].after[0].curve.params.at("radius"), 335.0);
    const std::string after = savedText(doc, dir);
    // one number changed in the file: the same length, the radius text only
    std::string expected = before;
    const auto at = expected.find("\"radius\": 300.0", expected.find("\"id\": \"c1\""));
    expected.replace(at, 15, "\"radius\": 335.0");
    QCOMPARE(after, expected);
    doc.undoStack()->undo();
    QCOMPARE(savedText(doc, dir), before);
}

void TstUndoPatch::moveControlPointUndoes() {
    QTemporaryDir dir;
    Document doc;
    QVERIFY(doc.load(demoPath, nullptr));
    const std::string before = savedText(doc, dir);
    const int hill = doc.spec().trackIndex("hill");
    doc.undoStack()->push(new tl::ui::MoveControlPoint(&doc, hill, 4, Vec3(96, 0, 3.5)));
    doc.undoStack()->push(new tl::ui::MoveControlPoint(&doc, hill, 4, Vec3(96, 0, 4.0))); // a drag: merged
    QCOMPARE(doc.undoStack()->count(), 1);
    const std::string after = savedText(doc, dir);
    std::string expected = before;
    expected.replace(expected.find("[96, 0, 3.27]"), 13, "[96, 0, 4.0]");
    QCOMPARE(after, expected);
    doc.undoStack()->undo();
    QCOMPARE(savedText(doc, dir), before);
}

QTEST_GUILESS_MAIN(TstUndoPatch)
#include "tst_undo_patch.moc"
