#include "physics/spec/StartBlocks.h"

#include <algorithm>
#include <set>

namespace tl {

StartBlocks checkStartBlocks(const std::vector<TrainSpec>& trains, const Layout& layout,
                             const SwitchStates& states) {
    StartBlocks out;
    const std::vector<Signal>& signals = layout.signalList();
    if (signals.empty()) return out;
    // per signal, the trains with a bogie on its block
    std::vector<std::vector<int>> in(signals.size());
    for (std::size_t t = 0; t < trains.size(); ++t) {
        const TrainFit fit = fitTrain(trains[t], layout, states);
        if (!fit.problem.empty()) continue; // (reported by the reader)
        for (std::size_t c = 0; c < fit.centres.size(); ++c)
            for (int k = 0; k < trains[t].cars[c].bogies.count; ++k) {
                const TrackPosition p =
                    layout.advance(fit.centres[c], bogieOffset(trains[t].cars[c], k), states).position;
                for (std::size_t g = 0; g < signals.size(); ++g)
                    for (const TrackSpan& s : signals[g].block)
                        if (s.holds(p.track, p.s) &&
                            std::find(in[g].begin(), in[g].end(), int(t)) == in[g].end())
                            in[g].push_back(int(t));
            }
    }
    for (std::size_t g = 0; g < signals.size(); ++g) {
        // two trains on one block: the one whose head is farther back along the block starts past its
        // signal at stop -- the later-listed one is named
        if (in[g].size() < 2) continue;
        const int a = std::min(in[g][0], in[g][1]), b = std::max(in[g][0], in[g][1]);
        out.train = b;
        out.problem =
            "train \"" + trains[std::size_t(b)].id + "\" starts in the block of signal \"" + signals[g].id +
            "\", which train \"" + trains[std::size_t(a)].id +
            "\" occupies: one of them would have passed that signal at stop (start them in different "
            "blocks)";
        return out;
    }
    // circuits: follow each stop signal's first exit round to itself
    std::set<int> seen;
    for (std::size_t g0 = 0; g0 < signals.size(); ++g0) {
        if (!signals[g0].stops() || seen.count(int(g0))) continue;
        std::vector<int> circuit;
        int g = int(g0);
        while (g >= 0 && std::find(circuit.begin(), circuit.end(), g) == circuit.end() &&
               circuit.size() <= signals.size()) {
            circuit.push_back(g);
            g = signals[std::size_t(g)].exits.size() == 1 ? signals[std::size_t(g)].exits.front() : -1;
        }
        if (g != int(g0)) continue; // not a simple circuit (an open end, a junction)
        seen.insert(circuit.begin(), circuit.end());
        std::set<int> on;
        for (int k : circuit)
            on.insert(in[std::size_t(k)].begin(), in[std::size_t(k)].end());
        if (on.size() + 1 <= circuit.size()) continue;
        std::string names;
        for (int k : circuit)
            names += (names.empty() ? "\"" : ", \"") + signals[std::size_t(k)].id + "\"";
        out.train = *on.rbegin();
        out.problem = std::to_string(on.size()) + " trains start on a circuit of " +
                      std::to_string(circuit.size()) + " blocks (signals " + names + "): at most " +
                      std::to_string(circuit.size() - 1) +
                      " can move, every train would wait for the block ahead (a deadlock)";
        return out;
    }
    return out;
}

} // namespace tl
