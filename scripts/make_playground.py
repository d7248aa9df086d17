#!/usr/bin/env python3
"""Writes assets/maps/playground.map: a sealed room with one station per collision case.

Each station has a target_position whose "message" names it, placed in front of it at standing
height, so the viewer can list the stations and jump to them. Quake 3 units, Z up; the player box is
30 x 30 x 56 (step 18, walkable slopes up to ~45.6 degrees). Stations are laid out in rows along
+Y; the player spawns at the -Y end facing the first row.

Usage: scripts/make_playground.py [OUT]   (default: assets/maps/playground.map next to this script)
"""

import math
import os
import sys

FLOOR = "base_floor/concrete"
WALL = "base_trim/dark_tin2"
STEP = "base_floor/diamond2"
ITEM = "base_trim/pewter"
CAULK = "common/caulk"
CLIP = "common/clip"

# Room interior (the walls, floor and ceiling are outside these bounds).
ROOM_MIN = (-512, -640, 0)
ROOM_MAX = (3072, 4352, 512)
FLOOR_BOTTOM = -176  # the floor slab is thick so the pit below the thin floor has solid sides

# Row origins (y of the front edge of each row's items).
ROW_STAIRS = 0
ROW_RAMPS = 512
ROW_CORRIDORS = 1024
ROW_CREASES = 1536
ROW_THIN = 2048
ROW_LEDGES = 2560
ROW_PILLARS = 3072
ROW_PATCHES = 3584

# The pit under the thin floor (row ROW_THIN): x, y rectangle, open down to the pit bottom.
PIT_MIN = (1280, ROW_THIN)
PIT_MAX = (1536, ROW_THIN + 256)
PIT_BOTTOM = -160


def num(v):
    """Shortest exact-enough text for a coordinate: integers stay integers, others get 6 decimals."""
    r = round(v)
    if abs(v - r) < 1e-9:
        return str(int(r))
    return ("%.6f" % v).rstrip("0").rstrip(".")


def sub(a, b):
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def rounded(p):
    return tuple(float(num(c)) for c in p)


class Map:
    def __init__(self):
        self.brushes = []   # world brush texts
        self.entities = []  # (pairs, [brush texts])
        self.patches = []   # world patch texts

    # --- brushes -------------------------------------------------------------------------------
    def convex(self, faces, inside, tex=ITEM, entity=None):
        """A brush from planes given as three points each; `inside` is a point inside the brush.
        Points are ordered so each normal ((p2-p0) x (p1-p0) in .map convention) points outwards."""
        lines = []
        for face in faces:
            p0, p1, p2 = (rounded(p) for p in face)
            n = cross(sub(p2, p0), sub(p1, p0))
            if dot(n, sub(inside, p0)) > 0:
                p1, p2 = p2, p1
            pts = " ".join("( %s %s %s )" % tuple(num(c) for c in p) for p in (p0, p1, p2))
            lines.append("%s %s 0 0 0 0.5 0.5 0 0 0" % (pts, tex))
        text = "{\n" + "\n".join(lines) + "\n}"
        (entity if entity is not None else self.brushes).append(text)

    def box(self, mins, maxs, tex=ITEM, entity=None):
        """An axis-aligned box."""
        x0, y0, z0 = mins
        x1, y1, z1 = maxs
        faces = [
            ((x0, y0, z0), (x0, y1, z0), (x0, y0, z1)),
            ((x1, y0, z0), (x1, y1, z0), (x1, y0, z1)),
            ((x0, y0, z0), (x1, y0, z0), (x0, y0, z1)),
            ((x0, y1, z0), (x1, y1, z0), (x0, y1, z1)),
            ((x0, y0, z0), (x1, y0, z0), (x0, y1, z0)),
            ((x0, y0, z1), (x1, y0, z1), (x0, y1, z1)),
        ]
        center = ((x0 + x1) / 2, (y0 + y1) / 2, (z0 + z1) / 2)
        self.convex(faces, center, tex, entity)

    def prism(self, poly, lo, hi, axis=2, tex=ITEM, entity=None):
        """A convex polygon (2D points in the two other axes, in order) extruded along `axis`."""
        def p3(p, h):
            if axis == 2:
                return (p[0], p[1], h)
            if axis == 1:
                return (p[0], h, p[1])
            return (h, p[0], p[1])

        faces = []
        for i, a in enumerate(poly):
            b = poly[(i + 1) % len(poly)]
            faces.append((p3(a, lo), p3(b, lo), p3(a, hi)))
        faces.append((p3(poly[0], lo), p3(poly[1], lo), p3(poly[2], lo)))
        faces.append((p3(poly[0], hi), p3(poly[1], hi), p3(poly[2], hi)))
        c = (sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly))
        self.convex(faces, p3(c, (lo + hi) / 2), tex, entity)

    def slab(self, a, b, thickness, z0, z1, tex=ITEM):
        """A vertical wall from 2D point a to b (thickness to the right of a->b)."""
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy)
        nx, ny = dy / length * thickness, -dx / length * thickness
        self.prism([a, b, (b[0] + nx, b[1] + ny), (a[0] + nx, a[1] + ny)], z0, z1, 2, tex)

    # --- patches and entities ---------------------------------------------------------------------
    def patch(self, grid, tex=ITEM):
        """grid[i][j] = (x, y, z): rows i, columns j (both odd counts). Texture coords from the grid."""
        height, width = len(grid), len(grid[0])
        cols = []
        for j in range(width):
            pts = " ".join("( %s %s %s %s %s )" % (num(grid[i][j][0]), num(grid[i][j][1]), num(grid[i][j][2]),
                                                  num(j / (width - 1)), num(i / (height - 1)))
                           for i in range(height))
            cols.append("( %s )" % pts)
        self.patches.append("{\npatchDef2\n{\n%s\n( %d %d 0 0 0 )\n(\n%s\n)\n}\n}" % (tex, width, height,
                                                                                  "\n".join(cols)))

    def entity(self, pairs, brushes=None):
        self.entities.append((pairs, brushes or []))

    def station(self, name, x, y, z=0):
        """A target_position named `name`, at standing height above (x, y, z), facing +Y."""
        self.entity([("classname", "target_position"), ("targetname", "station"), ("message", name),
                     ("origin", "%s %s %s" % (num(x), num(y), num(z + 32))), ("angle", "90")])

    def text(self):
        out = ["// Generated by scripts/make_playground.py; edit the script, not this file.",
               "// entity 0", "{", '"classname" "worldspawn"',
               '"message" "cliplab collision playground"']
        for i, b in enumerate(self.brushes + self.patches):
            out.append("// brush %d" % i)
            out.append(b)
        out.append("}")
        for i, (pairs, brushes) in enumerate(self.entities):
            out.append("// entity %d" % (i + 1))
            out.append("{")
            out += ['"%s" "%s"' % kv for kv in pairs]
            for j, b in enumerate(brushes):
                out.append("// brush %d" % j)
                out.append(b)
            out.append("}")
        return "\n".join(out) + "\n"


def room(m):
    (x0, y0, z0), (x1, y1, z1) = ROOM_MIN, ROOM_MAX
    t = 16
    m.box((x0 - t, y0 - t, FLOOR_BOTTOM - t), (x0, y1 + t, z1 + t), WALL)
    m.box((x1, y0 - t, FLOOR_BOTTOM - t), (x1 + t, y1 + t, z1 + t), WALL)
    m.box((x0, y0 - t, FLOOR_BOTTOM - t), (x1, y0, z1 + t), WALL)
    m.box((x0, y1, FLOOR_BOTTOM - t), (x1, y1 + t, z1 + t), WALL)
    m.box((x0, y0, z1), (x1, y1, z1 + t), WALL)
    m.box((x0, y0, FLOOR_BOTTOM - t), (x1, y1, FLOOR_BOTTOM), CAULK)
    # The floor slab, around the pit.
    (px0, py0), (px1, py1) = PIT_MIN, PIT_MAX
    m.box((x0, y0, FLOOR_BOTTOM), (x1, py0, 0), FLOOR)
    m.box((x0, py1, FLOOR_BOTTOM), (x1, y1, 0), FLOOR)
    m.box((x0, py0, FLOOR_BOTTOM), (px0, py1, 0), FLOOR)
    m.box((px1, py0, FLOOR_BOTTOM), (x1, py1, 0), FLOOR)
    m.box((px0, py0, FLOOR_BOTTOM), (px1, py1, PIT_BOTTOM), FLOOR)


def stairs(m):
    for i, rise in enumerate([4, 8, 16, 18, 19, 24, 32]):
        x0, y0 = i * 256, ROW_STAIRS
        steps = 6
        for k in range(1, steps + 1):
            m.box((x0, y0 + (k - 1) * 32, 0), (x0 + 128, y0 + k * 32, k * rise), STEP)
        m.box((x0, y0 + steps * 32, 0), (x0 + 128, y0 + steps * 32 + 96, steps * rise), STEP)
        m.station("stairs: rise %d" % rise, x0 + 64, y0 - 64)


def ramps(m):
    height = 96
    for i, angle in enumerate([20, 30, 40, 44, 46, 50, 60]):
        x0, y0 = i * 384, ROW_RAMPS
        length = height / math.tan(math.radians(angle))
        # Triangle in (y, z), extruded along x.
        m.prism([(y0, 0), (y0 + length, 0), (y0 + length, height)], x0, x0 + 128, 0, ITEM)
        m.box((x0, y0 + length, 0), (x0 + 128, y0 + length + 64, height), ITEM)
        m.station("ramp: %d degrees" % angle, x0 + 64, y0 - 64)


def corridors(m):
    for i, width in enumerate([28, 30, 31, 32, 48]):
        x0, y0 = i * 256, ROW_CORRIDORS
        m.box((x0 - 16, y0, 0), (x0, y0 + 192, 128), WALL)
        m.box((x0 + width, y0, 0), (x0 + width + 16, y0 + 192, 128), WALL)
        m.station("corridor: %d wide" % width, x0 + width / 2, y0 - 64)


def creases(m):
    for i, angle in enumerate([60, 90, 120]):
        cx, apex_y = i * 384 + 128, ROW_CREASES + 192
        half = math.radians(angle / 2)
        arm = 192
        # Two walls meeting at the apex, opening towards -y; each runs from the apex outwards.
        left = (cx - arm * math.sin(half), apex_y - arm * math.cos(half))
        right = (cx + arm * math.sin(half), apex_y - arm * math.cos(half))
        # Extend each arm 24 units past the apex so the two slabs overlap there (no gap).
        def beyond(p, q, d):
            dx, dy = q[0] - p[0], q[1] - p[1]
            length = math.hypot(dx, dy)
            return (q[0] + dx / length * d, q[1] + dy / length * d)
        # Slab thickness goes to the right of a->b: these orders put it outside the V.
        m.slab(beyond(left, (cx, apex_y), 24), left, 16, 0, 128, WALL)
        m.slab(right, beyond(right, (cx, apex_y), 24), 16, 0, 128, WALL)
        m.station("crease: %d degrees" % angle, cx, ROW_CREASES - 64)
    # Three-plane corner: a 30 degree ramp rising into the corner of two walls.
    x0, y0 = 3 * 384, ROW_CREASES
    length, height = 192, 192 * math.tan(math.radians(30))
    m.prism([(y0, 0), (y0 + length, 0), (y0 + length, height)], x0, x0 + 192, 0, ITEM)
    m.box((x0 + 192, y0, 0), (x0 + 208, y0 + length + 16, 192), WALL)
    m.box((x0, y0 + length, 0), (x0 + 192, y0 + length + 16, 192), WALL)
    m.station("corner: ramp and two walls", x0 + 96, y0 - 64)


def thin(m):
    for i, t in enumerate([1, 2, 4]):
        x0, y0 = i * 256, ROW_THIN + 128
        m.box((x0, y0, 0), (x0 + 128, y0 + t, 160), ITEM)
        m.station("thin wall: %d thick" % t, x0 + 64, ROW_THIN - 64)
    # A 1 unit floor over half of the pit (the other half stays open to show the depth).
    (px0, py0), (px1, py1) = PIT_MIN, PIT_MAX
    m.box((px0, py0, -1), (px1, (py0 + py1) / 2, 0), ITEM)
    m.station("thin floor over a pit: 1 thick", (px0 + px1) / 2, py0 - 64)


def ledges(m):
    for i, h in enumerate([24, 40, 64]):
        x0, y0 = i * 256, ROW_LEDGES
        m.box((x0, y0, 0), (x0 + 128, y0 + 128, h), ITEM)
        m.station("ledge: %d high" % h, x0 + 64, y0 - 64)
    # Low ceiling: a tunnel 48 high (a crouched player is 40 tall, a standing one 56).
    x0, y0 = 3 * 256, ROW_LEDGES
    m.box((x0 - 16, y0, 0), (x0, y0 + 256, 96), WALL)
    m.box((x0 + 96, y0, 0), (x0 + 112, y0 + 256, 96), WALL)
    m.box((x0, y0, 48), (x0 + 96, y0 + 256, 96), ITEM)
    m.station("low ceiling: 48 high (crouch)", x0 + 48, y0 - 64)
    # Sloped ceiling: the roof drops from 160 to 48 over 256 units.
    x0 = 4 * 256
    m.box((x0 - 16, y0, 0), (x0, y0 + 256, 192), WALL)
    m.box((x0 + 96, y0, 0), (x0 + 112, y0 + 256, 192), WALL)
    m.prism([(y0, 160), (y0 + 256, 48), (y0 + 256, 192), (y0, 192)], x0, x0 + 96, 0, ITEM)
    m.station("sloped ceiling: 160 down to 48", x0 + 48, y0 - 64)


def pillars(m):
    for i, sides in enumerate([8, 16, 32]):
        cx, cy, r = i * 256 + 64, ROW_PILLARS + 64, 32
        poly = [(cx + r * math.cos(2 * math.pi * k / sides), cy + r * math.sin(2 * math.pi * k / sides))
                for k in range(sides)]
        m.prism(poly, 0, 192, 2, ITEM)
        m.station("pillar: %d sides" % sides, cx, ROW_PILLARS - 64)
    # Wedges: a vertical knife edge (15 degrees) pointing at the player, and a horizontal ridge.
    x0, y0 = 3 * 256 + 64, ROW_PILLARS
    half = math.radians(15 / 2)
    depth = 160
    m.prism([(x0, y0), (x0 + depth * math.tan(half), y0 + depth), (x0 - depth * math.tan(half), y0 + depth)],
            0, 128, 2, ITEM)
    m.station("wedge: 15 degree vertical edge", x0, y0 - 64)
    x0 = 4 * 256
    m.prism([(y0, 0), (y0 + 64, 0), (y0 + 32, 48)], x0, x0 + 128, 0, ITEM)
    m.station("wedge: horizontal ridge", x0 + 64, y0 - 64)


def patches_and_clip(m):
    # Curved ramp: flat at the front, rising to 96 at the back (3 x 3 control points).
    x0, y0 = 0, ROW_PATCHES
    rows = [(y0, 0), (y0 + 128, 0), (y0 + 256, 96)]
    grid = [[(x, y, z) for x in (x0, x0 + 64, x0 + 128)] for (y, z) in rows]
    m.patch(grid, ITEM)
    m.box((x0, y0 + 256, 0), (x0 + 128, y0 + 320, 96), ITEM)
    m.station("patch: curved ramp", x0 + 64, y0 - 64)
    # Arch: a half circle of radius 64 over a passage 128 wide (5 x 3 control points).
    x0, r = 384, 64
    cx = x0 + r
    profile = [(cx - r, 0), (cx - r, r), (cx, r), (cx + r, r), (cx + r, 0)]
    profile = [(px, pz + 64) for px, pz in profile]
    grid = [[(px, y, pz) for (px, pz) in profile] for y in (y0, y0 + 64, y0 + 128)]
    m.patch(grid, ITEM)
    m.box((cx - r - 16, y0, 0), (cx - r, y0 + 128, 64), WALL)
    m.box((cx + r, y0, 0), (cx + r + 16, y0 + 128, 64), WALL)
    m.station("patch: arch", cx, y0 - 64)
    # Player clip: blocks players, not shots or rays.
    x0 = 768
    m.box((x0, y0 + 64, 0), (x0 + 192, y0 + 80, 160), CLIP)
    m.station("clip wall: blocks players, not rays", x0 + 96, y0 - 64)


def spawns(m):
    # Facing +y, towards the first staircase.
    for x in (64, 192):
        m.entity([("classname", "info_player_deathmatch"), ("origin", "%d -448 32" % x), ("angle", "90")])


def build():
    m = Map()
    room(m)
    stairs(m)
    ramps(m)
    corridors(m)
    creases(m)
    thin(m)
    ledges(m)
    pillars(m)
    patches_and_clip(m)
    spawns(m)
    return m.text()


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "assets", "maps", "playground.map")
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w", newline="\n") as f:
        f.write(build())


if __name__ == "__main__":
    main()
