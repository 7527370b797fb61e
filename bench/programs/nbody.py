# Floating point physics: a small planetary system integrated with a simple
# symplectic Euler step; prints the energy before and after.
import sys

PI = 3.141592653589793
SOLAR_MASS = 4 * PI * PI
DAYS = 365.24

def make_bodies():
    # name, position (AU), velocity (AU/day), mass (solar masses); a made-up
    # but stable-ish five-body system.
    raw = [
        (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0),
        (4.8, -1.1, -0.1, 0.0016, 0.0077, -0.00007, 0.00095),
        (8.3, 4.1, -0.4, -0.0028, 0.0050, 0.00002, 0.00029),
        (12.9, -15.1, -0.2, 0.0030, 0.0024, -0.00003, 0.000044),
        (15.4, -25.9, 0.18, 0.0027, 0.0016, -0.00009, 0.000052),
    ]
    bodies = []
    for x, y, z, vx, vy, vz, m in raw:
        bodies.append([x, y, z, vx * DAYS, vy * DAYS, vz * DAYS, m * SOLAR_MASS])
    # offset momentum so the centre of mass stays put
    px = py = pz = 0.0
    for b in bodies:
        px += b[3] * b[6]
        py += b[4] * b[6]
        pz += b[5] * b[6]
    sun = bodies[0]
    sun[3] = -px / SOLAR_MASS
    sun[4] = -py / SOLAR_MASS
    sun[5] = -pz / SOLAR_MASS
    return bodies

def energy(bodies):
    e = 0.0
    n = len(bodies)
    for i in range(n):
        b = bodies[i]
        e += 0.5 * b[6] * (b[3] * b[3] + b[4] * b[4] + b[5] * b[5])
        for j in range(i + 1, n):
            c = bodies[j]
            dx = b[0] - c[0]
            dy = b[1] - c[1]
            dz = b[2] - c[2]
            e -= b[6] * c[6] / (dx * dx + dy * dy + dz * dz) ** 0.5
    return e

def advance(bodies, dt, steps):
    n = len(bodies)
    pairs = [(bodies[i], bodies[j]) for i in range(n) for j in range(i + 1, n)]
    for _ in range(steps):
        for b, c in pairs:
            dx = b[0] - c[0]
            dy = b[1] - c[1]
            dz = b[2] - c[2]
            d2 = dx * dx + dy * dy + dz * dz
            mag = dt / (d2 * d2 ** 0.5)
            bm = b[6] * mag
            cm = c[6] * mag
            b[3] -= dx * cm
            b[4] -= dy * cm
            b[5] -= dz * cm
            c[3] += dx * bm
            c[4] += dy * bm
            c[5] += dz * bm
        for b in bodies:
            b[0] += dt * b[3]
            b[1] += dt * b[4]
            b[2] += dt * b[5]

N = int(sys.argv[1]) if len(sys.argv) > 1 else 150000
bodies = make_bodies()
e0 = energy(bodies)
advance(bodies, 0.01, N)
e1 = energy(bodies)
print("nbody", N, "%.9f" % e0, "%.9f" % e1)
