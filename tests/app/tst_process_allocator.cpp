// tracklab-cli's allocator (app/allocator/ProcessAllocator.h): jemalloc, with its heap advised for
// transparent huge pages. A fleet's many small objects (Bullet bodies, trackjoints, bogies) must land in
// memory the kernel backs with 2 MiB pages: this test allocates 32 MiB of 640-byte blocks, the size of a
// body, and reads /proc/self/smaps for the mappings that hold them. Under the kernel's "madvise" mode, with
// glibc's malloc (the allocator not linked, or its malloc_conf not read) the advice and the huge pages are
// absent and the test fails (checked: MALLOC_CONF=thp:default fails both cases).
#include "app/allocator/ProcessAllocator.h"

#include <QtTest>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Mapping {
    std::uintptr_t begin = 0, end = 0;
    std::size_t anonHugeKiB = 0;
    std::string vmFlags;
};

std::vector<Mapping> readSmaps() {
    std::vector<Mapping> maps;
    std::ifstream in("/proc/self/smaps");
    std::string line;
    while (std::getline(in, line)) {
        std::uintptr_t b = 0, e = 0;
        char dash = 0;
        std::istringstream head(line);
        if (line.find(':') > line.find(' ') && (head >> std::hex >> b >> dash >> e) && dash == '-') {
            maps.push_back({b, e, 0, {}});
            continue;
        }
        if (maps.empty()) continue;
        if (line.rfind("AnonHugePages:", 0) == 0)
            maps.back().anonHugeKiB = std::stoul(line.substr(14));
        else if (line.rfind("VmFlags:", 0) == 0)
            maps.back().vmFlags = line.substr(8) + " ";
    }
    return maps;
}

} // namespace

class TestProcessAllocator : public QObject {
    Q_OBJECT
private slots:
    void namesJemallocWithHugePages() {
        const std::string line = tl::processAllocatorLine();
        qInfo("%s", line.c_str());
        if (line.find("sanitizers'") != std::string::npos) QSKIP("sanitizer build: no jemalloc");
        QVERIFY2(line.rfind("Allocator: jemalloc 5.", 0) == 0, line.c_str());
        QVERIFY2(line.find("transparent huge pages: always;") != std::string::npos, line.c_str());
        QVERIFY2(line.find("kernel: " + tl::kernelHugePageMode() + ")") != std::string::npos, line.c_str());
    }

    void smallObjectsLieOnHugePages() {
        if (tl::processAllocatorLine().find("sanitizers'") != std::string::npos)
            QSKIP("sanitizer build: no jemalloc");
        const std::string mode = tl::kernelHugePageMode();
        if (mode != "madvise" && mode != "always")
            QSKIP(qPrintable(QString("the kernel gives no transparent huge pages (mode: %1)")
                                 .arg(QString::fromStdString(mode))));
        constexpr std::size_t kBlock = 640, kBlocks = (32u << 20) / kBlock;
        std::vector<std::unique_ptr<char[]>> blocks;
        blocks.reserve(kBlocks);
        for (std::size_t i = 0; i < kBlocks; ++i) {
            blocks.emplace_back(new char[kBlock]);
            std::memset(blocks.back().get(), int(i), kBlock); // fault the pages in
        }
        const auto maps = readSmaps();
        std::set<std::size_t> holding; // indices of the mappings holding blocks
        std::size_t unmapped = 0;
        for (const auto& b : blocks) {
            const auto p = reinterpret_cast<std::uintptr_t>(b.get());
            std::size_t i = 0;
            while (i < maps.size() && !(maps[i].begin <= p && p < maps[i].end))
                ++i;
            if (i == maps.size())
                ++unmapped;
            else
                holding.insert(i);
        }
        QCOMPARE(unmapped, std::size_t(0));
        std::size_t hugeKiB = 0, advisedBytes = 0, bytes = 0;
        for (const std::size_t i : holding) {
            const auto& m = maps[i];
            hugeKiB += m.anonHugeKiB;
            bytes += m.end - m.begin;
            if (m.vmFlags.find(" hg ") != std::string::npos) advisedBytes += m.end - m.begin;
        }
        qInfo("32 MiB of %zu-byte blocks in %zu mappings of %zu MiB: %zu MiB advised MADV_HUGEPAGE, "
              "%zu MiB on huge pages",
              kBlock, holding.size(), bytes >> 20, advisedBytes >> 20, hugeKiB >> 10);
        // Under the kernel's "madvise" mode, only advised memory gets huge pages: all of it must be advised
        // (under "always" jemalloc leaves its memory as the kernel's default already treats it).
        if (mode == "madvise") QCOMPARE(advisedBytes, bytes);
        // The kernel faults advised memory in as 2 MiB pages where it can (defrag "madvise" compacts for
        // them): at least half of the 32 MiB must be on huge pages. glibc's heap gets 0 here.
        QVERIFY2(hugeKiB >= 16u << 10, qPrintable(QString("%1 KiB on huge pages").arg(hugeKiB)));
    }
};

QTEST_APPLESS_MAIN(TestProcessAllocator)
#include "tst_process_allocator.moc"
