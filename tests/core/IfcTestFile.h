#pragma once
// The text around the IFC files the tests write: the STEP header (ISO 10303-21, IFC 4.3) around a DATA
// section, and a real as STEP spells it. Shared by tests/core/tst_ifc_export.cpp, tst_ifc_import.cpp and
// tests/gui/tst_ifc_run_gui.cpp (from another directory: #include "tests/core/IfcTestFile.h", the include
// root being the repository root).
#include <cstdio>
#include <string>

namespace ifctest {

// A whole IFC file around `data` (the DATA section's instances, "#1=...;\n" each): FILE_NAME `name`,
// FILE_SCHEMA `schema`, a fixed time stamp.
inline std::string file(const std::string& data, const std::string& name = "t.ifc",
                        const std::string& schema = "IFC4X3_ADD2") {
    return "ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION(('ViewDefinition [Alignment]'),'2;1');\nFILE_NAME('" +
           name + "','2026-01-01T00:00:00',(''),(''),'','','');\nFILE_SCHEMA(('" + schema +
           "'));\nENDSEC;\nDATA;\n" + data + "ENDSEC;\nEND-ISO-10303-21;\n";
}

// A STEP real: "1.00000000000000000E+03", always with its point and exponent, to round-trip a double.
inline std::string real(double x) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17E", x);
    return buf;
}

} // namespace ifctest
