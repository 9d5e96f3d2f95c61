#include "FuzzTargets.h"

#include "core/alignment/IfcAlignmentReader.h"
#include "core/io/InputFile.h"
#include "core/io/StepFile.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "core/layout/LayoutFile.h"
#include "core/layout/LayoutValidation.h"
#include "physics/spec/RollingStock.h"
#include "physics/spec/TrainSpec.h"
#include "physics/spec/VehicleSpec.h"

#include <functional>
#include <string_view>

namespace tl::fuzz {

namespace {

std::string_view text(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

// A loop (two half circles) with a siding: the trains and vehicles are placed on it.
const Layout& fixedLayout() {
    static const Layout layout =
        Layout::compile(parseLayoutSpec(R"({"format": "tracklab-layout", "version": 1,
        "tracks": [
          {"id": "a", "curve": {"type": "arc", "radius": 200, "angle": 3.141592653589793}},
          {"id": "b", "curve": {"type": "arc", "radius": 200, "angle": 3.141592653589793},
           "placement": {"after": ["a", "end"]}},
          {"id": "L", "curve": {"type": "line", "length": 500}, "placement": {"position": [0, -50, 0]}}],
        "connections": [{"a": ["a", "end"], "b": ["b", "start"]}, {"a": ["b", "end"], "b": ["a", "start"]}]})",
                                        "fixed.json"),
                        "fixed.json");
    return layout;
}

// Every checked accessor on one value: each either returns or throws LayoutError (StepError).
void probe(const StepFile& f, const StepInstance& e, const StepValue& v, const std::string& where) {
    const std::function<void()> calls[] = {
        [&] { (void)e.integer(v, where); },     [&] { (void)e.real(v, where); },
        [&] { (void)e.ref(v, where); },         [&] { (void)e.string(v, where); },
        [&] { (void)e.enumeration(v, where); }, [&] { (void)e.list(v, where); },
        [&] { (void)e.typed(v, where); },       [&] { (void)e.reals(v, where); },
        [&] { (void)e.refs(v, where); },        [&] { (void)f.target(e, v, where, "IFCCARTESIANPOINT"); },
    };
    for (const auto& call : calls)
        try {
            call();
        } catch (const LayoutError&) {
        }
    (void)v.describe();
}

// Depth-first along the references of the arguments and their list elements, as an importer walks
// (StepWalk refuses cycles and depth); `budget` bounds the visits (a DAG can have exponentially many paths).
void walk(const StepFile& f, const StepInstance& e, StepWalk& w, std::size_t& budget) {
    if (budget == 0) return;
    --budget;
    const StepWalk::Guard guard = w.enter(e);
    for (std::size_t i = 0; i < e.argCount() && budget > 0; ++i) {
        const StepValue& v = e.arg(i);
        if (v.is(StepValue::Kind::Reference)) walk(f, f.target(e, i), w, budget);
        if (v.is(StepValue::Kind::List))
            for (std::size_t k = 0; k < v.items().size() && budget > 0; ++k)
                if (v.items()[k].is(StepValue::Kind::Reference))
                    walk(f, f.target(e, v.items()[k], StepInstance::where(StepInstance::where(i), k)), w,
                         budget);
    }
}

} // namespace

void layout(const std::uint8_t* data, std::size_t size) {
    try {
        const LayoutSpec spec = parseLayoutSpec(text(data, size), "fuzz.json");
        const Layout L = Layout::compile(spec, "fuzz.json");
        (void)validateLayout(L);
        (void)layoutSpecText(spec);
        const SwitchStates states = L.initialSwitchStates();
        for (std::size_t t = 0; t < L.trackCount() && t < 16; ++t) {
            const double len = L.track(t).length();
            for (double f : {0.0, 0.37, 1.0})
                (void)L.frameInWorld(t, f * len);
            (void)L.advance(TrackPosition{int(t), 0.5 * len, 1}, 1e12, states);
            (void)L.advance(TrackPosition{int(t), 0.5 * len, -1}, -3.5 * len, states);
        }
    } catch (const LayoutError&) {
    }
}

void trains(const std::uint8_t* data, std::size_t size) {
    try {
        const nlohmann::json j = parseJsonText<nlohmann::json>(text(data, size), "fuzz.json");
        try {
            (void)parseTrains(j, fixedLayout(), "/nonexistent/fuzz.json");
        } catch (const LayoutError&) {
        }
        (void)parseRollingStock(j, "/nonexistent/stock.json", "");
    } catch (const LayoutError&) {
    }
}

void vehicles(const std::uint8_t* data, std::size_t size) {
    try {
        const nlohmann::json j = parseJsonText<nlohmann::json>(text(data, size), "fuzz.json");
        (void)parseVehicles(j, fixedLayout(), "fuzz.json");
    } catch (const LayoutError&) {
    }
}

void step(const std::uint8_t* data, std::size_t size) {
    try {
        const StepFile f = StepFile::parse(text(data, size), "fuzz.ifc");
        (void)f.schemas();
        for (const StepInstance& e : f.header())
            (void)f.headerEntity(e.type());
        std::size_t probes = 20000;
        for (const StepInstance& e : f.instances()) {
            for (std::size_t i = 0; i < e.argCount() && probes > 0; ++i, --probes) {
                probe(f, e, e.arg(i), StepInstance::where(i));
                try {
                    (void)e.boolean(i);
                } catch (const LayoutError&) {
                }
                try {
                    (void)e.logical(i);
                } catch (const LayoutError&) {
                }
                if (e.arg(i).is(StepValue::Kind::List) && !e.arg(i).items().empty())
                    probe(f, e, e.at(i, 0), StepInstance::where(StepInstance::where(i), 0));
            }
            (void)f.find(e.id() + 1);
        }
        std::size_t visits = 20000;
        for (std::size_t k = 0; k < f.size() && k < 64; ++k) {
            StepWalk w;
            try {
                walk(f, f.instances()[k], w, visits);
            } catch (const LayoutError&) {
            }
        }
        // the alignment import on what parsed: business logic, units, stationing, the compiled chain
        try {
            const IfcImport imported = importIfcAlignments(f);
            (void)layoutSpecText(imported.layout);
        } catch (const LayoutError&) {
        }
    } catch (const LayoutError&) {
    }
}

} // namespace tl::fuzz
