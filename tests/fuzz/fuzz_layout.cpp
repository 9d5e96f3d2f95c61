// libFuzzer entry for the layout parser (TRACKLAB_FUZZ=ON, clang): see FuzzTargets.h.
#include "FuzzTargets.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    tl::fuzz::layout(data, size);
    return 0;
}
