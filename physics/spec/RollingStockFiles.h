#pragma once
// The rolling-stock files a scenario reads, each read from disk once: a later parse of the same name takes
// the text read before, so editing a layout does not go back to the disk for every rebuild of its
// simulation. reload() reads every file read so far again (the GUI's Reset) and says which changed or can
// no longer be read; those are read afresh by the next parse (which reports an unreadable one as before).
#include <nlohmann/json.hpp>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace tl {

class RollingStockFiles {
public:
    // NAME.json from the first of `dirs` that has it (null if none; LayoutError for a bad name or an
    // unreadable or malformed file, as loadRollingStockJson); `where` is set to the file read.
    nlohmann::json load(const std::string& name, const std::vector<std::filesystem::path>& dirs,
                        std::string& where);

    // Read every cached file again. One message per file that changed ("... changed: read again") or can
    // no longer be read (the reason); unchanged files say nothing.
    std::vector<std::string> reload();

    int diskReads() const { return reads_; } // files read from disk so far

private:
    struct Entry {
        nlohmann::json json; // null: not found in any directory
        std::string where;   // the file read
    };
    // by name and the directories searched
    std::map<std::pair<std::string, std::vector<std::filesystem::path>>, Entry> cache_;
    int reads_ = 0;
};

} // namespace tl
