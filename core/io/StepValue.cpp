#include "core/io/StepValue.h"

#include "core/io/StepWriter.h"

#include <cmath>
#include <stdexcept>

namespace tl {

namespace {

std::string cut(std::string s, std::size_t n = 60) {
    if (s.size() > n) {
        s.resize(n);
        // do not end inside a UTF-8 sequence
        while (!s.empty() && (static_cast<unsigned char>(s.back()) & 0xC0) == 0x80)
            s.pop_back();
        if (!s.empty() && static_cast<unsigned char>(s.back()) >= 0xC0) s.pop_back();
        s += "...";
    }
    return s;
}

} // namespace

StepValue StepValue::ofDerived() {
    StepValue v;
    v.kind_ = Kind::Derived;
    return v;
}

StepValue StepValue::ofInteger(std::int64_t i) {
    StepValue v;
    v.kind_ = Kind::Integer;
    v.i_ = i;
    return v;
}

StepValue StepValue::ofReal(double r) {
    StepValue v;
    v.kind_ = Kind::Real;
    v.r_ = r;
    return v;
}

StepValue StepValue::ofString(std::string utf8) {
    StepValue v;
    v.kind_ = Kind::String;
    v.text_ = std::move(utf8);
    return v;
}

StepValue StepValue::ofEnumeration(std::string upperName) {
    StepValue v;
    v.kind_ = Kind::Enumeration;
    v.text_ = std::move(upperName);
    return v;
}

StepValue StepValue::ofReference(std::uint64_t id) {
    StepValue v;
    v.kind_ = Kind::Reference;
    v.i_ = static_cast<std::int64_t>(id);
    return v;
}

StepValue StepValue::ofList(std::vector<StepValue> items) {
    StepValue v;
    v.kind_ = Kind::List;
    v.items_ = std::move(items);
    return v;
}

StepValue StepValue::ofTyped(std::string upperTypeName, StepValue inner) {
    StepValue v;
    v.kind_ = Kind::Typed;
    v.text_ = std::move(upperTypeName);
    v.items_.push_back(std::move(inner));
    return v;
}

StepValue StepValue::ofBinary(std::string hex) {
    StepValue v;
    v.kind_ = Kind::Binary;
    v.text_ = std::move(hex);
    return v;
}

void StepValue::wrongKind(Kind wanted) const {
    throw std::logic_error(std::string("StepValue: asked for ") + kindName(wanted) + ", it is " +
                           kindName(kind_));
}

std::int64_t StepValue::integer() const {
    if (kind_ != Kind::Integer) wrongKind(Kind::Integer);
    return i_;
}

double StepValue::real() const {
    if (kind_ != Kind::Real) wrongKind(Kind::Real);
    return r_;
}

std::uint64_t StepValue::reference() const {
    if (kind_ != Kind::Reference) wrongKind(Kind::Reference);
    return static_cast<std::uint64_t>(i_);
}

const std::string& StepValue::text() const {
    if (kind_ != Kind::String && kind_ != Kind::Enumeration && kind_ != Kind::Binary && kind_ != Kind::Typed)
        wrongKind(Kind::String);
    return text_;
}

const std::vector<StepValue>& StepValue::items() const {
    if (kind_ != Kind::List) wrongKind(Kind::List);
    return items_;
}

const std::string& StepValue::typeName() const {
    if (kind_ != Kind::Typed) wrongKind(Kind::Typed);
    return text_;
}

const StepValue& StepValue::inner() const {
    if (kind_ != Kind::Typed) wrongKind(Kind::Typed);
    return items_.front();
}

const char* StepValue::kindName(Kind k) {
    switch (k) {
    case Kind::Unset:
        return "unset ($)";
    case Kind::Derived:
        return "derived (*)";
    case Kind::Integer:
        return "an integer";
    case Kind::Real:
        return "a real";
    case Kind::String:
        return "a string";
    case Kind::Enumeration:
        return "an enumeration";
    case Kind::Reference:
        return "a reference";
    case Kind::List:
        return "a list";
    case Kind::Typed:
        return "a typed value";
    case Kind::Binary:
        return "a binary";
    }
    return "a value";
}

std::string StepValue::describe() const {
    switch (kind_) {
    case Kind::Unset:
    case Kind::Derived:
        return kindName(kind_);
    case Kind::List:
        return items_.size() == 1 ? "a list of 1 value"
                                  : "a list of " + std::to_string(items_.size()) + " values";
    default:
        return std::string(kindName(kind_)) + " " + cut(stepText());
    }
}

std::string StepValue::stepText() const {
    switch (kind_) {
    case Kind::Unset:
        return "$";
    case Kind::Derived:
        return "*";
    case Kind::Integer:
        return std::to_string(i_);
    case Kind::Real:
        return std::isfinite(r_) ? stepReal(r_) : std::to_string(r_); // (the reader keeps only finite reals)
    case Kind::String:
        try {
            return stepString(text_);
        } catch (const std::invalid_argument&) { // not UTF-8 (never from the reader): the bytes as they are
            return "'" + text_ + "'";
        }
    case Kind::Enumeration:
        return "." + text_ + ".";
    case Kind::Reference:
        return "#" + std::to_string(static_cast<std::uint64_t>(i_));
    case Kind::Binary:
        return "\"" + text_ + "\"";
    case Kind::Typed:
        return text_ + "(" + items_.front().stepText() + ")";
    case Kind::List: {
        std::string s = "(";
        for (std::size_t k = 0; k < items_.size(); ++k)
            s += (k ? "," : "") + items_[k].stepText();
        return s + ")";
    }
    }
    return "";
}

} // namespace tl
