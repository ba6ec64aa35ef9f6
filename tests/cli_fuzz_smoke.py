"""Never crash: the CLI on mutated golden inputs must exit 0 (accepted) or 1 (user error) and never
report an internal error, crash, or hang. Deterministic (fixed seed) so a failure reproduces.

usage: cli_fuzz_smoke.py TILESPLIT GOLDEN_DIR [ITERATIONS]
"""
import glob
import random
import re
import subprocess
import sys


def mutate(rng, src):
    b = bytearray(src)
    op = rng.randrange(4)
    if op == 0 and len(b) > 2:
        i = rng.randrange(len(b))
        del b[i:i + rng.randrange(1, 40)]
    elif op == 1:
        for _ in range(rng.randrange(1, 6)):
            if b:
                b[rng.randrange(len(b))] = rng.choice(b'()[]:,=\n \t#"\'x0-.@')
    elif op == 2:
        b = b[:rng.randrange(len(b) + 1)]
    else:
        i = rng.randrange(len(b) + 1)
        b[i:i] = rng.choice([b'(' * 50, b'\xff\xfe', b'\x00', b'    ' * 30, b'pl.tile.add(',
                             b'-' * 100 + b'1'])
    return bytes(b)


def main():
    tool, golden = sys.argv[1], sys.argv[2]
    iterations = int(sys.argv[3]) if len(sys.argv) > 3 else 150
    files = sorted(f for f in glob.glob(golden + '/**/*.py', recursive=True)
                   if not f.endswith('.expected.py') and not f.endswith('.split.py'))
    rng = random.Random(20261130)
    failed = passed = 0
    for it in range(iterations):
        path = rng.choice(files)
        data = mutate(rng, open(path, 'rb').read())
        case = '/tmp/tilesplit_fuzz_%d.py' % it
        with open(case, 'wb') as f:
            f.write(data)
        for cmd in (['print'], ['opt', '-p', 'lower-auto-vector-split,expand-mixed-kernel']):
            try:
                r = subprocess.run([tool] + cmd + [case], capture_output=True, timeout=60)
                # The diagnostic's own heading, not the echoed source line (a comment may say it).
                ok = r.returncode in (0, 1) and not re.search(rb'(^|: )internal error', r.stderr,
                                                              re.M)
                detail = 'exit %d: %s' % (r.returncode, r.stderr[-400:].decode('utf-8', 'replace'))
            except subprocess.TimeoutExpired:
                ok, detail = False, 'timed out'
            if ok:
                passed += 1
            else:
                failed += 1
                print('FAIL %s (mutated from %s, kept at %s): %s' % (' '.join(cmd), path, case, detail))
        if ok:
            subprocess.run(['rm', '-f', case])
    print('%d passed, %d failed' % (passed, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
