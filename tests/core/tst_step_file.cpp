// The STEP physical file reader (core/io/StepFile.h) for IFC 4.3 files: a small valid file with the
// header's schema, typed values, nested lists and every string escape decoded to UTF-8; and each bad input
// refused with the file, line, column and the instance's #id and entity name in the message.
#include "core/io/StepError.h"
#include "core/io/StepFile.h"

#include "CaughtError.h"

#include <QtTest>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

using namespace tl;
using caughttest::Caught;
using caughttest::caught;
using Kind = StepValue::Kind;

namespace {

// Lines 1-7 are the header and "DATA;": `data` starts on line 8.
std::string ifc(const std::string& data, const std::string& end = "ENDSEC;\nEND-ISO-10303-21;\n") {
    return "ISO-10303-21;\n"
           "HEADER;\n"
           "FILE_DESCRIPTION(('ViewDefinition [Alignment-basedView]'),'2;1');\n"
           "FILE_NAME('a.ifc','2024-05-01T12:00:00',('me'),('TrackLab'),'pre','sys','');\n"
           "FILE_SCHEMA(('IFC4X3_ADD2'));\n"
           "ENDSEC;\n"
           "DATA;\n" +
           data + end;
}

Caught parseError(const std::string& text) {
    return caught([&] { StepFile::parse(text, "a.ifc"); });
}

const std::string kValid = ifc(R"(/* units */
#1=IFCPROJECT('1hqIFTRjfV6AWq_bMtnZwI',$,'Stra\X2\00DF\X0\e',$,$,$,$,(#20),#10);
#10 = IfcUnitAssignment((#11));
#11=IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.);
#20=IFCGEOMETRICREPRESENTATIONCONTEXT($,'Model',3,1.E-3,#22,$);
#22=IFCCARTESIANPOINT((0.,-0.5,1.));
#100=IFCALIGNMENTHORIZONTALSEGMENT($,$,#22,0.,0.,-300.,78.5,$,.CIRCULARARC.);
#101=IFCPROPERTYSINGLEVALUE('it''s',$,IFCLENGTHMEASURE(5.),$);
#102=IFCCARTESIANPOINTLIST2D(((0.,0.),(10.,0.),(15,5.)),$);
#103=IFCLABELS('caf\X\E9','\S\D','a\\b','\X4\0001F682\X0\','\X2\D83DDE82\X0\','x\PA\y',.T.,.F.,.U.,"0FF");
)");

} // namespace

class TstStepFile : public QObject {
    Q_OBJECT
private slots:
    void validFileParses();
    void typedAccessors();
    void stringEscapes();
    void realSyntax();
    void stepTextRoundTrip();
    void walkFindsCycles();
    void badInputs_data();
    void badInputs();
    void wrongAccessorType();
    void limits();
    void readsFilesWithTheSizeCap();
};

void TstStepFile::validFileParses() {
    const StepFile f = StepFile::parse(kValid, "a.ifc");
    QCOMPARE(f.schemas(), std::vector<std::string>{"IFC4X3_ADD2"});
    QCOMPARE(f.header().size(), std::size_t(3));
    QCOMPARE(f.headerEntity("FILE_NAME")->string(0), std::string("a.ifc"));
    QCOMPARE(f.size(), std::size_t(9));
    QCOMPARE(f.instances()[1].type(), std::string("IFCUNITASSIGNMENT")); // stored upper case
    QCOMPARE(f.instances()[1].line(), std::size_t(10));                  // line 8 is a comment
    QCOMPARE(f.find(10), &f.instances()[1]);
    QVERIFY(f.find(2) == nullptr);
    QVERIFY(f.find(1000) == nullptr);
    QCOMPARE(f.ofType("IFCCARTESIANPOINT").size(), std::size_t(1));
}

void TstStepFile::typedAccessors() {
    const StepFile f = StepFile::parse(kValid, "a.ifc");
    const StepInstance& project = f.at(1);
    QCOMPARE(project.string(2), std::string("Straße"));
    QVERIFY(project.isUnset(1));
    QCOMPARE(project.refs(7), std::vector<std::uint64_t>{20});
    QCOMPARE(f.target(project, 8, "IFCUNITASSIGNMENT").id(), std::uint64_t(10));

    const StepInstance& unit = f.at(11);
    QVERIFY(unit.isDerived(0));
    QCOMPARE(unit.enumeration(1), std::string("LENGTHUNIT"));

    const StepInstance& context = f.at(20);
    QCOMPARE(context.integer(2), std::int64_t(3));
    QCOMPARE(context.real(3), 1.0e-3);
    QCOMPARE(context.real(2), 3.0); // an integer is read as a real
    QCOMPARE(f.target(context, 4).reals(0), (std::vector<double>{0.0, -0.5, 1.0}));

    const StepInstance& segment = f.at(100);
    QCOMPARE(segment.real(5), -300.0);
    QCOMPARE(segment.enumeration(8), std::string("CIRCULARARC"));

    const StepInstance& property = f.at(101);
    QCOMPARE(property.string(0), std::string("it's"));
    const StepValue& measure = property.typed(2, "IFCLENGTHMEASURE");
    QCOMPARE(measure.typeName(), std::string("IFCLENGTHMEASURE"));
    QCOMPARE(measure.inner().real(), 5.0);

    // nested lists: ((0.,0.),(10.,0.),(15,5.))
    const StepInstance& points = f.at(102);
    QCOMPARE(points.list(0).size(), std::size_t(3));
    QCOMPARE(points.reals(points.at(0, 2), "[0][2]"), (std::vector<double>{15.0, 5.0}));
    QCOMPARE(points.at(0, 2).items()[0].kind(), Kind::Integer);

    const StepInstance& labels = f.at(103);
    QCOMPARE(labels.boolean(6), true);
    QCOMPARE(labels.boolean(7), false);
    QCOMPARE(labels.logical(8), StepLogical::Unknown);
    QCOMPARE(labels.arg(9).kind(), Kind::Binary);
    QCOMPARE(labels.arg(9).text(), std::string("0FF"));
}

void TstStepFile::stringEscapes() {
    const StepFile f = StepFile::parse(kValid, "a.ifc");
    const StepInstance& labels = f.at(103);
    QCOMPARE(labels.string(0), std::string("caf\xC3\xA9"));      // \X\E9 -> é
    QCOMPARE(labels.string(1), std::string("\xC3\x84"));         // \S\D -> 'D' + 128 = Ä
    QCOMPARE(labels.string(2), std::string("a\\b"));             // \\ -> one backslash
    QCOMPARE(labels.string(3), std::string("\xF0\x9F\x9A\x82")); // \X4\ U+1F682
    QCOMPARE(labels.string(4), std::string("\xF0\x9F\x9A\x82")); // a UTF-16 surrogate pair in an X2 run
    QCOMPARE(labels.string(5), std::string("xy"));               // \PA\ selects ISO 8859-1 (the default)
    // raw UTF-8 and a line break inside a string (print control, not part of the value)
    const StepFile g = StepFile::parse(ifc("#1=IFCLABEL('Stra\xC3\x9F\ne');\n"), "a.ifc");
    QCOMPARE(g.at(1).string(0), std::string("Straße"));
}

void TstStepFile::realSyntax() {
    const StepFile f = StepFile::parse(
        ifc("#1=X(1.,1.E-3,-0.5,+2.5,1.5e2,0.,-0.,1.E-400,123456789012345678,-9223372036854775808);\n"),
        "a.ifc");
    const StepInstance& x = f.at(1);
    QCOMPARE(x.real(0), 1.0);
    QCOMPARE(x.real(1), 1.0e-3);
    QCOMPARE(x.real(2), -0.5);
    QCOMPARE(x.real(3), 2.5);
    QCOMPARE(x.real(4), 150.0);
    QCOMPARE(x.real(5), 0.0);
    QVERIFY(std::signbit(x.real(6)));
    QCOMPARE(x.real(7), 0.0); // below the smallest double
    QCOMPARE(x.integer(8), std::int64_t(123456789012345678));
    QCOMPARE(x.integer(9), INT64_MIN);
}

void TstStepFile::stepTextRoundTrip() {
    const StepFile f = StepFile::parse(kValid, "a.ifc");
    QCOMPARE(f.at(101).arg(2).stepText(), std::string("IFCLENGTHMEASURE(5.)"));
    QCOMPARE(f.at(1).arg(2).stepText(), std::string("'Stra\\X2\\00DF\\X0\\e'"));
    QCOMPARE(f.at(101).arg(0).stepText(), std::string("'it''s'"));
    QCOMPARE(f.at(20).arg(3).stepText(), std::string("0.001"));
    QCOMPARE(StepValue::ofReal(-1.0e-5).stepText(), std::string("-1.E-05"));
    QCOMPARE(StepValue::ofReal(2.0).stepText(), std::string("2."));
    QCOMPARE(f.at(102).arg(0).describe(), std::string("a list of 3 values"));
    // written back as Part 21's \X2\ UTF-16 (a surrogate pair), as core/io/StepWriter.h spells every string
    QCOMPARE(f.at(103).arg(3).stepText(), std::string("'\\X2\\D83DDE82\\X0\\'"));
}

void TstStepFile::walkFindsCycles() {
    // a cycle is no parse error; the walk that follows it names it
    const StepFile f = StepFile::parse(ifc("#1=IFCA(#2);\n#2=IFCB((#3));\n#3=IFCC(#1);\n"), "a.ifc");
    StepWalk walk;
    const Caught c = caught([&] {
        const StepInstance* e = &f.at(1);
        std::vector<StepWalk::Guard> guards;
        for (int k = 0; k < 10; ++k) {
            guards.push_back(walk.enter(*e));
            const StepValue& r = e->arg(0);
            e = &f.target(*e, r.is(Kind::List) ? r.items()[0] : r, "[0]");
        }
    });
    QCOMPARE(
        c.what,
        std::string(
            "a.ifc: line 8, column 1: #1 IFCA: reference cycle: #1 IFCA -> #2 IFCB -> #3 IFCC -> #1 IFCA"));
    QVERIFY(walk.path().empty()); // the guards left
    StepWalk shallow(2);
    const Caught deep = caught([&] {
        auto a = shallow.enter(f.at(1));
        auto b = shallow.enter(f.at(2));
        auto c = shallow.enter(f.at(3));
    });
    QCOMPARE(
        deep.what,
        std::string(
            "a.ifc: line 10, column 1: #3 IFCC: not accepted: references nested deeper than 2 instances"));
}

void TstStepFile::badInputs_data() {
    QTest::addColumn<QByteArray>("text"); // bytes: invalid UTF-8 stays as it is
    QTest::addColumn<QString>("message");
    const auto row = [](const char* name, const std::string& text, const char* message) {
        QTest::newRow(name) << QByteArray::fromStdString(text) << QString(message);
    };
    const std::string ok = "#1=IFCCARTESIANPOINT((0.,0.));\n";
    row("truncated", ifc(ok + "#2=IFCDIRECTION((1.,", ""),
        "a.ifc: line 9, column 21: #2 IFCDIRECTION: unexpected end of the file, expected a value");
    row("truncated after an instance", ifc(ok, ""),
        "a.ifc: line 9, column 1: unexpected end of the file in the DATA section (no ENDSEC;)");
    row("missing ENDSEC", ifc(ok, "END-ISO-10303-21;\n"),
        "a.ifc: line 9, column 1: missing ENDSEC; before END-ISO-10303-21 (the DATA section is not closed)");
    row("no END-ISO-10303-21", ifc(ok, "ENDSEC;\n"),
        "a.ifc: line 10, column 1: unexpected end of the file: no END-ISO-10303-21;");
    row("text after the end", ifc(ok, "ENDSEC;\nEND-ISO-10303-21;\nx"),
        "a.ifc: line 11, column 1: unexpected 'x' after END-ISO-10303-21;");
    row("duplicate id", ifc(ok + "#2=IFCDIRECTION((1.,0.));\n#1=IFCDIRECTION((0.,1.));\n"),
        "a.ifc: line 10, column 1: #1 IFCDIRECTION: duplicate instance name #1 (first at line 8)");
    row("dangling reference", ifc(ok + "#2=IFCAXIS2PLACEMENT2D(#1,#99);\n"),
        "a.ifc: line 9, column 1: #2 IFCAXIS2PLACEMENT2D: argument [1]: reference to #99, which is not in "
        "the file");
    row("dangling reference in a list", ifc(ok + "#2=IFCRELNESTS($,$,$,$,#1,(#1,#7));\n"),
        "a.ifc: line 9, column 1: #2 IFCRELNESTS: argument [5][1]: reference to #7, which is not in the "
        "file");
    row("unterminated string", ifc(ok + "#2=IFCLABEL('abc);\n", ""),
        "a.ifc: line 9, column 13: #2 IFCLABEL: unterminated string: no closing ' before the end of the "
        "file");
    row("bad escape", ifc(ok + "#2=IFCLABEL('a\\Qb');\n"),
        "a.ifc: line 9, column 15: #2 IFCLABEL: bad escape \\Qb in a string: a backslash is written \\\\; "
        "escapes "
        "are \\X\\hh, \\X2\\...\\X0\\, \\X4\\...\\X0\\, \\S\\c, \\PA\\");
    row("bad \\X\\ escape", ifc(ok + "#2=IFCLABEL('\\X\\G1');\n"),
        "a.ifc: line 9, column 14: #2 IFCLABEL: bad escape \\X\\G1 in a string: \\X\\ takes two hex digits");
    row("unclosed \\X2\\", ifc(ok + "#2=IFCLABEL('\\X2\\00DF');\n"),
        "a.ifc: line 9, column 14: #2 IFCLABEL: bad escape \\X2\\00DF in a string: \\X2\\ takes groups of 4 "
        "hex "
        "digits ended by \\X0\\");
    row("lone surrogate", ifc(ok + "#2=IFCLABEL('\\X2\\D83D\\X0\\');\n"),
        "a.ifc: line 9, column 14: #2 IFCLABEL: bad escape \\X2\\D83D in a string: a lone UTF-16 surrogate");
    row("code page", ifc(ok + "#2=IFCLABEL('\\PB\\\\S\\D');\n"),
        "a.ifc: line 9, column 14: #2 IFCLABEL: bad escape \\PB\\\\S\\D in a string: only the code page "
        "\\PA\\ "
        "(ISO 8859-1) is supported");
    row("invalid UTF-8", ifc(ok + "#2=IFCLABEL('a\xE9');\n"),
        "a.ifc: line 9, column 15: #2 IFCLABEL: invalid UTF-8 byte 0xE9 in a string");
    row("control character", ifc(ok + "#2=IFCLABEL('a\tb');\n"),
        "a.ifc: line 9, column 15: #2 IFCLABEL: control character byte 0x09 in a string (write it as "
        "\\X\\hh)");
    row("unknown token", ifc(ok + "#2=IFCDIRECTION((1.,0.),%);\n"),
        "a.ifc: line 9, column 25: #2 IFCDIRECTION: unexpected '%', expected a value");
    row("bad number", ifc(ok + "#2=IFCDIRECTION((1.,0x1F));\n"),
        "a.ifc: line 9, column 21: #2 IFCDIRECTION: bad number 0x1F");
    row("real without digits before the point", ifc(ok + "#2=IFCDIRECTION((1.,.5));\n"),
        "a.ifc: line 9, column 21: #2 IFCDIRECTION: bad enumeration: expected .NAME. (a letter, then "
        "letters, "
        "digits or _), got .5)");
    row("non-finite real", ifc(ok + "#2=IFCDIRECTION((1.,1.E999));\n"),
        "a.ifc: line 9, column 21: #2 IFCDIRECTION: real 1.E999 is not a finite number (beyond +-1.8E308)");
    row("huge mantissa", ifc(ok + "#2=IFCDIRECTION((1.," + std::string(400, '9') + ".));\n"),
        "a.ifc: line 9, column 21: #2 IFCDIRECTION: real "
        "9999999999999999999999999999999999999999... is not a finite number (beyond +-1.8E308)");
    row("integer out of range", ifc(ok + "#2=IFCINTEGERCOUNT(9223372036854775808);\n"),
        "a.ifc: line 9, column 20: #2 IFCINTEGERCOUNT: integer 9223372036854775808 out of range "
        "(-9223372036854775808 to 9223372036854775807)");
    row("too deep", ifc(ok + "#2=IFCX(" + std::string(64, '(') + std::string(64, ')') + ");\n"),
        "a.ifc: line 9, column 72: #2 IFCX: not accepted: parentheses nested deeper than 64 levels");
    row("too deep typed",
        ifc(ok + "#2=IFCX(" + std::string(63, '(') + "IFCY(1)" + std::string(63, ')') + ");\n"),
        "a.ifc: line 9, column 76: #2 IFCX: not accepted: parentheses nested deeper than 64 levels");
    row("missing semicolon", ifc(ok + "#2=IFCDIRECTION((1.,0.))\n#3=IFCDIRECTION((1.,0.));\n"),
        "a.ifc: line 10, column 1: #2 IFCDIRECTION: expected ';' after the arguments, got '#'");
    row("missing comma", ifc(ok + "#2=IFCDIRECTION((1. 0.));\n"),
        "a.ifc: line 9, column 21: #2 IFCDIRECTION: expected ',' or ')' after a value, got '0'");
    row("typed value with two values", ifc(ok + "#2=IFCX(IFCLENGTHMEASURE(1.,2.));\n"),
        "a.ifc: line 9, column 28: #2 IFCX: a typed value IFCLENGTHMEASURE(...) holds exactly one value, got "
        "a ','");
    row("bad enumeration", ifc(ok + "#2=IFCX(.T);\n"),
        "a.ifc: line 9, column 9: #2 IFCX: bad enumeration: expected .NAME. (a letter, then letters, digits "
        "or _), "
        "got .T)");
    row("id zero", ifc(ok + "#0=IFCX(1);\n"),
        "a.ifc: line 9, column 2: instance name #0: instance names start at #1");
    row("no entity name", ifc(ok + "#2=5;\n"),
        "a.ifc: line 9, column 4: #2: expected an entity name after '=', got '5'");
    row("complex instance", ifc(ok + "#2=(IFCA()IFCB());\n"),
        "a.ifc: line 9, column 4: #2: complex entity instances (#1 = (A(...) B(...));) are not supported");
    row("unterminated comment", ifc(ok + "/* no end\n#2=IFCX(1);\n", ""),
        "a.ifc: line 9, column 1: unterminated comment /* (no */ before the end of the file)");
    row("reference in the header", "ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION((#1),'2;1');\n",
        "a.ifc: line 3, column 19: FILE_DESCRIPTION: references are not allowed in the header");
    row("header without FILE_SCHEMA",
        "ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION((''),'2;1');\nFILE_NAME('','',(''),(''),'','','');\nENDSEC;"
        "\n",
        "a.ifc: line 5, column 1: the header lacks FILE_SCHEMA (it starts with FILE_DESCRIPTION, FILE_NAME, "
        "FILE_SCHEMA)");
    row("schema not a string",
        "ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION((''),'2;1');\nFILE_NAME('','',(''),(''),'','','');\n"
        "FILE_SCHEMA((IFC4X3));\nENDSEC;\n",
        "a.ifc: line 5, column 20: FILE_SCHEMA: expected '(' after the type name IFC4X3, got ')'");
    row("schema a number",
        "ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION((''),'2;1');\nFILE_NAME('','',(''),(''),'','','');\n"
        "FILE_SCHEMA((4));\nENDSEC;\n",
        "a.ifc: line 5, column 1: FILE_SCHEMA: argument [0][0]: expected a string, got an integer 4");
    row("FILE_NAME arguments",
        "ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION((''),'2;1');\nFILE_NAME('');\nFILE_SCHEMA(('IFC4X3'));"
        "\nENDSEC;\n",
        "a.ifc: line 4, column 1: FILE_NAME: expected 7 arguments, has 1");
    row("not STEP", "{\"format\": \"tracklab-layout\"}",
        "a.ifc: line 1, column 1: not a STEP physical file (ISO 10303-21): it does not start with "
        "ISO-10303-21;");
    row("empty", "",
        "a.ifc: line 1, column 1: not a STEP physical file (ISO 10303-21): it does not start with "
        "ISO-10303-21;");
    row("no DATA", ifc("", "").substr(0, ifc("", "").size() - 6) + "END-ISO-10303-21;\n",
        "a.ifc: line 7, column 1: no DATA section before END-ISO-10303-21");
}

void TstStepFile::badInputs() {
    QFETCH(QByteArray, text);
    QFETCH(QString, message);
    const Caught c = parseError(text.toStdString());
    QCOMPARE(QString::fromStdString(c.what), message);
    QCOMPARE(c.file, std::string("a.ifc"));
}

void TstStepFile::wrongAccessorType() {
    const StepFile f = StepFile::parse(kValid, "a.ifc");
    const StepInstance& segment = f.at(100);
    QCOMPARE(
        caught([&] { segment.ref(3); }).what,
        std::string("a.ifc: line 14, column 1: #100 IFCALIGNMENTHORIZONTALSEGMENT: argument [3]: expected a "
                    "reference, got a real 0."));
    QCOMPARE(
        caught([&] { segment.real(8); }).what,
        std::string("a.ifc: line 14, column 1: #100 IFCALIGNMENTHORIZONTALSEGMENT: argument [8]: expected a "
                    "real, got an enumeration .CIRCULARARC."));
    QCOMPARE(
        caught([&] { segment.list(0); }).what,
        std::string("a.ifc: line 14, column 1: #100 IFCALIGNMENTHORIZONTALSEGMENT: argument [0]: expected a "
                    "list, got unset ($)"));
    QCOMPARE(
        caught([&] { segment.arg(9); }).what,
        std::string("a.ifc: line 14, column 1: #100 IFCALIGNMENTHORIZONTALSEGMENT: argument [9]: asked for, "
                    "but #100 IFCALIGNMENTHORIZONTALSEGMENT has 9 arguments"));
    QCOMPARE(caught([&] { f.target(segment, 2, "IFCDIRECTION"); }).what,
             std::string("a.ifc: line 14, column 1: #100 IFCALIGNMENTHORIZONTALSEGMENT: argument [2]: #22 is "
                         "IFCCARTESIANPOINT, expected IFCDIRECTION"));
    const StepInstance& property = f.at(101);
    QCOMPARE(
        caught([&] { property.string(2); }).what,
        std::string("a.ifc: line 15, column 1: #101 IFCPROPERTYSINGLEVALUE: argument [2]: expected a string, "
                    "got a typed value IFCLENGTHMEASURE(5.)"));
    QCOMPARE(caught([&] { property.typed(2, "IFCPLANEANGLEMEASURE"); }).what,
             std::string("a.ifc: line 15, column 1: #101 IFCPROPERTYSINGLEVALUE: argument [2]: expected "
                         "IFCPLANEANGLEMEASURE(...), got a typed value IFCLENGTHMEASURE(5.)"));
    const StepInstance& points = f.at(102);
    QCOMPARE(
        caught([&] { points.at(0, 3); }).what,
        std::string("a.ifc: line 16, column 1: #102 IFCCARTESIANPOINTLIST2D: argument [0][3]: asked for, but "
                    "the list has 3 elements"));
    QCOMPARE(
        caught([&] { points.refs(points.at(0, 1), "[0][1]"); }).what,
        std::string("a.ifc: line 16, column 1: #102 IFCCARTESIANPOINTLIST2D: argument [0][1][0]: expected a "
                    "reference, got a real 10."));
    QCOMPARE(caught([&] { f.at(103).boolean(8); }).what,
             std::string(
                 "a.ifc: line 17, column 1: #103 IFCLABELS: argument [8]: expected a boolean .T. or .F., got "
                 "an enumeration .U."));
    QCOMPARE(caught([&] { f.at(5); }).what, std::string("a.ifc: /: no instance #5 in the file"));
    // the structured fields of the error
    try {
        segment.ref(3);
        QFAIL("no error");
    } catch (const StepError& e) {
        QCOMPARE(e.line(), std::size_t(14));
        QCOMPARE(e.id(), std::uint64_t(100));
        QCOMPARE(e.entity(), std::string("IFCALIGNMENTHORIZONTALSEGMENT"));
        QCOMPARE(e.detail(), std::string("argument [3]: expected a reference, got a real 0."));
        QCOMPARE(e.path(), std::string("line 14, column 1"));
    }
}

void TstStepFile::limits() {
    // a string longer than 1 MiB
    const std::string big = ifc("#1=IFCLABEL('" + std::string(kMaxStepStringBytes + 1, 'a') + "');\n");
    QCOMPARE(parseError(big).what,
             std::string(
                 "a.ifc: line 8, column 13: #1 IFCLABEL: not accepted: a string longer than 1048576 bytes"));
    // 100 000 instances, each referring to the next: all read and resolved
    std::string chain;
    const int n = 100000;
    for (int k = 1; k <= n; ++k)
        chain +=
            "#" + std::to_string(k) + "=IFCX(" + (k < n ? "#" + std::to_string(k + 1) : "$") + ",1.5);\n";
    const StepFile f = StepFile::parse(ifc(chain), "a.ifc");
    QCOMPARE(f.size(), std::size_t(n));
    QCOMPARE(f.target(f.at(n - 1), 0).id(), std::uint64_t(n));
    // (its time: tests/bench/bench_step_parse.cpp)
    // deep nesting that is refused costs nothing: 10^6 parentheses stop at the 65th
    const std::string deep = ifc("#1=IFCX(" + std::string(1000000, '(') + ");\n");
    QVERIFY(parseError(deep).what.find("nested deeper than 64 levels") != std::string::npos);
}

void TstStepFile::readsFilesWithTheSizeCap() {
    QTemporaryDir dir;
    const std::filesystem::path root = dir.path().toStdString();
    const std::filesystem::path small = root / "small.ifc";
    { std::ofstream(small) << kValid; }
    QCOMPARE(StepFile::read(small).size(), std::size_t(9));
    const std::filesystem::path big = root / "big.ifc";
    { std::ofstream(big) << "ISO-10303-21;"; }
    std::filesystem::resize_file(big, kMaxStepFileBytes + 1); // sparse: costs no disk
    QCOMPARE(caught([&] { StepFile::read(big); }).problem,
             std::string("is 268435457 bytes, more than the limit of 268435456 bytes"));
    QVERIFY(caught([&] { StepFile::read(root / "missing.ifc"); }).problem.find("cannot open") == 0);
}

QTEST_GUILESS_MAIN(TstStepFile)
#include "tst_step_file.moc"
