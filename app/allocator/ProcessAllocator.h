// The headless engine's allocator (docs/trains-format.md, "Scale benchmark"): tracklab-cli and the benchmarks
// link jemalloc, configured to back the heap with transparent huge pages (docs/trains-format.md, "Scale
// benchmark"). A fleet of 4 000 bogies keeps ~25 MB of bodies, joints and track tables hot; on 4 KiB
// pages that is ~6 000 pages, far beyond the TLB's reach, and the step's cost per bogie grew with the
// fleet. The GUI keeps glibc's malloc: it steps a few trains, and huge pages raised its first view's
// peak RSS from 240 to 287 MiB.
#pragma once

#include <string>

namespace tl {

// One line for --version and the benchmarks' headers, e.g.
// "Allocator: jemalloc 5.3.0-0-g54eaed1 (transparent huge pages: always; kernel: madvise)".
// Names the sanitizers' allocator in sanitizer builds, which cannot link jemalloc.
std::string processAllocatorLine();

// The kernel's transparent-huge-page mode (the bracketed word of
// /sys/kernel/mm/transparent_hugepage/enabled: "always", "madvise" or "never"); "unavailable" without it.
std::string kernelHugePageMode();

} // namespace tl
