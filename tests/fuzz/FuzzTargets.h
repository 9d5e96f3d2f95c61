#pragma once
// The parsers under fuzzing (docs/layout-format.md, "Limits"), one entry per parser. Each takes arbitrary
// bytes, treats them as a file's text, and must either accept it or throw LayoutError (a clear, path-named
// error); anything else -- another exception, a crash, a sanitizer report, unbounded work -- is a bug. Used
// by the libFuzzer targets (fuzz_*.cpp, TRACKLAB_FUZZ=ON, clang) and by tst_fuzz_corpus, which replays the
// checked-in corpus and every past crash input in the regular suite with the normal compiler.
#include <cstddef>
#include <cstdint>

namespace tl::fuzz {

// A layout file: parse, compile, validate, and walk frames and Layout::advance on what compiled.
void layout(const std::uint8_t* data, std::size_t size);
// A "trains" section (with rolling-stock objects and names) on a fixed layout, and a rolling-stock file.
void trains(const std::uint8_t* data, std::size_t size);
// A "vehicles" section on a fixed layout.
void vehicles(const std::uint8_t* data, std::size_t size);
// A STEP physical file (IFC, core/io/StepFile.h): parse, every checked accessor on the arguments, and
// reference walks guarded by StepWalk (cycles and depth are StepErrors, i.e. LayoutErrors), then the IFC 4.3
// alignment import (core/alignment/IfcAlignmentReader.h) of the parsed file.
void step(const std::uint8_t* data, std::size_t size);

} // namespace tl::fuzz
