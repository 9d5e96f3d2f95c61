#include "core/io/InputFile.h"

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

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

std::string at(std::string_view text, std::size_t pos) {
    const auto [line, col] = lineColumn(text, pos);
    return "line " + std::to_string(line) + ", column " + std::to_string(col);
}

} // namespace

std::string readInputFile(const std::filesystem::path& path, std::size_t maxBytes) {
    const std::string file = path.string();
    // O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused below anyway)
    const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) throw LayoutError(file, "", std::string("cannot open: ") + std::strerror(errno));
    struct Closer {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{fd};
    struct stat st {};
    if (::fstat(fd, &st) != 0)
        throw LayoutError(file, "", std::string("cannot read: ") + std::strerror(errno));
    if (S_ISDIR(st.st_mode)) throw LayoutError(file, "", "is a directory, not a layout file");
    if (!S_ISREG(st.st_mode))
        throw LayoutError(file, "", "is not a regular file (a device, FIFO or socket): refusing to read it");
    if (std::size_t(st.st_size) > maxBytes)
        throw LayoutError(file, "",
                          "is " + std::to_string(st.st_size) + " bytes, more than the limit of " +
                              std::to_string(maxBytes) + " bytes");
    std::string text(std::size_t(st.st_size), '\0');
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::read(fd, text.data() + done, text.size() - done);
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (n < 0) throw LayoutError(file, "", std::string("cannot read: ") + std::strerror(errno));
        if (n == 0) break; // shrank while reading
        done += std::size_t(n);
    }
    text.resize(done);
    return text;
}

void checkJsonNesting(std::string_view text, const std::string& file) {
    int depth = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i; // skip the escaped character
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > kMaxJsonDepth)
                throw LayoutError(file, "",
                                  "not accepted: nested deeper than " + std::to_string(kMaxJsonDepth) +
                                      " levels at " + at(text, i));
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
}

std::string jsonErrorMessage(std::string_view text, const nlohmann::json::exception& e) {
    std::string what = e.what();
    if (const auto* pe = dynamic_cast<const nlohmann::json::parse_error*>(&e)) {
        // e.byte is the 1-based offset of the offending character
        if (auto p = what.find("syntax error"); p != std::string::npos) what = what.substr(p);
        return "not JSON: " + at(text, pe->byte > 0 ? pe->byte - 1 : 0) + ": " + what;
    }
    // e.g. "number overflow parsing '1e999'": locate the quoted token for the line and column
    if (auto p = what.find("] "); p != std::string::npos) what = what.substr(p + 2);
    std::string where;
    const auto q0 = what.find('\''), q1 = what.rfind('\'');
    if (q0 != std::string::npos && q1 > q0 + 1) {
        const auto pos = text.find(what.substr(q0 + 1, q1 - q0 - 1));
        if (pos != std::string_view::npos) where = at(text, pos) + ": ";
    }
    return "not JSON: " + where + what;
}

} // namespace tl
