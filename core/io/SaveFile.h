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

// Fault injection for tests: every write(2) of saveFile goes through this function (nullptr restores
// ::write). A test makes it return -1 with errno = ENOSPC to simulate a full disk.
using WriteFunction = ssize_t (*)(int fd, const void* buf, size_t count);
void setSaveWriteFunctionForTesting(WriteFunction f);

} // namespace tl
