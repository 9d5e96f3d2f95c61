#include "core/alignment/IfcExportContext.h"

#include "core/curves/CantProfile.h"
#include "core/curves/VerticalProfile.h"
#include "core/layout/AlignmentCurveSpec.h"

#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace tl::ifcexport {

VerticalPieceSpec levelPiece(double from, double length, double z) {
    VerticalPieceSpec v;
    v.from = from;
    v.length = length;
    v.startHeight = z;
    return v;
}

CantSegmentSpec noCant(double from, double length) {
    CantSegmentSpec c;
    c.from = from;
    c.length = length;
    return c;
}

namespace {

bool near(double a, double b, double relative, double absolute) {
    return std::abs(a - b) <= relative * std::max(std::abs(a), std::abs(b)) + absolute;
}

} // namespace

// The curvature of a vertical piece's (u, z) curve at its end, and its rate per metre of its arc length
// (a clothoid's law).
std::pair<double, double> clothoidEnd(const VerticalPieceSpec& p) {
    VerticalPieceSpec q = p;
    q.from = 0.0;
    const VerticalProfile v({q}, q.length);
    const ProfilePoint e = v.atPiece(0, q.length);
    const double k1 = e.z2 / std::pow(1.0 + e.z1 * e.z1, 1.5);
    return {k1, (k1 - q.curvatureStart) / v.length()};
}

namespace {

// B continues the law of A (a piece cut in two where a track ends).
bool sameLaw(const VerticalPieceSpec& a, const VerticalPieceSpec& b) {
    using T = VerticalPieceSpec::Type;
    if (a.type != b.type || !near(a.endGradient, b.startGradient, 0.0, 1e-9)) return false;
    switch (a.type) {
    case T::ConstantGradient:
        return near(a.startGradient, b.startGradient, 0.0, 1e-12);
    case T::ParabolicArc:
        return near((a.endGradient - a.startGradient) / a.length,
                    (b.endGradient - b.startGradient) / b.length, 1e-9, 1e-15);
    case T::CircularArc: {
        const auto k = [](const VerticalPieceSpec& p) {
            return (std::sin(std::atan(p.endGradient)) - std::sin(std::atan(p.startGradient))) / p.length;
        };
        return near(k(a), k(b), 1e-9, 1e-15);
    }
    case T::Clothoid: {
        try {
            const auto [k1a, ra] = clothoidEnd(a);
            const auto [k1b, rb] = clothoidEnd(b);
            (void)k1b;
            return near(k1a, b.curvatureStart, 1e-6, 1e-12) && near(ra, rb, 1e-6, 1e-15);
        } catch (const std::invalid_argument&) {
            return false;
        }
    }
    }
    return false;
}

// The curvature the importer gives a vertical clothoid after the piece p
// (core/alignment/IfcImportProfiles.cpp, verticalPieces: an arc's, 0 after a constant gradient or a
// clothoid).
double impliedCurvature(const VerticalPieceSpec* p) {
    using T = VerticalPieceSpec::Type;
    if (!p) return 0.0;
    const double a0 = std::atan(p->startGradient), a1 = std::atan(p->endGradient);
    if (p->type == T::CircularArc) return (std::sin(a1) - std::sin(a0)) / p->length;
    if (p->type == T::ParabolicArc)
        return (p->endGradient - p->startGradient) / p->length * std::pow(std::cos(a1), 3);
    return 0.0;
}

} // namespace

// The content of a chain; nullopt when a track's exact profiles cannot be written with its neighbours (then
// ctx.inexact names it and why).
std::optional<ChainContent> chainContent(Context& ctx, const Chain& chain) {
    const Layout& layout = ctx.layout;
    ChainContent out;
    bool anyCant = false;
    std::vector<CantSegmentSpec> cant;
    for (const Piece& p : chain.pieces) {
        const std::size_t t = std::size_t(p.track);
        const double U = out.length;
        const std::size_t c0 = cant.size();
        if (const AlignmentFit* f = fitted(ctx, p)) {
            const std::string id = layout.track(t).id();
            for (std::size_t k = 0; k < f->horizontal.size(); ++k)
                out.horizontal.push_back(
                    horizontal(f->horizontal[k],
                               f->horizontal.size() == 1 ? id : id + " (" + std::to_string(k + 1) + ")"));
            for (VerticalPieceSpec v : f->vertical) {
                v.from += U;
                out.vertical.push_back(v);
            }
            for (CantSegmentSpec c : f->cant) {
                c.from += U;
                anyCant = anyCant || c.startCantRight != 0.0 || c.endCantRight != 0.0;
                cant.push_back(c);
            }
            out.length += f->horizontalLength;
        } else if (isAlignment(layout, t)) {
            const HorizontalSegment h = horizontal(layout, p);
            out.horizontal.push_back(h);
            const AlignmentCurveSpec a = alignmentSpecOf(layout.spec().tracks[t].curve);
            const double z = layout.frameInWorld(t, 0.0).F.P.z(); // the placement's height
            if (a.vertical.empty()) out.vertical.push_back(levelPiece(U, h.length, z));
            const double shift = a.vertical.empty() ? 0.0 : z - a.vertical.front().startHeight;
            for (VerticalPieceSpec v : a.vertical) {
                v.from += U;
                v.startHeight += shift;
                out.vertical.push_back(v);
            }
            if (a.cant.empty()) cant.push_back(noCant(U, h.length));
            for (CantSegmentSpec c : a.cant) {
                c.from += U;
                if (c.lawFrom) *c.lawFrom += U;
                anyCant = true;
                cant.push_back(c);
            }
            out.length += h.length;
        } else {
            const HorizontalSegment h = horizontal(layout, p);
            out.horizontal.push_back(h);
            out.vertical.push_back(levelPiece(U, h.length, h.start.z()));
            cant.push_back(noCant(U, h.length));
            out.length += h.length;
        }
        out.verticalTrack.resize(out.vertical.size(), p.track);
        for (std::size_t k = c0; k < cant.size(); ++k)
            out.cantTrack.push_back(p.track);
    }
    // the vertical pieces cut where tracks end, joined again where they continue one law
    {
        std::vector<VerticalPieceSpec> merged;
        std::vector<int> tracks;
        for (std::size_t i = 0; i < out.vertical.size(); ++i) {
            const VerticalPieceSpec& v = out.vertical[i];
            if (!merged.empty() && tracks.back() != out.verticalTrack[i] && sameLaw(merged.back(), v)) {
                merged.back().length = v.from + v.length - merged.back().from;
                merged.back().endGradient = v.endGradient;
                tracks.back() = out.verticalTrack[i];
                continue;
            }
            merged.push_back(v);
            tracks.push_back(out.verticalTrack[i]);
        }
        out.vertical = std::move(merged);
        out.verticalTrack = std::move(tracks);
    }
    for (std::size_t i = 0; i < out.vertical.size(); ++i) {
        const VerticalPieceSpec& v = out.vertical[i];
        if (v.type != VerticalPieceSpec::Type::Clothoid) continue;
        const double implied = impliedCurvature(i ? &out.vertical[i - 1] : nullptr);
        if (!near(implied, v.curvatureStart, 1e-9, 1e-12)) {
            ctx.inexact[{out.verticalTrack[i], +1}] =
                "its vertical clothoid starts with the curvature " + numberText(v.curvatureStart) +
                " 1/m, which the piece before it in the IFC vertical layout does not end with (" +
                numberText(implied) + " 1/m)";
            return std::nullopt;
        }
    }
    if (!anyCant) return out;
    // the cant: parts of one law joined again; a part left alone rewritten as a segment of its own
    std::vector<CantSegmentSpec> merged;
    std::vector<int> tracks;
    for (std::size_t i = 0; i < cant.size(); ++i) {
        const CantSegmentSpec& c = cant[i];
        if (!merged.empty() && tracks.back() != out.cantTrack[i]) {
            CantSegmentSpec& m = merged.back();
            const bool sameCants = m.type == c.type && m.startCantLeft == c.startCantLeft &&
                                   m.endCantLeft == c.endCantLeft && m.startCantRight == c.startCantRight &&
                                   m.endCantRight == c.endCantRight;
            const bool oneLaw = sameCants && m.lawFrom && c.lawFrom &&
                                near(*m.lawFrom, *c.lawFrom, 0.0, 1e-6) &&
                                near(*m.lawLength, *c.lawLength, 1e-12, 1e-9);
            const bool constant = sameCants && c.type == CantSegmentSpec::Type::Constant;
            if (oneLaw || constant) {
                m.length = c.from + c.length - m.from;
                tracks.back() = out.cantTrack[i];
                continue;
            }
        }
        merged.push_back(c);
        tracks.push_back(out.cantTrack[i]);
    }
    for (std::size_t i = 0; i < merged.size(); ++i) {
        CantSegmentSpec& c = merged[i];
        if (!c.lawFrom) continue;
        const double lf = *c.lawFrom, ll = c.lawLength.value_or(c.length);
        const bool whole = near(c.from, lf, 0.0, 1e-6) && near(c.from + c.length, lf + ll, 0.0, 1e-6);
        if (!whole && c.type == CantSegmentSpec::Type::Linear) {
            // a part of a linear transition is one: its cants at its own ends
            const auto at = [&](double a, double b, double u) { return a + (b - a) * (u - lf) / ll; };
            const double u0 = c.from, u1 = c.from + c.length;
            const CantSegmentSpec o = c;
            c.startCantLeft = at(o.startCantLeft, o.endCantLeft, u0);
            c.endCantLeft = at(o.startCantLeft, o.endCantLeft, u1);
            c.startCantRight = at(o.startCantRight, o.endCantRight, u0);
            c.endCantRight = at(o.startCantRight, o.endCantRight, u1);
        } else if (!whole && c.type != CantSegmentSpec::Type::Constant) {
            ctx.inexact[{tracks[i], +1}] = std::string("its cant segment is a part of a ") +
                                           cantTypeName(c.type) +
                                           " law that runs on into a track not beside it in this alignment "
                                           "(an IFC cant segment is a whole "
                                           "law)";
            return std::nullopt;
        }
        c.lawFrom.reset();
        c.lawLength.reset();
    }
    out.cant = std::move(merged);
    out.cantTrack = std::move(tracks);
    return out;
}

} // namespace tl::ifcexport
