#include "ui/sim/SignalLamps.h"

#include "render/track/SignalNodes.h"

namespace tl::ui {

namespace {
render::SignalLamp lampOf(Aspect a) {
    switch (a) {
    case Aspect::Stop:
        return render::SignalLamp::Stop;
    case Aspect::Caution:
        return render::SignalLamp::Caution;
    case Aspect::Clear:
        return render::SignalLamp::Clear;
    }
    return render::SignalLamp::Unlit;
}
} // namespace

std::vector<int> signalLamps(const Simulation* shown, const Layout* drawn) {
    std::vector<int> lamps;
    if (!shown || !drawn || shown->time() <= 0.0 || drawn->signalList().empty()) return lamps;
    // (a run on the document's layout as it is has its signals; one kept across an edit may not)
    if (shown->layout().spec().signalSpecs != drawn->spec().signalSpecs) return lamps;
    const std::vector<Aspect> aspects = shown->view().signalAspects();
    lamps.reserve(aspects.size());
    for (const Aspect a : aspects)
        lamps.push_back(int(lampOf(a)));
    return lamps;
}

} // namespace tl::ui
