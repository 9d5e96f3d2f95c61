// The ISO 10303-21 parser (core/io/StepParser.h): characters, tokens, values, instances, sections and the
// references checked after the whole file is read.
#include "core/io/StepParser.h"

#include "core/io/StepError.h"
#include "core/io/Utf8.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace tl {

namespace {

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}
bool isAlpha(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
}
bool isAlnum(char c) {
    return isAlpha(c) || isDigit(c);
}
char upper(char c) {
    return c >= 'a' && c <= 'z' ? char(c - 'a' + 'A') : c;
}
int hexValue(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

std::string shownChar(char c) {
    const auto u = static_cast<unsigned char>(c);
    if (u > 0x20 && u < 0x7F) return std::string("'") + c + "'";
    static const char* hex = "0123456789ABCDEF";
    return std::string("byte 0x") + hex[u >> 4] + hex[u & 0xF];
}

} // namespace

// One pass over the text; the position (line, column) is kept as it goes. Every error is a StepError at
// a position and in the current instance.
class StepParser {
public:
    StepParser(std::string_view text, const std::string& file) : t_(text) {
        f_.shared_->file = file;
        file_ = &f_.shared_->file;
    }

    StepFile run();

private:
    struct Pos {
        std::size_t line, column;
    };

    Pos here() const { return {line_, p_ - lineStart_ + 1}; }
    [[noreturn]] void failAt(Pos at, const std::string& problem) const {
        throw StepError(*file_, at.line, at.column, id_, type_ ? *type_ : std::string(), problem);
    }
    [[noreturn]] void fail(const std::string& problem) const { failAt(here(), problem); }

    bool atEnd() const { return p_ >= t_.size(); }
    char peek(std::size_t k = 0) const { return p_ + k < t_.size() ? t_[p_ + k] : '\0'; }
    std::string got() const { return atEnd() ? "the end of the file" : shownChar(t_[p_]); }
    void newline() {
        ++line_;
        lineStart_ = p_; // p_ is just after the '\n'
    }

    void skipSpace();
    void expect(char c, const char* what);
    std::string word(); // a keyword with '-' allowed (section names), upper case; "" if none here
    std::string_view keyword(std::string& buf); // [A-Za-z_][A-Za-z0-9_]*, upper case into buf
    std::uint64_t instanceName();               // after '#'
    const std::string* intern(std::string_view name);

    StepInstance record(const std::string* type, std::uint64_t id, Pos at); // NAME( args );  at the '('
    std::vector<StepValue> arguments(int depth, Pos open);                  // after '('
    StepValue value(int depth);
    StepValue number();
    StepValue string();
    void escape(std::string& out);
    StepValue enumeration();
    StepValue binary();
    void countValue();

    void header();
    void data();
    void index();
    void checkReferences(const StepInstance& e, const StepValue& v, std::string& where) const;

    std::string_view t_;
    std::size_t p_ = 0, line_ = 1, lineStart_ = 0;
    StepFile f_;
    const std::string* file_ = nullptr;
    std::uint64_t id_ = 0;              // the instance being read (0: none, or a header entity)
    const std::string* type_ = nullptr; // its entity name once read
    bool inHeader_ = false;
    std::size_t values_ = 0;
};

void StepParser::skipSpace() {
    while (!atEnd()) {
        const char c = t_[p_];
        if (c == ' ' || c == '\t' || c == '\r') {
            ++p_;
        } else if (c == '\n') {
            ++p_;
            newline();
        } else if (c == '/' && peek(1) == '*') {
            const Pos start = here();
            p_ += 2;
            for (;;) {
                if (atEnd()) failAt(start, "unterminated comment /* (no */ before the end of the file)");
                if (t_[p_] == '*' && peek(1) == '/') {
                    p_ += 2;
                    break;
                }
                if (t_[p_++] == '\n') newline();
            }
        } else {
            return;
        }
    }
}

void StepParser::expect(char c, const char* what) {
    skipSpace();
    if (atEnd() || t_[p_] != c) fail(std::string("expected ") + what + ", got " + got());
    ++p_;
}

std::string StepParser::word() {
    std::string w;
    while (!atEnd() && (isAlnum(t_[p_]) || t_[p_] == '-'))
        w += upper(t_[p_++]);
    return w;
}

std::string_view StepParser::keyword(std::string& buf) {
    buf.clear();
    if (atEnd() || !isAlpha(t_[p_])) return {};
    while (!atEnd() && isAlnum(t_[p_]))
        buf += upper(t_[p_++]);
    return buf;
}

std::uint64_t StepParser::instanceName() {
    if (!isDigit(peek())) fail("expected the digits of an instance name after '#', got " + got());
    std::uint64_t id = 0;
    const Pos start = here();
    while (isDigit(peek())) {
        const unsigned d = unsigned(t_[p_] - '0');
        if (id > (UINT64_MAX - d) / 10) failAt(start, "instance name # out of range (more than 2^64 - 1)");
        id = id * 10 + d;
        ++p_;
    }
    if (id == 0) failAt(start, "instance name #0: instance names start at #1");
    if (isAlpha(peek())) fail("unexpected " + got() + " after an instance name");
    return id;
}

const std::string* StepParser::intern(std::string_view name) {
    auto& names = f_.shared_->names;
    auto it = names.find(name);
    if (it == names.end()) it = names.emplace(name).first;
    return &*it;
}

void StepParser::countValue() {
    if (++values_ > kMaxStepValues)
        fail("more than " + std::to_string(kMaxStepValues) + " parameter values in the file: not accepted");
}

StepInstance StepParser::record(const std::string* type, std::uint64_t id, Pos at) {
    StepInstance e;
    e.id_ = id;
    e.type_ = type;
    e.file_ = file_;
    e.line_ = std::uint32_t(at.line);
    e.column_ = std::uint32_t(at.column);
    skipSpace();
    const Pos open = here();
    if (peek() != '(') fail("expected '(' and the arguments after the entity name, got " + got());
    ++p_;
    e.args_ = arguments(1, open);
    expect(';', "';' after the arguments");
    return e;
}

std::vector<StepValue> StepParser::arguments(int depth, Pos open) {
    if (depth > kMaxStepNesting)
        failAt(open,
               "not accepted: parentheses nested deeper than " + std::to_string(kMaxStepNesting) + " levels");
    std::vector<StepValue> out;
    skipSpace();
    if (peek() == ')') {
        ++p_;
        return out;
    }
    for (;;) {
        out.push_back(value(depth));
        skipSpace();
        if (atEnd()) fail("unexpected end of the file in an argument list (no ')')");
        if (t_[p_] == ',') {
            ++p_;
            continue;
        }
        if (t_[p_] == ')') {
            ++p_;
            return out;
        }
        fail("expected ',' or ')' after a value, got " + got());
    }
}

StepValue StepParser::value(int depth) {
    skipSpace();
    countValue();
    if (atEnd()) fail("unexpected end of the file, expected a value");
    const char c = t_[p_];
    switch (c) {
    case '$':
        ++p_;
        return StepValue();
    case '*':
        ++p_;
        return StepValue::ofDerived();
    case '#': {
        if (inHeader_) fail("references are not allowed in the header");
        ++p_;
        return StepValue::ofReference(instanceName());
    }
    case '\'':
        return string();
    case '"':
        return binary();
    case '.':
        return enumeration();
    case '(': {
        const Pos open = here();
        ++p_;
        return StepValue::ofList(arguments(depth + 1, open));
    }
    case '!':
        fail("user-defined keywords (!NAME) are not supported");
    case '@':
        fail("value instance names (@NAME) are not supported");
    default:
        break;
    }
    if (c == '+' || c == '-' || isDigit(c)) return number();
    if (isAlpha(c)) { // a typed value NAME(value)
        std::string buf;
        std::string name(keyword(buf));
        skipSpace();
        const Pos open = here();
        if (peek() != '(') fail("expected '(' after the type name " + name + ", got " + got());
        if (depth + 1 > kMaxStepNesting)
            failAt(open, "not accepted: parentheses nested deeper than " + std::to_string(kMaxStepNesting) +
                             " levels");
        ++p_;
        StepValue inner = value(depth + 1);
        skipSpace();
        if (peek() == ',') fail("a typed value " + name + "(...) holds exactly one value, got a ','");
        expect(')', ("')' closing " + name + "(").c_str());
        return StepValue::ofTyped(std::move(name), std::move(inner));
    }
    fail("unexpected " + got() + ", expected a value");
}

StepValue StepParser::number() {
    const Pos start = here();
    const std::size_t begin = p_;
    bool negative = false;
    if (peek() == '+' || peek() == '-') negative = t_[p_++] == '-';
    const std::size_t digits = p_;
    while (isDigit(peek()))
        ++p_;
    if (p_ == digits) failAt(start, "expected digits after the sign, got " + got());
    const std::size_t intEnd = p_;
    bool real = false;
    long long exponent = 0;
    std::size_t fracBegin = p_, fracEnd = p_;
    if (peek() == '.') {
        real = true;
        ++p_;
        fracBegin = p_;
        while (isDigit(peek()))
            ++p_;
        fracEnd = p_;
        if (peek() == 'E' || peek() == 'e') {
            ++p_;
            bool negExp = false;
            if (peek() == '+' || peek() == '-') negExp = t_[p_++] == '-';
            if (!isDigit(peek()))
                fail("bad real " + std::string(t_.substr(begin, p_ - begin)) + ": no digits in the exponent");
            while (isDigit(peek())) {
                if (exponent < 1000000000) exponent = exponent * 10 + (t_[p_] - '0');
                ++p_;
            }
            if (negExp) exponent = -exponent;
        }
    }
    if (isAlnum(peek()) || peek() == '.' || peek() == '\'' || peek() == '#') {
        std::size_t e = p_;
        while (e < t_.size() && e - begin < 40 && (isAlnum(t_[e]) || t_[e] == '.'))
            ++e;
        failAt(start, "bad number " + std::string(t_.substr(begin, e - begin)));
    }
    const std::string_view token = t_.substr(begin, p_ - begin);
    // from_chars takes no '+'
    const char* first = t_.data() + begin + (t_[begin] == '+' ? 1 : 0);
    const char* last = t_.data() + p_;
    if (!real) {
        std::int64_t v = 0;
        const auto r = std::from_chars(first, last, v);
        if (r.ec != std::errc() || r.ptr != last)
            failAt(start, "integer " + std::string(token.substr(0, 40)) + (token.size() > 40 ? "..." : "") +
                              " out of range (-9223372036854775808 to 9223372036854775807)");
        return StepValue::ofInteger(v);
    }
    double v = 0;
    const auto r = std::from_chars(first, last, v);
    if (r.ec == std::errc::result_out_of_range) {
        // overflow or underflow? The decimal exponent of the first significant digit decides.
        long long lead = 0;
        std::size_t k = digits;
        while (k < intEnd && t_[k] == '0')
            ++k;
        if (k < intEnd) {
            lead = (long long)(intEnd - k);
        } else {
            k = fracBegin;
            while (k < fracEnd && t_[k] == '0')
                ++k;
            lead = -(long long)(k - fracBegin);
        }
        if (lead + exponent > 0)
            failAt(start, "real " + std::string(token.substr(0, 40)) + (token.size() > 40 ? "..." : "") +
                              " is not a finite number (beyond +-1.8E308)");
        v = negative ? -0.0 : 0.0; // below the smallest double: zero
    } else if (r.ec != std::errc() || r.ptr != last) {
        failAt(start, "bad real " + std::string(token.substr(0, 40)));
    }
    if (!std::isfinite(v))
        failAt(start, "real " + std::string(token.substr(0, 40)) + " is not a finite number");
    return StepValue::ofReal(v);
}

StepValue StepParser::string() {
    const Pos start = here();
    ++p_; // the opening '
    std::string out;
    for (;;) {
        if (atEnd()) failAt(start, "unterminated string: no closing ' before the end of the file");
        if (out.size() > kMaxStepStringBytes)
            failAt(start,
                   "not accepted: a string longer than " + std::to_string(kMaxStepStringBytes) + " bytes");
        const char c = t_[p_];
        const auto u = static_cast<unsigned char>(c);
        if (c == '\'') {
            if (peek(1) == '\'') {
                out += '\'';
                p_ += 2;
                continue;
            }
            ++p_;
            break;
        }
        if (c == '\\') {
            escape(out);
        } else if (c == '\n') { // a line break is not part of the string (ISO 10303-21 print control)
            ++p_;
            newline();
        } else if (c == '\r') {
            ++p_;
        } else if (u < 0x20 || u == 0x7F) {
            fail("control character " + shownChar(c) + " in a string (write it as \\X\\hh)");
        } else if (u >= 0x80) {
            const std::size_t n = utf8Length(t_.substr(p_));
            if (n == 0) fail("invalid UTF-8 " + shownChar(c) + " in a string");
            out.append(t_.substr(p_, n));
            p_ += n;
        } else {
            out += c;
            ++p_;
        }
    }
    if (out.size() > kMaxStepStringBytes)
        failAt(start, "not accepted: a string longer than " + std::to_string(kMaxStepStringBytes) + " bytes");
    return StepValue::ofString(std::move(out));
}

void StepParser::escape(std::string& out) {
    const Pos at = here();
    const auto bad = [&](const std::string& why) {
        std::size_t e = p_ + 1;
        while (e < t_.size() && e - p_ < 8 && t_[e] != '\'' && t_[e] != '\n')
            ++e;
        failAt(at, "bad escape " + std::string(t_.substr(p_, e - p_)) + " in a string: " + why);
    };
    const auto starts = [&](std::string_view s) { return t_.substr(p_, s.size()) == s; };
    const auto hexRun = [&](std::size_t from, std::size_t n, std::uint32_t& cp) {
        cp = 0;
        for (std::size_t k = 0; k < n; ++k) {
            const int h = from + k < t_.size() ? hexValue(t_[from + k]) : -1;
            if (h < 0) return false;
            cp = (cp << 4) | std::uint32_t(h);
        }
        return true;
    };
    if (starts("\\\\")) {
        out += '\\';
        p_ += 2;
    } else if (starts("\\S\\")) {
        const char c = peek(3);
        if (c < 0x20 || c > 0x7E) bad("\\S\\ takes one printable character");
        appendUtf8(out, std::uint32_t(static_cast<unsigned char>(c)) + 0x80); // \PA\: ISO 8859-1
        p_ += 4;
        if (c == '\'') {
            if (peek() != '\'') bad("an apostrophe after \\S\\ is written ''");
            ++p_;
        }
    } else if (starts("\\PA\\")) {
        p_ += 4;
    } else if (t_.substr(p_, 2) == "\\P" && peek(3) == '\\') {
        bad("only the code page \\PA\\ (ISO 8859-1) is supported");
    } else if (starts("\\X\\")) {
        std::uint32_t cp;
        if (!hexRun(p_ + 3, 2, cp)) bad("\\X\\ takes two hex digits");
        if (cp == 0) bad("the NUL character");
        appendUtf8(out, cp);
        p_ += 5;
    } else if (starts("\\X2\\") || starts("\\X4\\")) {
        const std::size_t width = peek(2) == '2' ? 4 : 8;
        std::size_t q = p_ + 4;
        std::size_t count = 0;
        while (t_.substr(q, 4) != "\\X0\\") {
            std::uint32_t cp;
            if (!hexRun(q, width, cp))
                bad(std::string(width == 4 ? "\\X2\\" : "\\X4\\") + " takes groups of " +
                    std::to_string(width) + " hex digits ended by \\X0\\");
            q += width;
            if (width == 4 && cp >= 0xD800 && cp <= 0xDBFF) { // UTF-16 surrogate pair
                std::uint32_t lo;
                if (!hexRun(q, 4, lo) || lo < 0xDC00 || lo > 0xDFFF) bad("a lone UTF-16 surrogate");
                q += 4;
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            } else if ((cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) {
                bad("not a Unicode code point");
            }
            if (cp == 0) bad("the NUL character");
            appendUtf8(out, cp);
            if (++count > kMaxStepStringBytes) bad("too long");
        }
        if (count == 0) bad("no characters before \\X0\\");
        p_ = q + 4;
    } else {
        bad("a backslash is written \\\\; escapes are \\X\\hh, \\X2\\...\\X0\\, \\X4\\...\\X0\\, \\S\\c, "
            "\\PA\\");
    }
}

StepValue StepParser::enumeration() {
    const Pos start = here();
    ++p_;
    std::string name;
    while (!atEnd() && isAlnum(t_[p_]))
        name += upper(t_[p_++]);
    if (name.empty() || !isAlpha(name[0]) || peek() != '.')
        failAt(start, "bad enumeration: expected .NAME. (a letter, then letters, digits or _), got ." + name +
                          (atEnd() ? "" : std::string(1, t_[p_])));
    ++p_;
    return StepValue::ofEnumeration(std::move(name));
}

StepValue StepParser::binary() {
    const Pos start = here();
    ++p_;
    std::string hex;
    while (!atEnd() && t_[p_] != '"') {
        if (hexValue(t_[p_]) < 0 || (hex.empty() && t_[p_] > '3'))
            fail("bad binary: expected \"N...\" with N the unused bits 0-3, then hex digits, got " + got());
        hex += upper(t_[p_++]);
        if (hex.size() > 2 * kMaxStepStringBytes)
            failAt(start,
                   "not accepted: a binary longer than " + std::to_string(kMaxStepStringBytes) + " bytes");
    }
    if (atEnd()) failAt(start, "unterminated binary: no closing \" before the end of the file");
    if (hex.empty()) failAt(start, "bad binary: empty");
    ++p_;
    return StepValue::ofBinary(std::move(hex));
}

void StepParser::header() {
    inHeader_ = true;
    Pos end{};
    for (;;) {
        id_ = 0; // between instances: errors (an unterminated comment) name no instance
        type_ = nullptr;
        skipSpace();
        const Pos at = end = here();
        if (atEnd()) fail("unexpected end of the file in the header (no ENDSEC;)");
        if (!isAlpha(t_[p_])) fail("expected a header entity or ENDSEC;, got " + got());
        std::string w = word();
        if (w == "ENDSEC") {
            expect(';', "';' after ENDSEC");
            break;
        }
        if (w.find('-') != std::string::npos) failAt(at, "expected a header entity or ENDSEC;, got " + w);
        type_ = intern(w);
        f_.header_.push_back(record(type_, 0, at));
    }
    type_ = nullptr;
    inHeader_ = false;
    static const char* required[] = {"FILE_DESCRIPTION", "FILE_NAME", "FILE_SCHEMA"};
    static const std::size_t counts[] = {2, 7, 1};
    for (std::size_t k = 0; k < 3; ++k) {
        if (k >= f_.header_.size())
            failAt(end, std::string("the header lacks ") + required[k] +
                            " (it starts with FILE_DESCRIPTION, FILE_NAME, FILE_SCHEMA)");
        const StepInstance& e = f_.header_[k];
        if (e.type() != required[k])
            e.fail(std::string("expected ") + required[k] +
                   " here: the header starts with FILE_DESCRIPTION, FILE_NAME, FILE_SCHEMA");
        e.expectArgCount(counts[k]);
    }
    const StepInstance& schema = f_.header_[2];
    const std::vector<StepValue>& names = schema.list(0);
    if (names.empty()) schema.fail(0, "no schema named");
    for (std::size_t k = 0; k < names.size(); ++k)
        f_.schemas_.push_back(schema.string(names[k], StepInstance::where(StepInstance::where(0), k)));
}

void StepParser::data() {
    skipSpace();
    if (peek() == '(') fail("parameters of DATA (DATA(...);) are not supported");
    expect(';', "';' after DATA");
    std::string buf;
    for (;;) {
        id_ = 0; // between instances: errors (an unterminated comment) name no instance
        type_ = nullptr;
        skipSpace();
        const Pos at = here();
        if (atEnd()) fail("unexpected end of the file in the DATA section (no ENDSEC;)");
        if (t_[p_] != '#') {
            if (!isAlpha(t_[p_])) fail("expected an instance #ID = ... or ENDSEC;, got " + got());
            const std::string w = word();
            if (w == "ENDSEC") {
                expect(';', "';' after ENDSEC");
                return;
            }
            if (w == "END-ISO-10303-21")
                failAt(at, "missing ENDSEC; before END-ISO-10303-21 (the DATA section is not closed)");
            failAt(at, "expected an instance #ID = ... or ENDSEC;, got " + w.substr(0, 60));
        }
        ++p_;
        id_ = instanceName();
        if (f_.instances_.size() >= kMaxStepInstances)
            failAt(at,
                   "more than " + std::to_string(kMaxStepInstances) + " instances in the file: not accepted");
        expect('=', "'=' after the instance name");
        skipSpace();
        if (peek() == '(') fail("complex entity instances (#1 = (A(...) B(...));) are not supported");
        if (peek() == '!') fail("user-defined entities (!NAME) are not supported");
        if (!isAlpha(peek())) fail("expected an entity name after '=', got " + got());
        type_ = intern(keyword(buf));
        f_.instances_.push_back(record(type_, id_, at));
    }
}

void StepParser::index() {
    auto& byId = f_.byId_;
    byId.reserve(f_.instances_.size());
    for (std::size_t k = 0; k < f_.instances_.size(); ++k)
        byId.emplace_back(f_.instances_[k].id(), std::uint32_t(k));
    std::sort(byId.begin(), byId.end());
    for (std::size_t k = 1; k < byId.size(); ++k)
        if (byId[k].first == byId[k - 1].first) {
            const StepInstance& first = f_.instances_[byId[k - 1].second];
            f_.instances_[byId[k].second].fail("duplicate instance name #" + std::to_string(byId[k].first) +
                                               " (first at line " + std::to_string(first.line()) + ")");
        }
}

void StepParser::checkReferences(const StepInstance& e, const StepValue& v, std::string& where) const {
    if (v.is(StepValue::Kind::Reference)) {
        if (!f_.find(v.reference()))
            e.fail(where, "reference to #" + std::to_string(v.reference()) + ", which is not in the file");
    } else if (v.is(StepValue::Kind::List)) {
        const auto& items = v.items();
        for (std::size_t k = 0; k < items.size(); ++k) {
            const std::size_t n = where.size();
            where += StepInstance::where(k);
            checkReferences(e, items[k], where);
            where.resize(n);
        }
    } else if (v.is(StepValue::Kind::Typed)) {
        checkReferences(e, v.inner(), where); // the path names the typed value itself
    }
}

StepFile StepParser::run() {
    if (t_.substr(0, 3) == "\xEF\xBB\xBF") p_ = lineStart_ = 3; // a UTF-8 byte order mark
    skipSpace();
    {
        const Pos at = here();
        if (word() != "ISO-10303-21")
            failAt(at, "not a STEP physical file (ISO 10303-21): it does not start with ISO-10303-21;");
    }
    expect(';', "';' after ISO-10303-21");
    skipSpace();
    {
        const Pos at = here();
        const std::string w = word();
        if (w != "HEADER") failAt(at, "expected HEADER; after ISO-10303-21;, got " + (w.empty() ? got() : w));
    }
    expect(';', "';' after HEADER");
    header();
    bool sawData = false;
    for (;;) {
        skipSpace();
        const Pos at = here();
        if (atEnd()) fail("unexpected end of the file: no END-ISO-10303-21;");
        const std::string w = word();
        if (w == "DATA") {
            data();
            sawData = true;
        } else if (w == "END-ISO-10303-21") {
            if (!sawData) failAt(at, "no DATA section before END-ISO-10303-21");
            expect(';', "';' after END-ISO-10303-21");
            break;
        } else if (w == "ANCHOR" || w == "REFERENCE" || w == "SIGNATURE") {
            failAt(at, w + " sections are not supported");
        } else {
            failAt(at, "expected DATA; or END-ISO-10303-21;, got " + (w.empty() ? got() : w.substr(0, 60)));
        }
    }
    skipSpace();
    if (!atEnd()) fail("unexpected " + got() + " after END-ISO-10303-21;");
    id_ = 0;
    type_ = nullptr;
    index();
    for (const StepInstance& e : f_.instances_)
        for (std::size_t k = 0; k < e.argCount(); ++k) {
            std::string where = StepInstance::where(k);
            checkReferences(e, e.args()[k], where);
        }
    return std::move(f_);
}

StepFile parseStepText(std::string_view text, const std::string& file) {
    return StepParser(text, file).run();
}

} // namespace tl
