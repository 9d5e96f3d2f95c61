#include "core/layout/LayoutFile.h"

#include "core/layout/LayoutError.h"
#include "core/layout/LayoutJson.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>

// fsync is POSIX (not ISO C++); without it the save is still write-then-rename.
#if __has_include(<unistd.h>) && __has_include(<fcntl.h>)
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#define TRACKLAB_HAVE_FSYNC 1
#endif

namespace tl {

namespace {

// 1-based line and column of byte offset `pos` in `text`.
std::pair<std::size_t, std::size_t> lineColumn(std::string_view text, std::size_t pos) {
    std::size_t line = 1, col = 1;
    for (std::size_t i = 0; i < pos && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            col = 1;
        } else {
            ++col;
        }
    }
    return {line, col};
}

std::string systemError(int err) {
    return std::strerror(err);
}

#ifdef TRACKLAB_HAVE_FSYNC
// Write all of `data` to a new temp file beside `target`; returns the temp path. Throws on failure.
std::filesystem::path writeTemp(const std::string& data, const std::filesystem::path& target,
                                const std::string& file) {
    std::string name = target.filename().string();
    name.insert(name.begin(), '.');
    name.append(".tmp-XXXXXX");
    std::string tmpl = (target.parent_path() / name).string();
    const int fd = ::mkstemp(tmpl.data());
    if (fd < 0)
        throw LayoutError(file, "", "cannot create a temporary file beside it: " + systemError(errno));
    const std::filesystem::path tmp = tmpl;
    std::size_t done = 0;
    while (done < data.size()) {
        const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            const int err = n < 0 ? errno : EIO;
            ::close(fd);
            std::remove(tmp.c_str());
            throw LayoutError(file, "", "cannot write: " + systemError(err));
        }
        done += std::size_t(n);
    }
    if (::fchmod(fd, 0644) != 0 || ::fsync(fd) != 0) {
        const int err = errno;
        ::close(fd);
        std::remove(tmp.c_str());
        throw LayoutError(file, "", "cannot flush to disk: " + systemError(err));
    }
    if (::close(fd) != 0) {
        const int err = errno;
        std::remove(tmp.c_str());
        throw LayoutError(file, "", "cannot close: " + systemError(err));
    }
    return tmp;
}

void syncDirectory(const std::filesystem::path& dir) {
    const int fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY);
    if (fd >= 0) {
        ::fsync(fd); // best effort: the rename itself already happened
        ::close(fd);
    }
}
#else
std::filesystem::path writeTemp(const std::string& data, const std::filesystem::path& target,
                                const std::string& file) {
    std::random_device rd;
    const std::filesystem::path tmp =
        target.parent_path() / ("." + target.filename().string() + ".tmp-" + std::to_string(rd()));
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out.write(data.data(), std::streamsize(data.size()));
    out.flush();
    if (!out) {
        out.close();
        std::error_code ec;
        std::filesystem::remove(tmp, ec);
        throw LayoutError(file, "", "cannot write a temporary file beside it");
    }
    return tmp;
}
void syncDirectory(const std::filesystem::path&) {}
#endif

} // namespace

LayoutSpec parseLayoutSpec(std::string_view text, const std::string& file) {
    Json doc;
    try {
        doc = Json::parse(text.begin(), text.end());
    } catch (const Json::parse_error& e) {
        // e.byte is the 1-based offset of the offending character.
        const auto [line, col] = lineColumn(text, e.byte > 0 ? e.byte - 1 : 0);
        std::string what = e.what();
        if (auto p = what.find("syntax error"); p != std::string::npos) what = what.substr(p);
        throw LayoutError(file, "",
                          "not JSON: line " + std::to_string(line) + ", column " + std::to_string(col) + ": " +
                              what);
    } catch (const Json::exception& e) {
        // e.g. "number overflow parsing '1e999'": locate the quoted token for the line and column.
        std::string what = e.what();
        if (auto p = what.find("] "); p != std::string::npos) what = what.substr(p + 2);
        std::string where;
        const auto q0 = what.find('\''), q1 = what.rfind('\'');
        if (q0 != std::string::npos && q1 > q0 + 1) {
            const auto pos = text.find(what.substr(q0 + 1, q1 - q0 - 1));
            if (pos != std::string_view::npos) {
                const auto [line, col] = lineColumn(text, pos);
                where = "line " + std::to_string(line) + ", column " + std::to_string(col) + ": ";
            }
        }
        throw LayoutError(file, "", "not JSON: " + where + what);
    }
    return layoutSpecFromJson(doc, file);
}

LayoutSpec loadLayoutSpec(const std::filesystem::path& path) {
    const std::string file = path.string();
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw LayoutError(file, "", "is a directory, not a layout file");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw LayoutError(file, "", "cannot open: " + systemError(errno));
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad()) throw LayoutError(file, "", "cannot read");
    return parseLayoutSpec(buffer.str(), file);
}

std::string layoutSpecText(const LayoutSpec& spec) {
    return layoutSpecToJson(spec).dump(2) + "\n";
}

void saveLayoutSpec(const LayoutSpec& spec, const std::filesystem::path& path) {
    const std::string file = path.string();
    const std::string text = layoutSpecText(spec); // serialize first: nothing touches the disk on error
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw LayoutError(file, "", "is a directory: cannot save a layout over it");
    const std::filesystem::path tmp = writeTemp(text, path, file);
    std::filesystem::rename(tmp, path, ec);
    if (ec) {
        std::error_code ignore;
        std::filesystem::remove(tmp, ignore);
        throw LayoutError(file, "", "cannot replace the file: " + ec.message());
    }
    syncDirectory(path.parent_path());
}

} // namespace tl
