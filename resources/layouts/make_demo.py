#!/usr/bin/env python3
"""Generator of resources/layouts/demo.json (run: python3 make_demo.py > demo.json).

The loop is a rounded rectangle driven counter-clockwise: bottom straight (+x) -> corner 1 -> right
straight with a hill -> corner 2 -> top straight -> corner 3 (too sharp for the line speed) -> left
straight -> corner 4 -> back to the start. Each corner turns 90 deg: clothoid (0 -> 1/R), arc, clothoid
(1/R -> 0), all with "cant" twist. Every track after the first is placed "after" the previous one, so
only the lengths of the top and left straights have to be computed for the loop to close: that is what
this script does (the corners' displacements by numerical integration of the clothoids).
"""
import json
import math

LINE_SPEED = 30.0  # [m/s] (108 km/h) on the whole loop


def clothoid(length, k0, k1, n=400):
    """End (x, y, heading) of a clothoid starting at the origin heading +x (composite Gauss-Legendre)."""
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


def compose(a, b):
    """Pose a then local move b; poses are (x, y, heading)."""
    c, s = math.cos(a[2]), math.sin(a[2])
    return a[0] + c * b[0] - s * b[1], a[1] + s * b[0] + c * b[1], a[2] + b[2]


def corner_displacement(radius, transition):
    p = clothoid(transition, 0.0, 1.0 / radius)
    angle = math.pi / 2 - transition / radius
    p = compose(p, (radius * math.sin(angle), radius * (1 - math.cos(angle)), angle))
    p = compose(p, clothoid(transition, 1.0 / radius, 0.0))
    assert abs(p[2] - math.pi / 2) < 1e-12
    return p[0], p[1]  # (along the entry heading, to the left)


# corner: (name, radius [m], transition length [m], cant design speed [m/s], max cant [rad])
CORNERS = [("c1", 300.0, 60.0, 25.0, 0.1), ("c2", 450.0, 80.0, 30.0, 0.1),
           ("c3", 120.0, 40.0, 15.0, 0.1), ("c4", 250.0, 50.0, 25.0, 0.1)]
BOTTOM = 150.0 + 200.0          # bottom1 + bottom2 [m]
HILL = 240.0                    # horizontal length of the hill spline [m]
RIGHT = 60.0 + HILL + 60.0      # right1 + hill + right2 [m]

(u1, v1), (u2, v2), (u3, v3), (u4, v4) = [corner_displacement(r, l) for _, r, l, _, _ in CORNERS]
# Closure (entry headings +x, +y, -x, -y): x: BOTTOM + u1 - v2 - TOP - u3 + v4 = 0,
#                                           y: v1 + RIGHT + u2 - v3 - LEFT - u4 = 0.
TOP = BOTTOM + u1 - v2 - u3 + v4
LEFT = RIGHT + v1 + u2 - v3 - u4

tracks = []


def track(id_, curve, after=None, twist=None, **extra):
    # Every track's twist is a bank from the vertical ("frame": "up"): 0 = level rails, on the hill too;
    # a "cant" ramps along each clothoid with a Bloss ramp (continuous roll rate, no row-3 impulses).
    t = {"id": id_, "curve": curve, "frame": "up"}
    if twist:
        t["twist"] = twist
    if after:
        t["placement"] = {"after": [after, "end"]}
    t.update(extra)
    tracks.append(t)


def line(length):
    return {"type": "line", "length": round(length, 9)}


def corner(name, radius, transition, speed, max_cant, after, **extra):
    cant = {"type": "cant", "designSpeed": speed, "maxAngle": max_cant}
    k = 1.0 / radius
    track(name + "-in", {"type": "clothoid", "length": transition, "curvatureStart": 0, "curvatureEnd": k},
          after, cant)
    track(name, {"type": "arc", "radius": radius, "angle": math.pi / 2 - transition / radius},
          name + "-in", cant, **extra)
    track(name + "-out", {"type": "clothoid", "length": transition, "curvatureStart": k, "curvatureEnd": 0},
          name, cant)
    return name + "-out"


track("bottom1", line(150.0), lineSpeed=LINE_SPEED)
track("bottom2", line(200.0), "bottom1")
last = corner(*CORNERS[0], "bottom2")
track("right1", line(60.0), last)
track("hill", {"type": "spline", "closed": False, "points": [
    {"position": [0, 0, 0], "tangent": [1, 0, 0]}, [24, 0, 0.1], [48, 0, 0.69], [72, 0, 1.73], [96, 0, 3.27], [120, 0, 5], [144, 0, 3.27],
    [168, 0, 1.73], [192, 0, 0.69], [216, 0, 0.1],
    {"position": [HILL, 0, 0], "tangent": [1, 0, 0]}]}, "right1",
    notes="a 5 m hump (a sin^2 profile: vertical curvature 0 at both ends, two inflections); level "
          "rails: bank 0 from the vertical")
track("right2", line(60.0), "hill")
last = corner(*CORNERS[1], "right2")
track("top", line(TOP), last)
last = corner(*CORNERS[2], "top", lineSpeed=LINE_SPEED,
              notes="TOO SHARP: R = 120 m at the 30 m/s line speed needs v^2/R = 7.5 m/s^2; the cant is "
                    "built for 15 m/s (max 0.1 rad); a car with its centre of gravity 2 m high on 1.5 m gauge "
                    "overturns above about 24 m/s")
track("left", line(LEFT), last)
last = corner(*CORNERS[3], "left")
# Siding: a turnout to the right (outside the loop) at the end of bottom1, a curve back out of it, a dead
# end. Clothoids (curvature 0 -> 1/190 m -> 0) so that the curvature has no jumps anywhere.
track("turnout", {"type": "clothoid", "length": 29.45, "curvatureStart": 0, "curvatureEnd": -1 / 190},
      "bottom1", lineSpeed=10)
track("siding-reverse", {"type": "clothoid", "length": 29.45, "curvatureStart": -1 / 190, "curvatureEnd": 0},
      "turnout")
track("siding", line(120.0), "siding-reverse", notes="dead end (open end: a vehicle runs off it)")

ids = [t["id"] for t in tracks]
loop = ["bottom2", "c1-in", "c1", "c1-out", "right1", "hill", "right2", "c2-in", "c2", "c2-out", "top",
        "c3-in", "c3", "c3-out", "left", "c4-in", "c4", "c4-out", "bottom1"]
connections = [{"a": [a, "end"], "b": [b, "start"]} for a, b in zip(loop, loop[1:])]
connections += [{"a": ["turnout", "end"], "b": ["siding-reverse", "start"]},
                {"a": ["siding-reverse", "end"], "b": ["siding", "start"]}]
switches = [{"id": "S1", "at": ["bottom1", "end"], "branches": [["bottom2", "start"], ["turnout", "start"]],
             "state": 0, "notes": "state 0: main line, 1: siding"}]

doc = {
    "format": "tracklab-layout", "version": 2,
    "description": "TrackLab demo: a LOOP km loop with straights, clothoid transitions, canted curves of radius "
                   "120 to 450 m, a hill and a switch to a dead-end siding",
    "notes": ["Generated by resources/layouts/make_demo.py (the top and left straights close the loop).",
              "Line speed 30 m/s (108 km/h). Corner c3 (R = 120 m) is too sharp for it: slow to 15 m/s or "
              "watch the train derail there.",
              "Switch S1 at the end of bottom1: state 0 main line, state 1 the siding (dead end)."],
}
doc["tracks"] = tracks
doc["connections"] = connections
doc["switches"] = switches
# An intercity train to drive from the GUI (throttle Q/A, brake W/S): locomotive + 4 coaches, rolling at
# 72 km/h on the bottom straight. Full throttle takes it past c3's derailment speed (about 28 m/s).
doc["trains"] = [{"id": "IC1", "cars": ["locomotive", "passenger-car", "passenger-car", "passenger-car", "passenger-car"],
                  "start": {"track": "bottom2", "s": 150, "direction": 1}, "speed": 20.0}]

# Loop length for the description.
lengths = {"line": lambda c: c["length"], "clothoid": lambda c: c["length"],
           "arc": lambda c: c["radius"] * abs(c["angle"])}
total = sum(lengths[t["curve"]["type"]](t["curve"]) for t in tracks if t["id"] in loop and t["id"] != "hill")
doc["description"] = doc["description"].replace("LOOP", "%.1f" % ((total + HILL) / 1000))


def dump(value, indent):
    """Readable JSON: top-level keys one per line, one track / connection per line."""
    if isinstance(value, list) and value and isinstance(value[0], dict):
        pad = " " * (indent + 2)
        return "[\n" + ",\n".join(pad + json.dumps(v) for v in value) + "\n" + " " * indent + "]"
    return json.dumps(value)


print("{\n" + ",\n".join('  "%s": %s' % (k, dump(v, 2)) for k, v in doc.items()) + "\n}")
