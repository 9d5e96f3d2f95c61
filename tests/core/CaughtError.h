#pragma once
// The LayoutError a read throws, as plain strings for QCOMPARE: file, path, problem and what(), or
// "no error" in every field when nothing was thrown.
#include "core/layout/LayoutError.h"

#include <functional>
#include <string>

namespace caughttest {

struct Caught {
    std::string file = "no error", path = "no error", problem = "no error", what = "no error";
};

inline Caught caught(const std::function<void()>& read) {
    try {
        read();
    } catch (const tl::LayoutError& e) {
        return {e.file(), e.path(), e.problem(), e.what()};
    }
    return {};
}

} // namespace caughttest
