#pragma once
// A number in a message (an error, a warning, a check): six significant digits, as printf's "%.6g" writes
// them ("1500", "0.001", "1.5e+06", "-0.25", "nan", "inf"). One place for the readers, the IFC import and
// export and the alignment and route checks. Descriptions of edits use core/design/DesignEdit.h's
// shortNumber (four digits) instead.
#include <string>

namespace tl {

std::string numberText(double x);

} // namespace tl
