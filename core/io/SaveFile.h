#pragma once
// The one save path of TrackLab (GUI documents, autosave, plot exports and every CLI output).
// A regular file (or a new one) is replaced atomically: the text goes to a temporary file beside the
// target, every write/fsync/close is checked, and only then is it renamed over the target; on any
// failure the temporary file is removed and the old file stays byte-identical. A target that exists and
// is not a regular file (a device node such as /dev/null or /dev/full, a FIFO, a terminal) is written in
// place, never renamed over. A symbolic link is followed: the file it points at is replaced, the link kept.
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

#include <sys/types.h>

namespace tl {

// what() = "FILE: problem: OS error", e.g. "/mnt/x.json: cannot write: No space left on device".
class SaveError : public std::runtime_error {
public:
    SaveError(std::string file, std::string problem, int osError);
    const std::string& file() const { return file_; }
    int osError() const { return osError_; } // errno (0 if none)

private:
    std::string file_;
    int osError_;
};

// Write `data` to `path` as described above. Throws SaveError.
void saveFile(const std::filesystem::path& path, std::string_view data);

// The same save path for a file written piece by piece as it is produced (a long run's telemetry: the text
// is never held whole). The pieces go to the temporary file beside the target (or in place, for a device or
// FIFO); commit() flushes and renames it over the target. Destroyed without commit() (an error, an
// exception) the temporary file is removed and the target stays as it was. Every member throws SaveError.
class SaveStream {
public:
    explicit SaveStream(const std::filesystem::path& path);
    ~SaveStream();
    SaveStream(const SaveStream&) = delete;
    SaveStream& operator=(const SaveStream&) = delete;

    void write(std::string_view data);
    void commit();
    const std::string& file() const { return file_; } // as given

private:
    void fail(const char* problem, int err); // close, remove the temporary file, throw

    std::string file_;     // as given
    std::string target_;   // the file replaced (a symbolic link followed)
    std::string tmp_;      // the temporary file beside it ("" when writing in place)
    int fd_ = -1;          //
    unsigned mode_ = 0644; // permissions of the replaced file
};

// Fault injection for tests: every write(2) of saveFile goes through this function (nullptr restores
// ::write). A test makes it return -1 with errno = ENOSPC to simulate a full disk.
using WriteFunction = ssize_t (*)(int fd, const void* buf, size_t count);
void setSaveWriteFunctionForTesting(WriteFunction f);

} // namespace tl
