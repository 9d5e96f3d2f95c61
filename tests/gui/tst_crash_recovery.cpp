// Crash recovery with a real kill -9 (docs/user-guide.md, "Files, settings and the command line"). main()
// forks before any Qt object exists: the child opens a copy of the demo layout, drags a control point with
// real mouse events, waits for an autosave, writes the edited layout beside it for comparison and reports
// over a pipe; the parent then kills it with SIGKILL (no clean-up runs) and starts the editor the way
// `tracklab LAYOUT.json` does: the recovery is offered (the test clicks "Yes" in the real message box) and
// restores the edit, marked unsaved. Saving removes the autosave; another document's autosave is never
// touched.
#include "GuiTestUtil.h"

#include "core/layout/LayoutFile.h"
#include "render/OsgConvert.h"
#include "render/scene/LayoutScene.h"
#include "ui/document/Document.h"
#include "ui/document/FileManager.h"
#include "ui/document/RecoveryStore.h"
#include "ui/edit/EditController.h"

#include <QAbstractButton>
#include <QMessageBox>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <string>

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

using tl::ui::MainWindow;
using namespace guitest;

namespace {

std::string g_dir; // the test's temporary directory (layout copy, expected result)
bool g_childReported = false;

QString layoutPath() {
    return QString::fromStdString(g_dir + "/line.json");
}
QString expectedPath() {
    return QString::fromStdString(g_dir + "/expected.json");
}

// The crashing session (child process): edit with real events, autosave, report, wait to be killed.
int crashingSession(int argc, char** argv, int reportFd) {
    QApplication app(argc, argv);
    MainWindow w;
    w.files()->setAutosaveInterval(200);
    if (!w.files()->open(layoutPath()) || !showAndWait(w)) return 10;
    const int track = w.document()->layout()->trackIndex("hill");
    w.editor()->select(track, 2);
    w.frameSelected();
    viewImage(w);
    const QPoint at = w.view()->project(tl::render::toOsg(w.scene()->handlePosition(track, 2))).toPoint();
    drag(w.view(), at, at + QPoint(40, 25));
    if (!w.document()->isModified()) return 11;
    if (!QTest::qWaitFor([&] { return QFileInfo::exists(w.files()->recoveryPath()); }, 10000)) return 12;
    QTest::qWait(300); // one more autosave period: the file holds the final state
    tl::saveLayoutSpec(w.document()->spec(), expectedPath().toStdString());
    if (::write(reportFd, "autosaved\n", 10) != 10) return 13;
    for (;;)
        QTest::qWait(1000); // until SIGKILL
}

} // namespace

class TstCrashRecovery : public QObject {
    Q_OBJECT
private slots:
    void recoveryOfferRestoresTheEdit();
};

void TstCrashRecovery::recoveryOfferRestoresTheEdit() {
    QVERIFY2(g_childReported, "the crashing session did not autosave");
    const tl::LayoutSpec expected = tl::loadLayoutSpec(expectedPath().toStdString());
    const tl::LayoutSpec onDisk = tl::loadLayoutSpec(layoutPath().toStdString());
    QVERIFY(!(expected == onDisk)); // the edit never reached the file itself

    const auto before = tl::ui::RecoveryStore::orphans();
    QCOMPARE(int(before.size()), 1);
    QCOMPARE(before.front().origin, QFileInfo(layoutPath()).absoluteFilePath());
    // Another document's autosave (of another crashed session) must survive all of this.
    const QString other = QString::fromStdString(g_dir + "/other.json");
    {
        tl::ui::RecoveryStore store;
        QVERIFY(store.write(
            other, [](const QString& f, QString*) { return QFile(f).open(QIODevice::WriteOnly); }, nullptr));
    } // released, files kept: an orphan like the killed session's
    QCOMPARE(int(tl::ui::RecoveryStore::orphans().size()), 2);

    MainWindow w;
    QString asked;
    QTimer::singleShot(0, [&] { // answer the real message box with a real click
        QTRY_VERIFY(QApplication::activeModalWidget() != nullptr);
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        QVERIFY(box);
        asked = box->text();
        QTest::mouseClick(box->button(QMessageBox::Yes), Qt::LeftButton);
    });
    QVERIFY(w.files()->open(layoutPath())); // what `tracklab line.json` does at start-up
    QVERIFY2(asked.contains("line.json") && asked.contains("Recover"), qPrintable(asked));
    QVERIFY(w.document()->spec() == expected);
    QVERIFY(w.document()->isModified());
    QCOMPARE(w.document()->filePath(), QFileInfo(layoutPath()).absoluteFilePath());
    QCOMPARE(int(tl::ui::RecoveryStore::orphans().size()), 1); // this window owns the recovered one now

    // Saving writes the recovered edit and removes the autosave.
    QVERIFY(w.files()->save());
    QCOMPARE(tl::loadLayoutSpec(layoutPath().toStdString()), expected);
    QVERIFY(!w.document()->isModified());
    const auto left = tl::ui::RecoveryStore::orphans();
    QCOMPARE(int(left.size()), 1); // only the other document's
    QCOMPARE(left.front().origin, QFileInfo(other).absoluteFilePath());
    QCOMPARE(QDir(tl::ui::RecoveryStore::directory()).entryList({"*.json"}, QDir::Files).size(), 1);
}

int main(int argc, char** argv) {
    guitest::initGuiTest();
    char tmpl[] = "/tmp/tst_crash_recovery-XXXXXX";
    if (!::mkdtemp(tmpl)) return 2;
    g_dir = tmpl;
    std::filesystem::copy_file(TRACKLAB_SOURCE_DIR "/resources/layouts/demo.json", g_dir + "/line.json");
    {
        QCoreApplication paths(argc, argv); // the test-mode recovery directory: start empty
        QDir(tl::ui::RecoveryStore::directory()).removeRecursively();
    }
    int fds[2];
    if (::pipe(fds) != 0) return 2;
    const pid_t child = ::fork();
    if (child < 0) return 2;
    if (child == 0) {
        ::close(fds[0]);
        ::_exit(crashingSession(argc, argv, fds[1]));
    }
    ::close(fds[1]);
    pollfd p{fds[0], POLLIN, 0};
    char buf[16] = {};
    if (::poll(&p, 1, 120000) == 1 && ::read(fds[0], buf, sizeof buf - 1) > 0)
        g_childReported = std::string(buf) == "autosaved\n";
    ::kill(child, SIGKILL);
    int status = 0;
    ::waitpid(child, &status, 0);
    int rc = 0;
    {
        QApplication app(argc, argv);
        TstCrashRecovery t;
        rc = QTest::qExec(&t, argc, argv);
    }
    std::filesystem::remove_all(g_dir);
    return rc;
}

#include "tst_crash_recovery.moc"
