// The one save path (core/io/SaveFile.h) under faults: a full disk (an injected write that fails with
// ENOSPC, and /dev/full), a read-only directory (checked in a child that drops root), a directory as the
// target. After each failure the old file is byte-identical and no temporary file is left. Device nodes
// and FIFOs are written in place, never replaced by a regular file; symbolic links are kept.
#include "FileTestUtil.h"
#include "core/io/SaveFile.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace tl;
namespace fs = std::filesystem;

namespace {

using filetest::entryCount;
using filetest::readAll;
using filetest::writeAll;

// A disk that fills up after `g_room` bytes: short writes, then ENOSPC.
std::size_t g_room = 0;
ssize_t fullDiskWrite(int fd, const void* buf, size_t count) {
    if (g_room == 0) {
        errno = ENOSPC;
        return -1;
    }
    const size_t n = std::min(count, g_room);
    g_room -= n;
    return ::write(fd, buf, n);
}

struct InjectWrite {
    explicit InjectWrite(WriteFunction f) { setSaveWriteFunctionForTesting(f); }
    ~InjectWrite() { setSaveWriteFunctionForTesting(nullptr); }
};

const std::string kOld = "{\"old\": true}\n";
const std::string kNew = std::string(10000, 'n') + "\n";

} // namespace

class TstSaveFile : public QObject {
    Q_OBJECT
private slots:
    void savesAndReplaces();
    void fullDiskKeepsOldFile();
    void devFullReportsNoSpace();
    void devNullStaysADevice();
    void fifoIsWrittenInPlace();
    void directoryTargetIsRefused();
    void readOnlyDirectoryKeepsOldFile();
    void symlinkIsKeptAndTargetReplaced();
    void streamAppearsWholeOnCommit();
    void streamFullDiskKeepsOldFile();
};

void TstSaveFile::savesAndReplaces() {
    QTemporaryDir dir;
    const fs::path target = fs::path(dir.path().toStdString()) / "a.json";
    writeAll(target, kOld);
    fs::permissions(target, fs::perms(0640));
    saveFile(target, kNew);
    QCOMPARE(readAll(target), kNew);
    QCOMPARE(int(fs::status(target).permissions() & fs::perms::mask), 0640); // mode kept
    QCOMPARE(entryCount(target.parent_path()), std::size_t(1));
}

void TstSaveFile::fullDiskKeepsOldFile() {
    QTemporaryDir dir;
    const fs::path target = fs::path(dir.path().toStdString()) / "layout.json";
    writeAll(target, kOld);
    g_room = 4096; // the first 4 KiB fit, then the disk is full
    std::string message;
    int err = 0;
    {
        InjectWrite full(fullDiskWrite);
        try {
            saveFile(target, kNew);
        } catch (const SaveError& e) {
            message = e.what();
            err = e.osError();
        }
    }
    QCOMPARE(err, ENOSPC);
    QVERIFY2(message.find(target.string() + ": cannot write: No space left on device") == 0, message.c_str());
    QCOMPARE(readAll(target), kOld);                            // byte-identical
    QCOMPARE(entryCount(target.parent_path()), std::size_t(1)); // the temporary file is gone
    saveFile(target, kNew);                                     // space again: the save goes through
    QCOMPARE(readAll(target), kNew);
}

void TstSaveFile::devFullReportsNoSpace() {
    if (!fs::exists("/dev/full")) QSKIP("no /dev/full");
    try {
        saveFile("/dev/full", kNew);
        QFAIL("writing to /dev/full succeeded");
    } catch (const SaveError& e) {
        QCOMPARE(e.osError(), ENOSPC);
        QVERIFY2(std::string(e.what()).find("/dev/full: cannot write: No space left on device") == 0,
                 e.what());
    }
    QVERIFY(fs::is_character_file("/dev/full"));
}

void TstSaveFile::devNullStaysADevice() {
    saveFile("/dev/null", kNew);
    QVERIFY(fs::is_character_file("/dev/null"));
}

void TstSaveFile::fifoIsWrittenInPlace() {
    QTemporaryDir dir;
    const fs::path fifo = fs::path(dir.path().toStdString()) / "pipe";
    QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
    std::string received;
    std::thread reader([&] { received = readAll(fifo); });
    saveFile(fifo, kNew);
    reader.join();
    QCOMPARE(received, kNew);
    QVERIFY(fs::is_fifo(fifo));
    QCOMPARE(entryCount(fifo.parent_path()), std::size_t(1));
}

void TstSaveFile::directoryTargetIsRefused() {
    QTemporaryDir dir;
    const fs::path target = fs::path(dir.path().toStdString()) / "layout.json";
    fs::create_directory(target);
    writeAll(target / "inside.txt", kOld);
    try {
        saveFile(target, kNew);
        QFAIL("saved over a directory");
    } catch (const SaveError& e) {
        QCOMPARE(e.osError(), EISDIR);
        QCOMPARE(e.file(), target.string());
    }
    QVERIFY(fs::is_directory(target));
    QCOMPARE(readAll(target / "inside.txt"), kOld);
    QCOMPARE(entryCount(target.parent_path()), std::size_t(1));
}

void TstSaveFile::readOnlyDirectoryKeepsOldFile() {
    // Root ignores directory permissions: the save runs in a child that drops to "nobody" when needed.
    QTemporaryDir dir;
    const fs::path d = fs::path(dir.path().toStdString()) / "ro";
    fs::create_directory(d);
    const fs::path target = d / "layout.json";
    writeAll(target, kOld);
    fs::permissions(target, fs::perms(0666));
    fs::permissions(d, fs::perms(0555));
    fs::permissions(d.parent_path(), fs::perms(0755));
    const pid_t pid = ::fork();
    QVERIFY(pid >= 0);
    if (pid == 0) {
        if (::geteuid() == 0 && (::setgid(65534) != 0 || ::setuid(65534) != 0)) ::_exit(3);
        try {
            saveFile(target, kNew);
        } catch (const SaveError& e) {
            ::_exit(e.osError() == EACCES &&
                            std::string(e.what()).find("Permission denied") != std::string::npos
                        ? 0
                        : 2);
        }
        ::_exit(1); // saved: the directory was not read-only for us
    }
    int status = 0;
    QCOMPARE(::waitpid(pid, &status, 0), pid);
    fs::permissions(d, fs::perms::owner_all);
    QVERIFY(WIFEXITED(status));
    QCOMPARE(WEXITSTATUS(status), 0);
    QCOMPARE(readAll(target), kOld);
    QCOMPARE(entryCount(d), std::size_t(1));
}

void TstSaveFile::symlinkIsKeptAndTargetReplaced() {
    QTemporaryDir dir;
    const fs::path root = dir.path().toStdString();
    writeAll(root / "real.json", kOld);
    fs::create_symlink("real.json", root / "link.json");
    saveFile(root / "link.json", kNew);
    QVERIFY(fs::is_symlink(root / "link.json"));
    QCOMPARE(readAll(root / "real.json"), kNew);
}

// SaveStream: pieces written as they come; the target keeps its old text until commit(), then holds them all;
// a stream dropped without commit (an error, an exception) leaves nothing behind.
void TstSaveFile::streamAppearsWholeOnCommit() {
    QTemporaryDir dir;
    const fs::path p = fs::path(dir.path().toStdString()) / "run.csv";
    writeAll(p, "old");
    {
        SaveStream out(p);
        for (int i = 0; i < 1000; ++i)
            out.write("row " + std::to_string(i) + "\n");
        QCOMPARE(readAll(p), std::string("old"));
        QCOMPARE(entryCount(dir.path().toStdString()), std::size_t(2)); // the target and the temporary file
        out.commit();
    }
    std::string expected;
    for (int i = 0; i < 1000; ++i)
        expected += "row " + std::to_string(i) + "\n";
    QCOMPARE(readAll(p), expected);
    QCOMPARE(entryCount(dir.path().toStdString()), std::size_t(1));
    {
        SaveStream out(p);
        out.write("abandoned");
    } // no commit
    QCOMPARE(readAll(p), expected);
    QCOMPARE(entryCount(dir.path().toStdString()), std::size_t(1));
}

void TstSaveFile::streamFullDiskKeepsOldFile() {
    QTemporaryDir dir;
    const fs::path p = fs::path(dir.path().toStdString()) / "run.csv";
    writeAll(p, "old");
    InjectWrite inject(&fullDiskWrite);
    g_room = 100;
    SaveStream out(p);
    out.write(std::string(60, 'a'));
    try {
        out.write(std::string(60, 'b'));
        QFAIL("no error on a full disk");
    } catch (const SaveError& e) {
        QCOMPARE(e.osError(), ENOSPC);
        QVERIFY2(std::string(e.what()).find("cannot write: No space left on device") != std::string::npos,
                 e.what());
    }
    QVERIFY_EXCEPTION_THROWN(out.commit(), SaveError);
    QCOMPARE(readAll(p), std::string("old"));
    QCOMPARE(entryCount(dir.path().toStdString()), std::size_t(1));
}

QTEST_GUILESS_MAIN(TstSaveFile)
#include "tst_save_file.moc"
