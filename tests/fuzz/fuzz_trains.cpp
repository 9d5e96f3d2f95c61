// libFuzzer entry for the trains parser (TRACKLAB_FUZZ=ON, clang): see FuzzTargets.h.
#include "FuzzTargets.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    tl::fuzz::trains(data, size);
    return 0;
}
