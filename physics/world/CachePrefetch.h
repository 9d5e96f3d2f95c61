#pragma once
// The cache lines of a group of objects, issued as software prefetches a few at a time
// (docs/trains-format.md, "Scale benchmark"). A step walks the Bullet worlds one after the other
// (StepSchedule, physics/sim/StepSchedule.h); with thousands of bogies the worlds together do not stay in the
// core's caches, so each world's bodies, joints and bogie state come from memory at their first touch in a
// step: scattered, dependent misses. Each world's lines are queued after its own step (its objects are then
// in cache, the pointers current) and issued while the world before it steps in the next one, a few lines per
// bogie from that world's per-bogie loops and more at three points of each island's solve
// (RowForceSolver::setPrefetch; all of a world's lines in one burst at its start measured no gain: the core
// tracks only a few dozen misses at a time, and a prefetch waits for a free one). Prefetches have no effect
// on results; a line of an object freed since it was queued is harmless (a prefetch never faults).
#include <cstddef>
#include <cstdint>
#include <vector>

namespace tl {

inline constexpr std::size_t kCacheLine = 64; // bytes (x86-64)

// Loads every cache line of [p, p + bytes) and returns the sum of a byte of each (a caller keeps the sum, so
// that the loads are not optimized away).
inline unsigned touchLines(const void* p, std::size_t bytes) {
    constexpr std::uintptr_t kLine = kCacheLine;
    if (!p || bytes == 0) return 0;
    const auto begin = reinterpret_cast<std::uintptr_t>(p), end = begin + bytes;
    unsigned sum = 0;
    for (std::uintptr_t a = begin & ~(kLine - 1); a < end; a += kLine)
        sum += *reinterpret_cast<const unsigned char*>(a < begin ? begin : a);
    return sum;
}

class CachePrefetch {
public:
    static constexpr std::size_t kLine = kCacheLine;

    void clear() {
        ranges_.clear();
        range_ = 0;
        line_ = 0;
        total_ = 0;
    }
    // Queues the cache lines of [p, p + bytes).
    void add(const void* p, std::size_t bytes) {
        if (!p || bytes == 0) return;
        const auto a = reinterpret_cast<std::uintptr_t>(p) & ~std::uintptr_t(kLine - 1);
        const auto e = reinterpret_cast<std::uintptr_t>(p) + bytes;
        const auto n = std::uint32_t((e - a + kLine - 1) / kLine);
        ranges_.push_back({reinterpret_cast<const char*>(a), n});
        total_ += n;
    }
    template <class T> void add(const T* p) { add(static_cast<const void*>(p), sizeof(T)); }
    std::size_t lines() const { return total_; }
    void rewind() {
        range_ = 0;
        line_ = 0;
    }

    // Issues the next `lines` queued lines (fewer at the end of the queue).
    void issue(std::size_t lines) {
        while (lines > 0 && range_ < ranges_.size()) {
            const Range& r = ranges_[range_];
            __builtin_prefetch(r.p + std::size_t(line_) * kLine);
            --lines;
            if (++line_ == r.lines) {
                ++range_;
                line_ = 0;
            }
        }
    }
    void issueAll() { issue(total_); }

private:
    struct Range {
        const char* p;
        std::uint32_t lines;
    };
    std::vector<Range> ranges_;
    std::size_t range_ = 0;
    std::uint32_t line_ = 0;
    std::size_t total_ = 0;
};

} // namespace tl
