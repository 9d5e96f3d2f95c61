#pragma once
// The one error type of the layout file and of layout compilation: it names the file, the JSON pointer
// path of the offending value (RFC 6901, e.g. "/tracks/3/curve/radius"; "" = the document root) and the
// problem. what() = "FILE: /json/path: problem" (the root is printed as "/").
#include <stdexcept>
#include <string>
#include <string_view>

namespace tl {

class LayoutError : public std::runtime_error {
public:
    LayoutError(std::string file, std::string path, std::string problem);

    const std::string& file() const { return file_; }       // file name as given ("<memory>" if none)
    const std::string& path() const { return path_; }       // JSON pointer, "" for the root
    const std::string& problem() const { return problem_; } // what is wrong, with the value

private:
    std::string file_;
    std::string path_;
    std::string problem_;
};

// JSON pointer helpers: append one reference token (escaping '~' and '/') or an array index.
std::string jsonPath(const std::string& base, std::string_view key);
std::string jsonPath(const std::string& base, std::size_t index);

} // namespace tl
