#!/usr/bin/env python3
"""Generator of resources/layouts/force-coaster.json (run: python3 make_force_coaster.py > force-coaster.json).

An out-and-back coaster built mostly from force sections (curve type "force": the riders' heartline, 1.1 m
above the rails, integrated from the normal/lateral g and roll rate they are to feel; docs/layout-format.md).
Station (+x) -> chain lift (30 deg; vertical clothoids and an arc) -> first drop -> vertical loop ->
zero-g heartline roll -> camel climb -> 540 deg helix to the left, descending (now heading -x) -> dip down
to the brake run -> brakes -> a slow closing U-turn (a spline placed after the brake run) -> the station.
Options: --cars N (cars per train, default 4), --trains 1 (only the train in the station; default 2).

The force sections' ends depend on the integration, so this script replicates TrackLab's integrator
(forcesim.py: the same RK4 steps, key interpolation, rails under the heartline and level end frames) and
tunes a few numbers per element by Newton's method so that each element ends where it should (level, at a
height, heading back, unbanked). The closing spline is placed after the brake run and ends exactly on the
station's start (tangent +x, level). The tuning log (speeds, g, end states, closest approach of the rails)
goes to stderr.
"""
import json
import math
import sys
import os

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from forcesim import (End, force_track, line_end, norm, sub, mul, unit, pitch, heading, bank_of,
                      G)  # noqa: E402

HL = 1.1                 # heartline above the rails [m]
CHAIN = 4.0              # lift chain speed [m/s]
STATION = 40.0           # station length [m]
LIFT_R, LIFT_ANGLE, LIFT_LEN = 15.0, math.pi / 6, 42.5
BRAKE_LEN, BRAKE_SPEED = 80.0, 6.0
RETURN_Z = 0.0           # the brake run's height: the station's


def log(*a):
    print(*a, file=sys.stderr)


def solve(fun, p, tol=1e-9, it=40, dp=1e-4, maxstep=None):
    """Newton's method with a finite-difference Jacobian: fun(p) -> residuals (as many as p)."""
    p = list(p)
    best = None
    for _ in range(it):
        r = fun(p)
        err = max(abs(x) for x in r)
        if best is None or err < best[0]:
            best = (err, list(p))
        if err < tol:
            return p
        n = len(p)
        J = []
        for j in range(n):
            q = list(p)
            q[j] += dp
            r2 = fun(q)
            J.append([(r2[i] - r[i]) / dp for i in range(n)])
        M = [[J[j][i] for j in range(n)] + [-r[i]] for i in range(n)]
        for c in range(n):
            piv = max(range(c, n), key=lambda i: abs(M[i][c]))
            M[c], M[piv] = M[piv], M[c]
            for i in range(n):
                if i != c:
                    f = M[i][c] / M[c][c]
                    M[i] = [a - f * b for a, b in zip(M[i], M[c])]
        d = [M[i][n] / M[i][i] for i in range(n)]
        if maxstep:  # damped: no component moves more than its maxstep
            k = min([1.0] + [m / abs(x) for x, m in zip(d, maxstep) if abs(x) > m])
            d = [k * x for x in d]
        p = [a + x for a, x in zip(p, d)]
    if best[0] < 1e-7:
        return best[1]
    raise RuntimeError("no convergence: %g" % best[0])


def clothoid(length, k0, k1, n=400):
    """End (x, y, heading) of a clothoid starting at the origin heading +x (composite Gauss-Legendre; as
    in make_demo.py)."""
    nodes = [(-0.9061798459386640, 0.2369268850561891), (-0.5384693101056831, 0.4786286704993665),
             (0.0, 0.5688888888888889), (0.5384693101056831, 0.4786286704993665),
             (0.9061798459386640, 0.2369268850561891)]
    h = length / n
    x = y = 0.0
    for i in range(n):
        for t, w in nodes:
            s = (i + 0.5 + 0.5 * t) * h
            th = k0 * s + (k1 - k0) * s * s / (2 * length)
            x += 0.5 * h * w * math.cos(th)
            y += 0.5 * h * w * math.sin(th)
    return x, y, (k0 + k1) * length / 2


def r9(x):
    return round(x, 9)


# ---- the elements (curve objects of force sections) ------------------------------------------------
def drop_curve(p):
    s1, npull = p
    L = s1 + 28
    return {"length": r9(L), "normalG": [[0, r9(N_CREST)], [7, 0.3], [r9(s1), 0.3], [r9(s1 + 10), r9(npull)],
                                        [r9(s1 + 18), r9(npull)], [r9(L), 1]]}


def loop_curve(p, base, lat=0.4, top=1.4, psi=0.05):
    """A vertical loop: 4.2 g in, 1.4 g over the top; a lateral kick at the entry leans the path psi out
    of the loop's plane and a roll (psi times the pitch rate) turns it about a fixed axis, so the exit runs
    beside the entry (about 3 m apart), not through it; a lateral kick at the exit straightens it."""
    L, lat2, r = p

    def f(a):
        return r9(a * L)
    keys = [[0, 0]]
    S = [q["s"] for q in base]
    Lb = base[-1]["s"]
    for i in range(3, 18):
        a = i / 20.0
        j = min(range(len(S)), key=lambda k: abs(S[k] - a * Lb))
        keys.append([f(a), r9(psi * base[j]["kU"] * base[j]["v"])])
    keys.append([r9(L), 0])
    keys[9][1] = r9(keys[9][1] + r)
    return {"length": r9(L),
            "normalG": [[0, 1], [f(0.09), 4.2], [f(0.22), 3.2], [f(0.5), top], [f(0.78), 3.2], [f(0.91), 4.2],
                        [r9(L), 1]],
            "lateralG": [[0, 0], [f(0.08), lat], [f(0.16), 0], [f(0.84), 0], [f(0.92), r9(-lat2)], [r9(L), 0]],
            "rollRate": keys}


def zgup_curve(Lp):
    return {"length": r9(Lp), "normalG": [[0, 1], [7, 3.5], [r9(Lp - 9), 3.5], [r9(Lp), 0]]}


ZGROLL = {"duration": 3.0, "normalG": 0,
          "rollRate": [[0, 0], [1.0, math.pi], [2.0, math.pi], [3.0, 0]]}


def zgout_curve(Lo, no=3.5):
    return {"length": r9(Lo), "normalG": [[0, 0], [9, no], [r9(Lo - 9), no], [r9(Lo), 1]]}


def hill_curve(p, n_up=2.5, n_over=0.4, flat=6.0):
    """Camel climb: pull up (n_up), climb, crest with n_over (light airtime), level off."""
    a, c = p
    k = [[0, 1], [8, n_up], [r9(8 + a), n_up], [r9(16 + a), 1], [r9(16 + a + flat), 1],
         [r9(24 + a + flat), n_over], [r9(24 + a + flat + c), n_over], [r9(32 + a + flat + c), 1]]
    return {"length": r9(32 + a + flat + c), "normalG": k}


def helix_curve(p, n_h=2.4, t_in=1.6):
    """A descending banked turn to the left: roll in to the bank phi = acos(1 / n_h), hold, roll out; n
    follows the bank (n cos(bank) = c during the roll: a steady turn) and with c < 1 the path settles on
    the steady descent pitch -acos(c). Descending, the turn about the vertical rolls the rails out of
    their bank (by the yaw rate times sin(pitch)): a small roll rate rh during the hold keeps the bank."""
    D, out, rh, c = p
    phi = math.acos(1.0 / n_h)
    rp = phi / (t_in / 2)  # a smooth bump 0 -> rp -> 0 over t_in rolls phi

    def bank(tau):  # the bank rolled after tau seconds of the bump (the keys' smoothstep halves)
        h = t_in / 2
        if tau <= h:
            u = tau / h
            return rp * h * (u ** 3 - u ** 4 / 2)
        return phi - bank(t_in - tau)
    n_in = [[r9(t_in * k / 8), r9((1 - (1 - c) * bank(t_in * k / 8) / phi) / math.cos(bank(t_in * k / 8)))]
            for k in range(9)]
    n_out = [[r9(D - t), n] for t, n in reversed(n_in)]
    return {"duration": r9(D),
            "normalG": n_in + n_out,
            "rollRate": [[0, 0], [t_in / 2, r9(-rp)], [t_in, 0], [t_in + 1.0, r9(rh)], [r9(D - t_in - 1.0), r9(rh)],
                         [r9(D - t_in), 0], [r9(D - t_in / 2), r9(rp * out)], [r9(D), 0]]}


def dip_curve(p, n_down=0.4, gap=2.0):
    """Down from the helix: 0.4 g to pitch down, a short straight, a pull-out (n_up), level."""
    s1, n_up = p
    s2 = s1 + 8 + gap
    L = s2 + 24
    return {"length": r9(L), "normalG": [[0, 1], [8, n_down], [r9(s1), n_down], [r9(s1 + 8), 1],
                                        [r9(s2), 1], [r9(s2 + 8), r9(n_up)], [r9(s2 + 16), r9(n_up)], [r9(L), 1]]}


# ---- build and tune, element by element ------------------------------------------------------------
tracks, drives, report = [], [], []


def place_after(prev):
    return {"after": [prev, "end"]}


st = End((0.0, 0.0, 0.0), (1.0, 0.0, 0.0), (0.0, 0.0, 1.0), 2.5)
tracks.append({"id": "station", "curve": {"type": "line", "length": STATION}, "frame": "up",
               "placement": {"position": [0, 0, 0], "rotation": [1, 0, 0, 0]}})
e = line_end(st, STATION)
VERT = {"position": [0, 0, 0], "rotation": [math.cos(math.pi / 4), math.sin(math.pi / 4), 0, 0]}
# The lift's vertical curves: clothoids and arcs whose plane the offset turns up (+90 deg about x: the
# curve's +y is up), so the pitch rate ramps in and out (no curvature jumps).
LC = LIFT_R * LIFT_ANGLE      # each clothoid of the lift's base turns half of 30 deg
CREST_LC = LC                 # the crest: a clothoid turning 15 deg, then an arc of 15 deg
CREST_ARC = LIFT_ANGLE - CREST_LC / (2 * LIFT_R)


def vertical(id_, curve, after, start, chain=True):
    """A clothoid or arc in the vertical plane placed after `after` (its local +y up): appends the track,
    its chain and returns its end."""
    tracks.append({"id": id_, "curve": curve, "frame": "up",
                   "placement": {"after": [after, "end"], "offset": VERT}})
    F = start.frame().rotated_about_x(math.pi / 2)
    if curve["type"] == "clothoid":
        x, y, hd = clothoid(curve["length"], curve["curvatureStart"], curve["curvatureEnd"])
        length = curve["length"]
    else:
        r, ang = curve["radius"], curve["angle"]
        x, y, hd = r * math.sin(abs(ang)), math.copysign(r * (1 - math.cos(ang)), ang), ang
        length = r * abs(ang)
    p = F.point((x, y, 0.0))
    T = F.vec((math.cos(hd), math.sin(hd), 0.0))
    if chain:
        drives.append({"id": id_, "kind": "chain", "track": id_, "from": 0.0, "to": r9(length), "direction": 1,
                       "speed": CHAIN, "maxForce": 8000.0})
    return End(p, T, unit(sub((0.0, 0.0, 1.0), mul(T[2], T))), CHAIN, 0.0)


DISPATCH = 40.0  # [s] the station's dispatch interval
drives.append({"id": "station", "kind": "brake", "track": "station", "from": 2.0, "to": 38.0, "direction": 1,
               "speed": 2.5, "maxForce": 4000.0, "dispatchInterval": DISPATCH,
               "notes": "station: stops every train and sends it on at 2.5 m/s, no sooner than %.0f s after the "
                        "last one, once the lift's block is clear" % DISPATCH})
e = vertical("lift-in", {"type": "clothoid", "length": r9(LC), "curvatureStart": 0,
                         "curvatureEnd": r9(1 / LIFT_R)}, "station", e)
e = vertical("lift-base", {"type": "clothoid", "length": r9(LC), "curvatureStart": r9(1 / LIFT_R),
                           "curvatureEnd": 0}, "lift-in", e)
tracks.append({"id": "lift", "curve": {"type": "line", "length": LIFT_LEN}, "frame": "up",
               "placement": place_after("lift-base")})
drives.append({"id": "lift", "kind": "chain", "track": "lift", "from": 0.0, "to": LIFT_LEN, "direction": 1,
               "speed": CHAIN, "maxForce": 8000.0, "notes": "lift hill: pulls each bogie up at 4 m/s, never holds back"})
e = line_end(e, LIFT_LEN)
e = vertical("crest-in", {"type": "clothoid", "length": r9(CREST_LC), "curvatureStart": 0,
                          "curvatureEnd": r9(-1 / LIFT_R)}, "lift", e)
e = vertical("crest", {"type": "arc", "radius": LIFT_R, "angle": r9(-CREST_ARC)}, "crest-in", e)
drives[-1]["notes"] = "the chain reaches over the crest (the drop starts at 4 m/s)"
e.v = CHAIN
crest = e
report.append(("crest", "top of the lift %.2f m, %.1f m/s (chain)" % (e.p[2], CHAIN)))
N_CREST = 1 - CHAIN ** 2 / (G * (LIFT_R + HL))  # the riders on the crest arc (heartline radius R + h)

force = []  # (id, curve, samples, end, purpose)


def add_force(id_, curve, start, after, purpose):
    smp, end = force_track(start, curve, HL)
    tracks.append({"id": id_, "curve": dict({"type": "force"}, **curve), "frame": "up", "heartline": HL,
                   "placement": place_after(after), "notes": purpose})
    force.append((id_, curve, smp, end, purpose))
    return end


# first drop: 0.3 g over the crest, down at about 60 deg, a 4 g pull-out, level at the station's height
p = solve(lambda p: (lambda se: [se[1].T[2], se[1].p[2] - 0.0])(force_track(crest, drop_curve(p), HL)),
          [24.75, 4.04])
e = add_force("drop", drop_curve(p), crest, "crest", "first drop: airtime 0.3 g over the crest, 4 g pull-out")

# vertical loop (its exit beside its entry), ending level, heading +x, unbanked
base = force_track(e, loop_curve([84.12, 0.0, 0.0], [dict(s=0, kU=0, v=1)], lat=0.0, psi=0.0), HL)[0]


def loop_res(p):
    end = force_track(e, loop_curve(p, base), HL)[1]
    return [end.T[2], end.T[1], end.bank]


p = solve(loop_res, [84.36, -0.168, 0.277], maxstep=[1.0, 0.2, 0.2])
e = add_force("loop", loop_curve(p, base), e, "drop", "vertical loop: 4.2 g in and out, 1.4 g over the top")


# zero-g roll: pull up, 3 s at 0 g rolling 360 deg, pull out level
def zg(p):
    a = force_track(e, zgup_curve(p[0]), HL)
    b = force_track(a[1], ZGROLL, HL)
    c = force_track(b[1], zgout_curve(p[1]), HL)
    return a, b, c


p = solve(lambda p: (lambda abc: [abc[0][1].T[2] + abc[1][1].T[2], abc[2][1].T[2]])(zg(p)), [27.4, 26.0])
e = add_force("zg-up", zgup_curve(p[0]), e, "loop", "zero-g roll: pull up (3.5 g) to the parabola")
e = add_force("zg-roll", ZGROLL, e, "zg-up", "zero-g heartline roll: 3 s at 0 g, 360 deg about the heartline")
e = add_force("zg-out", zgout_curve(p[1]), e, "zg-roll", "zero-g roll: pull out (3.5 g), level")

# camel climb to the helix's height
HELIX_Z = 16.0
p = solve(lambda p: (lambda se: [se[1].T[2], se[1].p[2] - HELIX_Z])(force_track(e, hill_curve(p), HL)),
          [10.0, 10.0])
e = add_force("climb", hill_curve(p), e, "zg-out", "climb to the helix: 2.5 g up, 0.4 g over the top, level")


# helix: 540 deg to the left, descending about 7 m a turn, banked for n = 2.4 g
HELIX_DROP = 12.0
HELIX_C = 0.96


def helix_res(p):
    end = force_track(e, helix_curve(p + [HELIX_C]), HL)[1]
    return [end.T[1], end.bank, end.p[2] - (HELIX_Z - HELIX_DROP)]


v_h = e.v
R_h = v_h ** 2 / (G * math.tan(math.acos(1 / 2.4)))
p = solve(helix_res, [10.2, 1.0, -0.06], maxstep=[0.2, 0.2, 0.02]) + [HELIX_C]
e = add_force("helix", helix_curve(p), e, "climb", "helix: 540 deg to the left, descending, banked for 2.4 g")
assert e.T[0] < -0.99

# dip down to the brake run: level at RETURN_Z
p = solve(lambda p: (lambda se: [se[1].T[2], se[1].p[2] - RETURN_Z])(force_track(e, dip_curve(p), HL)),
          [11.0, 1.6])
e = add_force("dip", dip_curve(p), e, "helix", "dip to the brake run: 0.4 g down, a pull-out, level at the station's height")

# brake run
tracks.append({"id": "brakes", "curve": {"type": "line", "length": BRAKE_LEN}, "frame": "up",
               "placement": place_after("dip")})
brake_start = e
e = line_end(e, BRAKE_LEN)
# two block brakes on the brake run, each ending its block: a train waits on the first while the second holds
# one, and on the second while the station holds one (docs/layout-format.md, "Drive sections")
drives.append({"id": "brakes-1", "kind": "brake", "track": "brakes", "from": 5.0, "to": 35.0,
               "direction": 1, "speed": BRAKE_SPEED, "maxForce": 4000.0,
               "notes": "block brake: brakes the train to 6 m/s, holds it while the next block is occupied"})
drives.append({"id": "brakes-2", "kind": "brake", "track": "brakes", "from": 42.0, "to": BRAKE_LEN - 5.0,
               "direction": 1, "speed": BRAKE_SPEED, "maxForce": 4000.0,
               "notes": "block brake before the return: holds a train while the station holds one"})

# closing U-turn: a spline placed after the brake run, in that end's level frame, ending exactly on the
# station's start heading +x. Points: a straight, a semicircle to the left, a straight.
F = e.frame()
goal = F.local_point((0.0, 0.0, 0.0))        # the station start in the spline's local frame
goal_t = F.local_vec((1.0, 0.0, 0.0))
W = goal[1]                                   # to the left
R = W / 2.0                                   # the U-turn's radius
X_TURN = goal[0] + 15.0                       # the U-turn starts 15 m past the station's start
pts = [{"position": [0, 0, 0], "tangent": [1, 0, 0]}]
n_straight = max(2, int(X_TURN // 20))
for k in range(1, n_straight + 1):
    pts.append([r9(X_TURN * k / n_straight), 0.0, 0.0])
for k in range(1, 12):
    a = math.pi * k / 12
    pts.append([r9(X_TURN + R * math.sin(a)), r9(R - R * math.cos(a)), 0.0])
pts.append([r9(X_TURN), r9(W), 0.0])
pts.append([r9(X_TURN + (goal[0] - X_TURN) / 3), r9(W), 0.0])
pts.append([r9(X_TURN + 2 * (goal[0] - X_TURN) / 3), r9(W), 0.0])
pts.append({"position": [goal[0], goal[1], goal[2]], "tangent": [goal_t[0], goal_t[1], goal_t[2]]})
tracks.append({"id": "return", "curve": {"type": "spline", "points": pts}, "frame": "up",
               "placement": place_after("brakes"),
               "notes": "closing U-turn at brake speed, level; its end is the station's start"})
log("closing: goal in the brake end frame", goal, goal_t)

loop_ids = [t["id"] for t in tracks]
connections = [{"a": [a, "end"], "b": [b, "start"]} for a, b in zip(loop_ids, loop_ids[1:])]
connections.append({"a": [loop_ids[-1], "end"], "b": ["station", "start"]})

for id_, curve, smp, end, purpose in force:
    ns = [q["n"] for q in smp]
    ls = [q["l"] for q in smp]
    zs = [q["Pw"][2] for q in smp]
    vs = [q["v"] for q in smp]
    rails = sum(norm(sub(smp[i + 1]["Pw"], smp[i]["Pw"])) for i in range(len(smp) - 1))
    msg = ("%-8s heartline %.1f m, rails ~%.1f m; v %.2f -> %.2f m/s (min %.2f); n %.2f..%.2f g, |l| <= %.2f g; "
           "z %.2f..%.2f m; end pitch %.1e deg, heading %.1f deg, bank %.1e rad" % (
               id_, smp[-1]["s"], rails, vs[0], vs[-1], min(vs), min(ns), max(ns), max(abs(x) for x in ls),
               min(zs), max(zs), pitch(end.T), heading(end.T), math.remainder(end.bank, 2 * math.pi)))
    log(msg)
    report.append((id_, msg))

# Clearance: the closest approach of the force sections' rails to themselves elsewhere on the ride (more
# than 40 m of heartline apart): the loop's exit beside its entry, the helix's turns above each other.
ride = []
for id_, curve, smp, end, purpose in force:
    s0 = ride[-1][0] + 0.25 if ride else 0.0
    ride += [(s0 + q["s"], q["Pw"], id_) for q in smp[::2]]
close = min(((norm(sub(a[1], b[1])), a[2], round(a[0]), b[2], round(b[0]))
             for i, a in enumerate(ride) for b in ride[i + 1:] if b[0] - a[0] > 40.0), key=lambda c: c[0])
log("closest approach of the rails: %.2f m (%s at ride s %d m, %s at %d m)" % close)

# Two 4-car trains: "coaster" waits in the station (its brake dispatches it), "coaster-2" on the second block
# brake (a block of its own: two trains may not start in one). The block brakes and the station keep them
# apart. Options: --cars N
# (cars per train), --trains 1 (the first train only).
CARS = int(sys.argv[sys.argv.index("--cars") + 1]) if "--cars" in sys.argv else 4
N_TRAINS = int(sys.argv[sys.argv.index("--trains") + 1]) if "--trains" in sys.argv else 2
trains = [{"id": "coaster", "cars": ["coaster-car"] * CARS,
           "start": {"track": "station", "s": 30, "direction": 1}, "speed": 0.0, "protection": False},
          {"id": "coaster-2", "cars": ["coaster-car"] * CARS,
           "start": {"track": "brakes", "s": 55, "direction": 1}, "speed": 0.0,
           "protection": False}][:N_TRAINS]
# Three blocks for two trains (docs/layout-format.md, "Signals"): the ride (the station to the first brake),
# the first brake to the second, the second brake through the return to the station. No overlaps: the
# brakes hold the trains short of the signals. The cars have no brakes of their own: no protection.
signals = [{"id": "station", "track": "station", "s": 39.0, "direction": 1, "kind": "block", "overlap": 0},
           {"id": "brakes-1", "track": "brakes", "s": 38.0, "direction": 1, "kind": "block", "overlap": 0},
           {"id": "brakes-2", "track": "brakes", "s": BRAKE_LEN - 2.0, "direction": 1, "kind": "block",
            "overlap": 0}]

doc = {
    "format": "tracklab-layout", "version": 2,
    "description": "TrackLab force-section coaster: station, 4 m/s chain lift to %.0f m, first drop, vertical "
                   "loop, zero-g heartline roll, camel climb, 540 deg helix, dip, brake run, a slow U-turn back "
                   "into the station. Built with force sections (riders' heartline 1.1 m above the rails)."
                   % crest.p[2],
    "notes": ["Generated by resources/layouts/make_force_coaster.py (with its replica of the force-section "
              "integrator, forcesim.py), which tunes the sections so that each element ends level where it "
              "should and the closing spline meets the station's start."],
    "look": "coaster",
    "tracks": tracks,
    "connections": connections,
    "trains": trains,
    "drives": drives,
    "signals": signals,
}


def dump(value, indent):
    if isinstance(value, list) and value and isinstance(value[0], dict):
        pad = " " * (indent + 2)
        return "[\n" + ",\n".join(pad + json.dumps(v) for v in value) + "\n" + " " * indent + "]"
    return json.dumps(value)


print("{\n" + ",\n".join('  "%s": %s' % (k, dump(v, 2)) for k, v in doc.items()) + "\n}")
