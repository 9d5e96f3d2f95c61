// libFuzzer entry for the STEP physical file (IFC) reader (TRACKLAB_FUZZ=ON, clang): see FuzzTargets.h.
#include "FuzzTargets.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    tl::fuzz::step(data, size);
    return 0;
}
