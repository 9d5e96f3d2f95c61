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

void syncDirectory(const std::filesystem::path& dir) {
    const int fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        ::fsync(fd); // best effort: the rename itself has happened (some file systems refuse this)
        ::close(fd);
    }
}

} // namespace

SaveError::SaveError(std::string file, std::string problem, int osError)
    : std::runtime_error(file + ": " + describe(problem, osError)), file_(std::move(file)),
      osError_(osError) {}

void setSaveWriteFunctionForTesting(WriteFunction f) {
    g_write.store(f);
}

SaveStream::SaveStream(const std::filesystem::path& path) : file_(path.string()) {
    if (file_.empty()) throw SaveError(file_, "no file name given", 0);
    std::filesystem::path target = path;
    struct stat st {};
    if (::lstat(file_.c_str(), &st) == 0 && S_ISLNK(st.st_mode)) {
        std::error_code ec;
        const auto real = std::filesystem::weakly_canonical(path, ec);
        if (!ec) target = real;
    }
    target_ = target.native();
    if (::stat(target.c_str(), &st) == 0) {
        if (S_ISDIR(st.st_mode)) throw SaveError(file_, "is a directory: cannot save over it", EISDIR);
        if (!S_ISREG(st.st_mode)) { // device, FIFO, socket: written in place, never renamed over
            fd_ = ::open(file_.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
            if (fd_ < 0) throw SaveError(file_, "cannot open for writing", errno);
            return;
        }
        mode_ = st.st_mode & 07777;
    } else if (errno != ENOENT) {
        throw SaveError(file_, "cannot inspect the target", errno);
    }
    std::string name(1, '.'); // ".NAME.tmp-XXXXXX" beside the target
    name.append(target.filename().native()).append(".tmp-XXXXXX");
    tmp_ = (target.parent_path() / name).native();
    fd_ = ::mkostemp(tmp_.data(), O_CLOEXEC);
    if (fd_ < 0) {
        tmp_.clear();
        throw SaveError(file_, "cannot create a temporary file beside it", errno);
    }
}

SaveStream::~SaveStream() {
    if (fd_ >= 0) ::close(fd_);
    if (!tmp_.empty()) ::unlink(tmp_.c_str());
}

void SaveStream::fail(const char* problem, int err) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    if (!tmp_.empty()) ::unlink(tmp_.c_str());
    tmp_.clear();
    throw SaveError(file_, problem, err);
}

void SaveStream::write(std::string_view data) {
    if (fd_ < 0) throw SaveError(file_, "cannot write: the file is closed", 0);
    if (const int err = writeAll(fd_, data)) fail("cannot write", err);
}

void SaveStream::commit() {
    if (fd_ < 0) throw SaveError(file_, "cannot write: the file is closed", 0);
    if (tmp_.empty()) { // in place
        const int fd = fd_;
        fd_ = -1;
        if (::close(fd) != 0 && errno != EINTR) throw SaveError(file_, "cannot close", errno);
        return;
    }
    if (::fchmod(fd_, mode_t(mode_)) != 0) fail("cannot set permissions", errno);
    if (::fsync(fd_) != 0) fail("cannot flush to disk", errno);
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) fail("cannot close", errno);
    if (::rename(tmp_.c_str(), target_.c_str()) != 0) fail("cannot replace the file", errno);
    tmp_.clear();
    syncDirectory(std::filesystem::path(target_).parent_path());
}

void saveFile(const std::filesystem::path& path, std::string_view data) {
    SaveStream out(path);
    out.write(data);
    out.commit();
}

} // namespace tl
