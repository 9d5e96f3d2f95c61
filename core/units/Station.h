#pragma once
// Stations as surveyors write them: kilometres "+" metres, "km 12+345.678" for 12 345.678 m along an
// alignment (docs/alignments.md, "Stationing"). The one place that formats and reads them: the CLI, the
// status bar, the event log and the checks all go through here.
//
// The rule of formatStation: the value is first rounded to the nearest millimetre (halves away from zero),
// then split into whole kilometres and the metres left (000.000 to 999.999), so the kilometre carries:
// 999.9996 m is "km 1+000.000", never "km 0+1000.000". A negative station carries its sign on the
// kilometres, the metres stay positive: -12.345 m is "km -0+012.345", -1 234.5 m "km -1+234.500". A value
// that rounds to 0 has no sign ("km 0+000.000"). Non-finite values give "km nan", "km inf" or "km -inf".
#include <string>

namespace tl {

// "km K+MMM.mmm" (see above).
std::string formatStation(double metres);

// A station typed by a user, in metres: "12+345.678", "km 12+345.678" (K+MMM form: whole kilometres, "+",
// exactly three digits of metres, an optional fraction) or a plain number of metres "12345.678"; a leading
// "-" for a negative station ("-0+012.345", "km -0+012.345", "-12.345"); spaces around the text and after
// "km" are allowed. Strict: anything else (an exponent, "12+34", "12+345.", "km 12345", trailing text) throws
// std::invalid_argument saying what is wrong with the text.
double parseStation(const std::string& text);

} // namespace tl
