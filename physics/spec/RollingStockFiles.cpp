#include "physics/spec/RollingStockFiles.h"

#include "physics/spec/RollingStock.h"

namespace tl {

nlohmann::json RollingStockFiles::load(const std::string& name,
                                       const std::vector<std::filesystem::path>& dirs, std::string& where) {
    const auto key = std::make_pair(name, dirs);
    if (const auto it = cache_.find(key); it != cache_.end()) {
        where = it->second.where;
        return it->second.json;
    }
    ++reads_;
    Entry e;
    e.json = loadRollingStockJson(name, dirs, e.where); // throws: nothing cached
    where = e.where;
    cache_.emplace(key, e);
    return e.json;
}

std::vector<std::string> RollingStockFiles::reload() {
    std::vector<std::string> messages;
    for (auto it = cache_.begin(); it != cache_.end();) {
        Entry fresh;
        try {
            ++reads_;
            fresh.json = loadRollingStockJson(it->first.first, it->first.second, fresh.where);
        } catch (const std::exception& e) {
            messages.push_back("rolling stock \"" + it->first.first +
                               "\" can no longer be read: " + e.what());
            it = cache_.erase(it); // the next parse reads it again and reports it where it is used
            continue;
        }
        if (fresh.json != it->second.json || fresh.where != it->second.where)
            messages.push_back("rolling stock \"" + it->first.first + "\" changed (" +
                               (fresh.where.empty() ? std::string("no longer found") : fresh.where) +
                               "): read again");
        it->second = std::move(fresh);
        ++it;
    }
    return messages;
}

} // namespace tl
