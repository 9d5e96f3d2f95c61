#include "core/io/SaveFile.h"

#include <atomic>
#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tl {

namespace {

std::atomic<WriteFunction> g_write{nullptr};

ssize_t doWrite(int fd, const void* buf, size_t count) {
    const WriteFunction f = g_write.load();
    return f ? f(fd, buf, count) : ::write(fd, buf, count);
}

std::string describe(const std::string& problem, int err) {
    return err ? problem + ": " + std::strerror(err) : problem;
}

// Write all of `data` to fd; returns 0 or the errno of the failure.
int writeAll(int fd, std::string_view data) {
    std::size_t done = 0;
    while (done < data.size()) {
        const ssize_t n = doWrite(fd, data.data() + done, data.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return errno ? errno : EIO;
        if (n == 0) return ENOSPC; // no progress: treat as a full device
        done += std::size_t(n);
    }
    return 0;
}

void writeInPlace(const std::string& file, std::string_view data) {
    const int fd = ::open(file.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) throw SaveError(file, "cannot open for writing", errno);
    if (const int err = writeAll(fd, data)) {
        ::close(fd);
        throw SaveError(file, "cannot write", err);
    }
    if (::close(fd) != 0 && errno != EINTR) throw SaveError(file, "cannot close", errno);
}

void syncDirectory(const std::filesystem::path& dir) {
    const int fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        ::fsync(fd); // best effort: the rename itself has happened (some file systems refuse this)
        ::close(fd);
    }
}

} // namespace

SaveError::SaveError(std::string file, std::string problem, int osError)
    : std::runtime_error(file + ": " + describe(problem, osError)), file_(std::move(file)), osError_(osError) {}

void setSaveWriteFunctionForTesting(WriteFunction f) {
    g_write.store(f);
}

void saveFile(const std::filesystem::path& path, std::string_view data) {
    const std::string file = path.string();
    if (file.empty()) throw SaveError(file, "no file name given", 0);
    std::filesystem::path target = path;
    struct stat st {};
    if (::lstat(file.c_str(), &st) == 0 && S_ISLNK(st.st_mode)) {
        std::error_code ec;
        const auto real = std::filesystem::weakly_canonical(path, ec);
        if (!ec) target = real;
    }
    mode_t mode = 0644;
    if (::stat(target.c_str(), &st) == 0) {
        if (S_ISDIR(st.st_mode)) throw SaveError(file, "is a directory: cannot save over it", EISDIR);
        if (!S_ISREG(st.st_mode)) return writeInPlace(file, data); // device, FIFO, socket: never rename
        mode = st.st_mode & 07777;
    } else if (errno != ENOENT) {
        throw SaveError(file, "cannot inspect the target", errno);
    }

    std::string name(1, '.'); // ".NAME.tmp-XXXXXX" beside the target
    name.append(target.filename().native()).append(".tmp-XXXXXX");
    std::string tmpl = (target.parent_path() / name).native();
    const int fd = ::mkostemp(tmpl.data(), O_CLOEXEC);
    if (fd < 0) throw SaveError(file, "cannot create a temporary file beside it", errno);
    auto failWith = [&](const char* problem, int err) {
        ::close(fd);
        ::unlink(tmpl.c_str());
        throw SaveError(file, problem, err);
    };
    if (const int err = writeAll(fd, data)) failWith("cannot write", err);
    if (::fchmod(fd, mode) != 0) failWith("cannot set permissions", errno);
    if (::fsync(fd) != 0) failWith("cannot flush to disk", errno);
    if (::close(fd) != 0) {
        const int err = errno;
        ::unlink(tmpl.c_str());
        throw SaveError(file, "cannot close", err);
    }
    if (::rename(tmpl.c_str(), target.c_str()) != 0) {
        const int err = errno;
        ::unlink(tmpl.c_str());
        throw SaveError(file, "cannot replace the file", err);
    }
    syncDirectory(target.parent_path());
}

} // namespace tl
