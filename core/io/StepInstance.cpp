#include "core/io/StepInstance.h"

#include "core/io/StepError.h"

namespace tl {

using Kind = StepValue::Kind;

std::string StepInstance::name() const {
    return id_ == 0 ? type() : "#" + std::to_string(id_) + " " + type();
}

void StepInstance::fail(const std::string& problem) const {
    throw StepError(file(), line_, column_, id_, type(), problem);
}

void StepInstance::fail(std::size_t i, const std::string& problem) const {
    fail(where(i), problem);
}

void StepInstance::fail(const std::string& where, const std::string& problem) const {
    fail("argument " + where + ": " + problem);
}

void StepInstance::expectArgCount(std::size_t n) const {
    if (args_.size() != n)
        fail("expected " + std::to_string(n) + (n == 1 ? " argument" : " arguments") + ", has " +
             std::to_string(args_.size()));
}

const StepValue& StepInstance::arg(std::size_t i) const {
    if (i >= args_.size())
        fail(i, "asked for, but " + name() + " has " + std::to_string(args_.size()) +
                    (args_.size() == 1 ? " argument" : " arguments"));
    return args_[i];
}

const StepValue& StepInstance::at(std::size_t i, std::size_t k) const {
    const std::vector<StepValue>& items = list(i);
    if (k >= items.size())
        fail(where(where(i), k), "asked for, but the list has " + std::to_string(items.size()) +
                                     (items.size() == 1 ? " element" : " elements"));
    return items[k];
}

const StepValue& StepInstance::expect(const StepValue& v, Kind k, const std::string& where) const {
    if (!v.is(k)) fail(where, std::string("expected ") + StepValue::kindName(k) + ", got " + v.describe());
    return v;
}

std::int64_t StepInstance::integer(std::size_t i) const {
    return integer(arg(i), where(i));
}
double StepInstance::real(std::size_t i) const {
    return real(arg(i), where(i));
}
std::uint64_t StepInstance::ref(std::size_t i) const {
    return ref(arg(i), where(i));
}
const std::string& StepInstance::string(std::size_t i) const {
    return string(arg(i), where(i));
}
const std::string& StepInstance::enumeration(std::size_t i) const {
    return enumeration(arg(i), where(i));
}
const std::vector<StepValue>& StepInstance::list(std::size_t i) const {
    return list(arg(i), where(i));
}
const StepValue& StepInstance::typed(std::size_t i, std::string_view typeName) const {
    return typed(arg(i), where(i), typeName);
}
std::vector<double> StepInstance::reals(std::size_t i) const {
    return reals(arg(i), where(i));
}
std::vector<std::uint64_t> StepInstance::refs(std::size_t i) const {
    return refs(arg(i), where(i));
}

bool StepInstance::boolean(std::size_t i) const {
    const std::string& e = enumeration(i);
    if (e == "T") return true;
    if (e == "F") return false;
    fail(i, "expected a boolean .T. or .F., got " + arg(i).describe());
}

StepLogical StepInstance::logical(std::size_t i) const {
    const std::string& e = enumeration(i);
    if (e == "T") return StepLogical::True;
    if (e == "F") return StepLogical::False;
    if (e == "U") return StepLogical::Unknown;
    fail(i, "expected a logical .T., .F. or .U., got " + arg(i).describe());
}

std::int64_t StepInstance::integer(const StepValue& v, const std::string& where) const {
    return expect(v, Kind::Integer, where).integer();
}

double StepInstance::real(const StepValue& v, const std::string& where) const {
    if (v.is(Kind::Integer)) return double(v.integer());
    return expect(v, Kind::Real, where).real();
}

std::uint64_t StepInstance::ref(const StepValue& v, const std::string& where) const {
    return expect(v, Kind::Reference, where).reference();
}

const std::string& StepInstance::string(const StepValue& v, const std::string& where) const {
    return expect(v, Kind::String, where).text();
}

const std::string& StepInstance::enumeration(const StepValue& v, const std::string& where) const {
    return expect(v, Kind::Enumeration, where).text();
}

const std::vector<StepValue>& StepInstance::list(const StepValue& v, const std::string& where) const {
    return expect(v, Kind::List, where).items();
}

const StepValue& StepInstance::typed(const StepValue& v, const std::string& where,
                                     std::string_view typeName) const {
    if (!typeName.empty() && !(v.is(Kind::Typed) && v.typeName() == typeName))
        fail(where, "expected " + std::string(typeName) + "(...), got " + v.describe());
    return expect(v, Kind::Typed, where);
}

std::vector<double> StepInstance::reals(const StepValue& v, const std::string& where) const {
    const std::vector<StepValue>& items = list(v, where);
    std::vector<double> out;
    out.reserve(items.size());
    for (std::size_t k = 0; k < items.size(); ++k)
        out.push_back(real(items[k], StepInstance::where(where, k)));
    return out;
}

std::vector<std::uint64_t> StepInstance::refs(const StepValue& v, const std::string& where) const {
    const std::vector<StepValue>& items = list(v, where);
    std::vector<std::uint64_t> out;
    out.reserve(items.size());
    for (std::size_t k = 0; k < items.size(); ++k)
        out.push_back(ref(items[k], StepInstance::where(where, k)));
    return out;
}

} // namespace tl
