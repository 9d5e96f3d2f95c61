#pragma once
// A run of bytes a computation will read, named ahead of it: a caller with many bodies loads the runs of all
// of them in one pass (their cache misses overlap) or queues them for prefetching (docs/trains-format.md,
// "Scale benchmark").
#include <cstddef>
#include <cstdint>

namespace tl {

inline constexpr std::size_t kCacheLine = 64; // bytes (x86-64)

struct MemoryRange {
    const void* p = nullptr; // null: nothing
    std::size_t bytes = 0;
};

// Loads every cache line of r and returns the sum of a byte of each (a caller keeps the sum, so that the
// loads are not optimized away).
inline unsigned touchLines(const MemoryRange& r) {
    constexpr std::uintptr_t kLine = kCacheLine;
    if (!r.p || r.bytes == 0) return 0;
    const auto begin = reinterpret_cast<std::uintptr_t>(r.p), end = begin + r.bytes;
    unsigned sum = 0;
    for (std::uintptr_t a = begin & ~(kLine - 1); a < end; a += kLine)
        sum += *reinterpret_cast<const unsigned char*>(a < begin ? begin : a);
    return sum;
}

} // namespace tl
