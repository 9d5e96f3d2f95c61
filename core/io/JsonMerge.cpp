#include "core/io/JsonMerge.h"

#include <algorithm>
#include <functional>
#include <stdexcept>
#include <vector>

namespace tl {

namespace {

using nlohmann::json;

// A value of the original text: its span, and for containers its children with their spans.
struct Node {
    enum Kind { Scalar, Array, Object } kind = Scalar;
    std::size_t b = 0, e = 0;        // [b, e) the value's text
    std::vector<Node> items;         // array elements / object member values
    std::vector<std::string> keys;   // object: decoded keys
    std::vector<std::size_t> kb, ke; // object: [kb, ke) each member's key text (with quotes)
};

struct Parser {
    std::string_view s;
    std::size_t p = 0;

    [[noreturn]] void fail() const { throw std::invalid_argument("not JSON at offset " + std::to_string(p)); }
    void ws() {
        while (p < s.size() && (s[p] == ' ' || s[p] == '\t' || s[p] == '\n' || s[p] == '\r'))
            ++p;
    }
    void string() { // p at the opening quote
        ++p;
        while (p < s.size() && s[p] != '"')
            p += s[p] == '\\' ? 2 : 1;
        if (p >= s.size()) fail();
        ++p;
    }
    Node value(int depth) {
        if (depth > 256) fail();
        ws();
        if (p >= s.size()) fail();
        Node n;
        n.b = p;
        const char c = s[p];
        if (c == '{' || c == '[') {
            n.kind = c == '{' ? Node::Object : Node::Array;
            const char close = c == '{' ? '}' : ']';
            ++p;
            ws();
            if (p < s.size() && s[p] == close) {
                ++p;
            } else {
                for (;;) {
                    if (n.kind == Node::Object) {
                        ws();
                        if (p >= s.size() || s[p] != '"') fail();
                        n.kb.push_back(p);
                        string();
                        n.ke.push_back(p);
                        n.keys.push_back(
                            json::parse(s.substr(n.kb.back(), p - n.kb.back())).get<std::string>());
                        ws();
                        if (p >= s.size() || s[p] != ':') fail();
                        ++p;
                    }
                    n.items.push_back(value(depth + 1));
                    ws();
                    if (p >= s.size()) fail();
                    if (s[p] == ',') {
                        ++p;
                        continue;
                    }
                    if (s[p] != close) fail();
                    ++p;
                    break;
                }
            }
        } else if (c == '"') {
            string();
        } else {
            while (p < s.size() && std::string_view(",]} \t\r\n").find(s[p]) == std::string_view::npos)
                ++p;
            if (p == n.b) fail();
        }
        n.e = p;
        return n;
    }
};

// Key order for objects written fresh: these first (in this order), then the rest alphabetically.
struct KeyOrder {
    std::vector<std::string> first;
    std::vector<std::string> order(const json& obj, const Node* tmpl) const {
        std::vector<std::string> keys;
        auto add = [&](const std::string& k) {
            if (obj.contains(k) && std::find(keys.begin(), keys.end(), k) == keys.end()) keys.push_back(k);
        };
        if (tmpl && tmpl->kind == Node::Object)
            for (const auto& k : tmpl->keys)
                add(k);
        for (const auto& k : first)
            add(k);
        for (auto it = obj.begin(); it != obj.end(); ++it)
            add(it.key());
        return keys;
    }
};

struct Style {
    bool oneLine = false;   // everything on one line: {"a": 1, "b": [1, 2]}
    std::size_t indent = 0; // columns of the line the value starts on (multi-line)
    std::size_t unit = 2;   // columns per nesting level (multi-line)
};

struct Writer {
    std::string_view src;
    KeyOrder keyOrder;
    std::string out;

    bool hasNewline(std::size_t b, std::size_t e) const {
        return src.substr(b, e - b).find('\n') != std::string_view::npos;
    }
    std::size_t lineIndent(std::size_t pos) const {
        std::size_t start = src.rfind('\n', pos == 0 ? 0 : pos - 1);
        start = start == std::string_view::npos ? 0 : start + 1;
        std::size_t i = start;
        while (i < src.size() && src[i] == ' ')
            ++i;
        return i - start;
    }
    void copy(std::size_t b, std::size_t e) { out.append(src.substr(b, e - b)); }
    static const Node* child(const Node* t, const std::string& key) {
        if (!t || t->kind != Node::Object) return nullptr;
        for (std::size_t i = 0; i < t->keys.size(); ++i)
            if (t->keys[i] == key) return &t->items[i];
        return nullptr;
    }
    static const Node* element(const Node* t, std::size_t i) {
        if (!t || t->kind != Node::Array || t->items.empty()) return nullptr;
        return &t->items[std::min(i, t->items.size() - 1)];
    }

    // A value written fresh; `tmpl` (optional) is original text of the same role whose style and key
    // order it follows.
    void fresh(const json& v, const Node* tmpl, Style st) {
        if (tmpl && (tmpl->kind == Node::Scalar || !hasNewline(tmpl->b, tmpl->e))) st.oneLine = true;
        const std::string pad(st.indent + st.unit, ' ');
        const std::string closePad(st.indent, ' ');
        Style inner = st;
        inner.indent += st.unit;
        if (v.is_object() && !v.empty()) {
            const auto keys = keyOrder.order(v, tmpl);
            out += '{';
            for (std::size_t i = 0; i < keys.size(); ++i) {
                out += i == 0 ? (st.oneLine ? "" : "\n" + pad) : (st.oneLine ? ", " : ",\n" + pad);
                out += json(keys[i]).dump() + ": ";
                fresh(v.at(keys[i]), child(tmpl, keys[i]), inner);
            }
            out += st.oneLine ? "}" : "\n" + closePad + "}";
        } else if (v.is_array() && !v.empty()) {
            out += '[';
            for (std::size_t i = 0; i < v.size(); ++i) {
                out += i == 0 ? (st.oneLine ? "" : "\n" + pad) : (st.oneLine ? ", " : ",\n" + pad);
                fresh(v[i], element(tmpl, i), inner);
            }
            out += st.oneLine ? "]" : "\n" + closePad + "]";
        } else {
            out += v.dump();
        }
    }

    Style styleAt(const Node& container, std::size_t childPos) const {
        Style st;
        st.oneLine = !hasNewline(container.b, container.e);
        st.indent = lineIndent(childPos);
        const std::size_t outer = lineIndent(container.b);
        if (st.indent > outer) st.unit = st.indent - outer;
        return st;
    }

    // Separator text between output items j and j + 1 of a container, from the original ones.
    std::string separator(const Node& n, const std::vector<std::size_t>& starts, std::size_t j) const {
        if (n.items.size() >= 2) {
            const std::size_t i = std::min(j, n.items.size() - 2);
            return std::string(src.substr(n.items[i].e, starts[i + 1] - n.items[i].e));
        }
        if (!hasNewline(n.b, n.e)) return ", ";
        return ",\n" + std::string(lineIndent(starts[0]), ' ');
    }

    // Emit a container from parts: each part writes one member/element.
    template <class Part>
    void container(const Node& n, const std::vector<std::size_t>& starts, const std::vector<Part>& parts,
                   const char* empty) {
        if (parts.empty()) {
            out += empty;
            return;
        }
        copy(n.b, starts[0]);
        for (std::size_t j = 0; j < parts.size(); ++j) {
            if (j > 0) out += separator(n, starts, j - 1);
            parts[j]();
        }
        copy(n.items.back().e, n.e);
    }

    void object(const Node& n, const json& base, const json& edited) {
        using Part = std::function<void()>;
        std::vector<Part> parts;
        const Style st = styleAt(n, n.kb[0]);
        for (std::size_t i = 0; i < n.keys.size(); ++i) {
            const std::string& k = n.keys[i];
            const bool inE = edited.contains(k), inB = base.contains(k);
            if (!inE && inB) continue; // removed
            parts.push_back([this, &n, i, k, inE, inB, &base, &edited] {
                copy(n.kb[i], n.items[i].b); // the key and what follows it up to the value
                if (!inE) { // a key the canonical form leaves out (both sides): kept as written
                    copy(n.items[i].b, n.items[i].e);
                } else if (inB) {
                    write(n.items[i], base.at(k), edited.at(k));
                } else {
                    const json was = json::parse(src.substr(n.items[i].b, n.items[i].e - n.items[i].b));
                    write(n.items[i], was, edited.at(k));
                }
            });
        }
        const std::string colon(src.substr(n.ke[0], n.items[0].b - n.ke[0]));
        for (const auto& k : keyOrder.order(edited, &n)) {
            if (std::find(n.keys.begin(), n.keys.end(), k) != n.keys.end()) continue;
            if (base.contains(k) && base.at(k) == edited.at(k)) continue; // an implicit default, unchanged
            parts.push_back([this, k, colon, st, &edited] {
                out += json(k).dump() + colon;
                fresh(edited.at(k), nullptr, st);
            });
        }
        container(n, n.kb, parts, "{}");
    }

    void array(const Node& n, const json& base, const json& edited) {
        using Part = std::function<void()>;
        std::vector<std::size_t> starts;
        for (const auto& it : n.items)
            starts.push_back(it.b);
        const std::size_t m = base.size(), k = edited.size();
        std::size_t pre = 0, suf = 0;
        while (pre < m && pre < k && base[pre] == edited[pre])
            ++pre;
        while (suf < m - pre && suf < k - pre && base[m - 1 - suf] == edited[k - 1 - suf])
            ++suf;
        std::vector<Part> parts;
        for (std::size_t i = 0; i < pre; ++i)
            parts.push_back([this, &n, i] { copy(n.items[i].b, n.items[i].e); });
        const std::size_t midOld = m - pre - suf, midNew = k - pre - suf;
        const Style st = styleAt(n, starts[0]);
        for (std::size_t t = 0; t < midNew; ++t) {
            const std::size_t i = pre + t;
            if (t < midOld)
                parts.push_back([this, &n, i, &base, &edited] { write(n.items[i], base[i], edited[i]); });
            else
                parts.push_back([this, &n, i, st, &edited] {
                    fresh(edited[i], &n.items[std::min(i, n.items.size() - 1)], st);
                });
        }
        for (std::size_t t = 0; t < suf; ++t)
            parts.push_back([this, &n, i = m - suf + t] { copy(n.items[i].b, n.items[i].e); });
        container(n, starts, parts, "[]");
    }

    void write(const Node& n, const json& base, const json& edited) {
        if (base == edited) {
            copy(n.b, n.e);
        } else if (n.kind == Node::Object && !n.items.empty() && base.is_object() && edited.is_object()) {
            object(n, base, edited);
        } else if (n.kind == Node::Array && !n.items.empty() && base.is_array() && edited.is_array() &&
                   base.size() == n.items.size()) {
            array(n, base, edited);
        } else {
            Style st;
            st.oneLine = !hasNewline(n.b, n.e);
            st.indent = lineIndent(n.b);
            fresh(edited, n.kind == Node::Scalar ? nullptr : &n, st);
        }
    }
};

const std::vector<std::string> kFirstKeys = {"format", "version", "id", "type"};

} // namespace

std::string mergeJsonText(std::string_view original, const json& base, const json& edited) {
    Parser parser{original};
    const Node root = parser.value(0);
    parser.ws();
    if (parser.p != original.size()) parser.fail();
    Writer w{original, KeyOrder{kFirstKeys}, {}};
    w.out.reserve(original.size() + 256);
    w.copy(0, root.b);
    w.write(root, base, edited);
    w.copy(root.e, original.size());
    return w.out;
}

std::string freshJsonText(const json& value, std::initializer_list<const char*> keyOrder) {
    Writer w{{}, KeyOrder{}, {}};
    for (const char* k : keyOrder)
        w.keyOrder.first.emplace_back(k);
    w.fresh(value, nullptr, Style{});
    return w.out + "\n";
}

} // namespace tl
