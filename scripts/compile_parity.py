#!/usr/bin/env python3
"""How closely our compile of the OACMP sources traces like the .bsp q3map2 made of them.

For each of the thirteen maps of z_oacmp-volume1-v3.pk3 (Debian package openarena-oacmp1): compile
sources/maps/NAME.map with `cliplab compile`, make N random traces on the shipped maps/NAME.bsp with
`q3ref gen`, answer them with `q3ref trace` (ioquake3's own CM_BoxTrace) on both files, and count
the lines that agree by the reference sets' rule (fraction within 1e-4 or end within 0.01, normal
within 1e-3, dist within 0.01, the same startsolid, allsolid and contents), in six settings: mask 1
and 33619969 with curves off and on, and the capsule (mask 1 curves off, mask 33619969 curves on).
docs/compiler.md has the figures.

    scripts/compile_parity.py --cliplab build/app/cliplab --q3ref ../shared/tools/q3ref [--traces 2000]
        [--seed 1] [--work DIR] [--show N] [MAP...]

q3ref is a measuring tool outside the project (ioquake3's collision code behind a command line);
the tests never use it.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import zipfile

MAPS = ['oacmpctf1', 'oacmpctf2', 'oacmpctf3', 'oacmpdm1', 'oacmpdm2', 'oacmpdm3', 'oacmpdm4',
        'oacmpdm5', 'oacmpdm6', 'oacmpdm7', 'oacmpdm8', 'oacmpdm9', 'oacmpdm10']
PK3 = '/usr/share/games/openarena/baseoa/z_oacmp-volume1-v3.pk3'
# (mask, nocurves, capsule)
SETTINGS = [(1, 1, 0), (1, 0, 0), (33619969, 1, 0), (33619969, 0, 0), (1, 1, 1), (33619969, 0, 1)]


def parse(line):
    f = line.split()
    return [float(x) for x in f[:8]] + [int(f[8]), int(f[9]), int(f[10])]


def same(a, b):
    x, y = parse(a), parse(b)
    fraction = abs(x[0] - y[0]) <= 1e-4 or max(abs(x[j] - y[j]) for j in (1, 2, 3)) <= 0.01
    normal = max(abs(x[j] - y[j]) for j in (4, 5, 6)) <= 1e-3
    return fraction and normal and abs(x[7] - y[7]) <= 0.01 and x[8:] == y[8:]


def run(cmd, stdin=None):
    r = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit('%s failed: %s' % (' '.join(cmd), r.stderr.strip()))
    return r.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--cliplab', required=True)
    ap.add_argument('--q3ref', required=True)
    ap.add_argument('--traces', type=int, default=2000)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--work', default=None, help='folder for the files (default: a temporary one)')
    ap.add_argument('--show', type=int, default=0, help='print the first N differing lines per setting')
    ap.add_argument('maps', nargs='*', default=MAPS)
    args = ap.parse_args()
    work = args.work or tempfile.mkdtemp(prefix='cliplab-parity-')
    os.makedirs(work, exist_ok=True)
    with zipfile.ZipFile(PK3) as z:
        for name in args.maps:
            z.extract('maps/%s.bsp' % name, work)
    print('map       ' + ' '.join('m%-8d c%d%s' % (m, 1 - n, ' cap' if c else '    ') for m, n, c in SETTINGS))
    for name in args.maps:
        shipped = os.path.join(work, 'maps', name + '.bsp')
        ours = os.path.join(work, name + '.bsp')
        run([args.cliplab, 'compile', 'sources/maps/%s.map' % name, ours])
        traces = run([args.q3ref, 'gen', shipped, str(args.traces), str(args.seed)])
        row = []
        for mask, nocurves, capsule in SETTINGS:
            env = dict(os.environ, CAPSULE=str(capsule))
            outs = []
            for bsp in (shipped, ours):
                r = subprocess.run([args.q3ref, 'trace', bsp, str(mask), str(nocurves)], input=traces,
                                   capture_output=True, text=True, env=env)
                if r.returncode != 0:
                    sys.exit('q3ref trace %s failed: %s' % (bsp, r.stderr.strip()))
                outs.append(r.stdout.splitlines())
            lines = traces.splitlines()
            agree = 0
            shown = 0
            for i, (a, b) in enumerate(zip(*outs)):
                if same(a, b):
                    agree += 1
                elif shown < args.show:
                    shown += 1
                    print('  %s mask %d curves %d capsule %d line %d: %s\n    q3map2: %s\n    ours:   %s'
                          % (name, mask, 1 - nocurves, capsule, i + 1, lines[i], a, b))
            row.append(100.0 * agree / len(outs[0]))
        print('%-9s ' % name + ' '.join('%7.2f%%     ' % r for r in row))


if __name__ == '__main__':
    main()
