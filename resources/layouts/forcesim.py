"""A Python replica of TrackLab's force-section integrator (core/curves/ForceSection.cpp), used by
make_force_coaster.py to predict where each force section ends.

Same equations, the same classical RK4 with 4 substeps per 0.25 m output step, the same
re-orthonormalization after every substep, the same key interpolation (monotone cubic Hermite,
Fritsch-Butland slopes, zero end slopes, constant outside the keys: core/twists/KeysTwist.cpp), the same
rails under the heartline (P = H - h U, end tangent (T - h dU) normalized: core/layout/HeartlineRails.cpp)
and the same level end frame a track placed "after" starts on (core/layout/Layout.cpp).
"""
import math

G = 9.81
STALL = 0.5


# --- small vector helpers (tuples) -----------------------------------------------------------------
def add(a, b):
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def sub(a, b):
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def mul(k, a):
    return (k * a[0], k * a[1], k * a[2])


def dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def norm(a):
    return math.sqrt(dot(a, a))


def unit(a):
    n = norm(a)
    return (a[0] / n, a[1] / n, a[2] / n)


# --- keys: core/twists/KeysTwist.cpp ----------------------------------------------------------------
class Keys:
    def __init__(self, keys):
        self.k = [(float(x), float(y)) for x, y in keys]
        n = len(self.k)
        self.m = [0.0] * n
        for i in range(1, n - 1):
            h0 = self.k[i][0] - self.k[i - 1][0]
            h1 = self.k[i + 1][0] - self.k[i][0]
            d0 = (self.k[i][1] - self.k[i - 1][1]) / h0
            d1 = (self.k[i + 1][1] - self.k[i][1]) / h1
            if d0 * d1 <= 0.0:
                continue
            w0 = 2.0 * h1 + h0
            w1 = h1 + 2.0 * h0
            self.m[i] = (w0 + w1) / (w0 / d0 + w1 / d1)

    def __call__(self, s):
        k = self.k
        if len(k) < 2 or s < k[0][0]:
            return k[0][1]
        if s > k[-1][0]:
            return k[-1][1]
        # upper_bound
        lo, hi = 0, len(k)
        while lo < hi:
            mid = (lo + hi) // 2
            if s < k[mid][0]:
                hi = mid
            else:
                lo = mid + 1
        i = min(lo - 1, len(k) - 2)
        s0 = k[i][0]
        h = k[i + 1][0] - s0
        y0, y1 = k[i][1], k[i + 1][1]
        m0, m1 = self.m[i] * h, self.m[i + 1] * h
        t = (s - s0) / h
        t2 = t * t
        t3 = t2 * t
        return (2 * t3 - 3 * t2 + 1) * y0 + (t3 - 2 * t2 + t) * m0 + (-2 * t3 + 3 * t2) * y1 + (t3 - t2) * m1


def law(v, default):
    if v is None:
        return lambda x: default
    if isinstance(v, (int, float)):
        return lambda x: float(v)
    return Keys(v)


# --- the integrator: core/curves/ForceSection.cpp ---------------------------------------------------
class ForceError(Exception):
    pass


def integrate(curve, h, up=(0.0, 0.0, 1.0), start_bank=0.0, speed=None, friction=0.0, drag=0.0):
    """Samples (s, t, v, H, T, L, U, dU, n, l) of a force section in its local frame (start at the origin,
    heading +x). curve: the JSON curve object; speed: the start speed if the curve has no "speed"."""
    length = curve.get("length", 0.0)
    duration = curve.get("duration", 0.0)
    by_length, by_time = length > 0.0, duration > 0.0
    assert by_length != by_time
    v0 = curve.get("speed", speed)
    assert v0 is not None and v0 > 0.0, "no start speed"
    step = curve.get("step", 0.25)
    up = unit(up)
    normal = law(curve.get("normalG"), 1.0)
    lateral = law(curve.get("lateralG"), 0.0)
    roll = law(curve.get("rollRate"), 0.0)

    T = (1.0, 0.0, 0.0)
    U0 = sub(up, mul(up[0], (1.0, 0.0, 0.0)))
    if norm(U0) < 1e-9:
        U0 = (0.0, 0.0, 1.0)
    U0 = unit(U0)
    U = add(mul(math.cos(start_bank), U0), mul(math.sin(start_bank), cross(T, U0)))
    L = cross(U, T)
    H = mul(h, U)
    x = [H, T, L, U, v0 * v0, 0.0]

    def rate(y, sy):
        H, T, L, U, v2, t = y
        if not (v2 > STALL * STALL):
            raise ForceError("stall at heartline s = %.2f m" % sy)
        v = math.sqrt(v2)
        xv = sy if by_length else t
        n = normal(xv)
        l = lateral(xv)
        kU = (n * G - G * dot(U, up)) / v2
        kL = (l * G - G * dot(L, up)) / v2
        a = roll(xv) / v
        rT = add(mul(kU, U), mul(kL, L))
        rU = sub(mul(-kU, T), mul(a, L))
        rL = sub(mul(a, U), mul(kL, T))
        dz = dot(T, up)
        rv2 = -2.0 * G * dz - 2.0 * friction * abs(n) * G - 2.0 * drag * v2
        k = math.hypot(kU, kL)
        if not (k <= 1000.0):
            raise ForceError("curvature %g at s = %.2f" % (k, sy))
        if h > 0.0 and -kU * h >= 1.0:
            raise ForceError("heartline folds the rails at s = %.2f (radius %.3f)" % (sy, -1.0 / kU))
        return (T, rT, rL, rU, rv2, 1.0 / v), (kU, kL, a, n, l)

    def adv(y, r, hh):
        return [add(y[0], mul(hh, r[0])), add(y[1], mul(hh, r[1])), add(y[2], mul(hh, r[2])),
                add(y[3], mul(hh, r[3])), y[4] + hh * r[4], y[5] + hh * r[5]]

    def comb(a, b, c, d, hs):
        # hs / 6 * (k1 + 2 k2 + 2 k3 + k4), in Eigen's order of operations
        return mul(hs / 6, add(add(add(a, mul(2, b)), mul(2, c)), d))

    def rk4(y, sy, hs):
        k1 = rate(y, sy)[0]
        k2 = rate(adv(y, k1, hs / 2), sy + hs / 2)[0]
        k3 = rate(adv(y, k2, hs / 2), sy + hs / 2)[0]
        k4 = rate(adv(y, k3, hs), sy + hs)[0]
        z = list(y)
        for j in range(4):
            z[j] = add(z[j], comb(k1[j], k2[j], k3[j], k4[j], hs))
        z[4] = z[4] + hs / 6 * (k1[4] + 2 * k2[4] + 2 * k3[4] + k4[4])
        z[5] = z[5] + hs / 6 * (k1[5] + 2 * k2[5] + 2 * k3[5] + k4[5])
        # orthonormalize
        T = unit(z[1])
        U = unit(sub(z[3], mul(dot(z[3], T), T)))
        z[1] = T
        z[3] = U
        z[2] = cross(U, T)
        return z

    def sample(y, sy):
        r, extra = rate(y, sy)
        return dict(s=sy, t=y[5], v=math.sqrt(y[4]), H=y[0], T=y[1], L=y[2], U=y[3], dU=r[3],
                    kU=extra[0], kL=extra[1], a=extra[2], n=extra[3], l=extra[4])

    out = [sample(x, 0.0)]
    s = 0.0
    sub_n = 4
    hs = step / sub_n
    while True:
        nxt = s + step
        last = False
        if by_length and nxt >= length - 1e-12:
            nxt = length
            last = True
        while s < nxt - 1e-12:
            st = min(hs, nxt - s)
            if by_time:
                left = duration - x[5]
                reach = left * math.sqrt(x[4])
                if reach <= st:
                    st = reach
                    last = True
                    nxt = s + st
            if st <= 0.0:
                break
            x = rk4(x, s, st)
            s += st
        out.append(sample(x, s))
        if by_time and duration - x[5] < 1e-9:
            last = True
        if last:
            break
        if len(out) > 400000:
            raise ForceError("too long")
    if len(out) > 2 and out[-1]["s"] - out[-2]["s"] < 1e-3:
        del out[-2]
    return out


# --- frames ----------------------------------------------------------------------------------------
class Frame:
    """A pose: origin p and rotation columns (x, y, z) in world coordinates."""

    def __init__(self, p, x, y, z):
        self.p, self.x, self.y, self.z = p, x, y, z

    def point(self, q):  # local -> world
        return add(self.p, add(add(mul(q[0], self.x), mul(q[1], self.y)), mul(q[2], self.z)))

    def vec(self, q):
        return add(add(mul(q[0], self.x), mul(q[1], self.y)), mul(q[2], self.z))

    def local_vec(self, w):  # world -> local (R^T w)
        return (dot(self.x, w), dot(self.y, w), dot(self.z, w))

    def local_point(self, w):
        return self.local_vec(sub(w, self.p))

    def rotated_about_x(self, angle):
        c, s = math.cos(angle), math.sin(angle)
        return Frame(self.p, self.x, add(mul(c, self.y), mul(s, self.z)), add(mul(-s, self.y), mul(c, self.z)))


def level_frame(p, T, wB=None):
    """levelEndFrame: x = T, z = world +z made perpendicular, y = z x x."""
    x = T
    z = sub((0.0, 0.0, 1.0), mul(x[2], x))
    if norm(z) < 1e-9:
        z = sub(wB, mul(dot(wB, x), x))
    z = unit(z)
    return Frame(p, x, cross(z, x), z)


def bank_of(T, U):
    """The bank from the vertical (rotation of the level up about T, positive toward the right)."""
    lev = unit(sub((0.0, 0.0, 1.0), mul(T[2], T)))
    return math.atan2(dot(T, cross(lev, U)), dot(lev, U))


class End:
    """The world state at a track end: position, rails tangent, up (wB), speed (None: unknown), bank."""

    def __init__(self, p, T, U, v, bank=0.0):
        self.p, self.T, self.U, self.v, self.bank = p, T, U, v, bank

    def frame(self):
        return level_frame(self.p, self.T, self.U)


def force_track(start, curve, h, speed=None, friction=0.0, drag=0.0):
    """A force section placed after `start`: its samples in world coordinates (rails and heartline) and
    its end."""
    F = start.frame()
    up_local = F.local_vec((0.0, 0.0, 1.0))
    samples = integrate(curve, h, up_local, start.bank, speed if speed is not None else start.v,
                        friction, drag)
    for q in samples:
        q["Hw"] = F.point(q["H"])
        q["Pw"] = F.point(sub(q["H"], mul(h, q["U"])))
        q["Tw"] = F.vec(q["T"])
        q["Uw"] = F.vec(q["U"])
        q["Lw"] = F.vec(q["L"])
    e = samples[-1]
    Tr = unit(F.vec(sub(e["T"], mul(h, e["dU"]))))
    end = End(e["Pw"], Tr, e["Uw"], e["v"], bank_of(Tr, e["Uw"]))
    return samples, end


def line_end(start, length):
    F = start.frame()
    p = F.point((length, 0.0, 0.0))
    v = None
    if start.v is not None:
        v2 = start.v ** 2 - 2 * G * (p[2] - start.p[2])
        v = math.sqrt(v2) if v2 > 0 else None
    return End(p, F.x, F.z, v, 0.0)


def pitch(T):
    return math.degrees(math.asin(max(-1.0, min(1.0, T[2]))))


def heading(T):
    return math.degrees(math.atan2(T[1], T[0]))
