"""320 malformed manifests from a seeded generator — truncations, byte flips (invalid UTF-8
among them), type swaps, deleted and repeated lines, huge scalars, alias bombs, invalid UTF-8 —
each built by the `linkwell` binary into a copy of Output/: every one that fails exits 1 within
20 s and 512 MB, with every error at a line and column of the manifest (or naming the rendered
file it is about), and leaves the output folder byte-identical."""
import hashlib
import os
import random
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Support"))
from linkwell_testing import REPOSITORY, Deadline, linkwell_binary  # noqa: E402

CASES = 320
SECONDS = 20
MEGABYTES = 512
LOCATED = re.compile(r"^(\S*site\.yaml|\S*data/[^:]+|\S*Templates/[^:]+):\d+:\d+: error: ")


def mutate(data, rng):
    lines = data.split(b"\n")
    index = rng.randrange(len(lines))
    kind = rng.randrange(8)
    if kind == 0:
        return data[:rng.randrange(len(data))]
    if kind == 1:
        flipped = bytearray(data)
        for _ in range(1 + rng.randrange(4)):
            flipped[rng.randrange(len(flipped))] = rng.choice(b":-[]{}\"'#&*!|>%@` \n\t\\,?")
        return bytes(flipped)
    if kind == 2:
        line = lines[index]
        if b":" in line:
            key = line[:line.index(b":") + 1]
            value = line[line.index(b":") + 1:]
            lines[index] = key + rng.choice([b" [" + value + b"]", b" {a: " + value + b"}", b" ", b" ~", b" 12", b" true", b" [[",
                                             b" &x *x"])
    elif kind == 3:
        del lines[index]
    elif kind == 4:
        lines.insert(index, lines[index])
    elif kind == 5:
        lines.append(b'huge: "' + b"x" * (200_000 + rng.randrange(800_000)) + b'"')
    elif kind == 6:
        lines.append(b"bomb0: &b0 [x, x, x, x, x, x, x, x, x, x]")
        for level in range(1, 3 + rng.randrange(7)):
            lines.append(f"bomb{level}: &b{level} [".encode() + b", ".join([f"*b{level - 1}".encode()] * 10) + b"]")
    else:
        # Invalid UTF-8: a lone continuation byte, a cut multi-byte character, an overlong form.
        broken = bytearray(lines[index])
        broken[rng.randrange(len(broken) + 1):0] = rng.choice([b"\x80", b"\xc3", b"\xe6\x9d", b"\xc0\xaf", b"\xff"])
        lines[index] = bytes(broken)
    return b"\n".join(lines)


def tree_hash(folder):
    digest = hashlib.sha256()
    for root, _, names in sorted(os.walk(folder)):
        for name in sorted(names):
            path = Path(root) / name
            digest.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def build(binary, manifest, output):
    """Runs a build; returns (exit code, stderr, seconds, peak RSS in MB) of that one process."""
    start = time.monotonic()
    process = subprocess.Popen([binary, "build", "--manifest", str(manifest), "--output", str(output)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    with Deadline(process, 120):
        stderr = process.stderr.read()
        _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    return process.returncode, stderr.decode(errors="replace"), time.monotonic() - start, usage.ru_maxrss / 1024


def test_malformed_manifests_exit_1_located_within_bounds_leaving_output_untouched(tmp_path):
    binary = str(linkwell_binary())
    for folder in ["Templates", "data", "app-files"]:
        shutil.copytree(REPOSITORY / folder, tmp_path / folder)
    output = tmp_path / "Output"
    shutil.copytree(REPOSITORY / "Output", output)
    before = tree_hash(output)
    base = (REPOSITORY / "site.yaml").read_bytes()
    rng = random.Random(20261124)
    failed, slowest, largest = 0, 0.0, 0.0
    for case in range(CASES):
        data = base
        for _ in range(1 + rng.randrange(3)):
            data = mutate(data, rng)
        manifest = tmp_path / "site.yaml"
        manifest.write_bytes(data)
        code, stderr, seconds, megabytes = build(binary, manifest, output)
        slowest, largest = max(slowest, seconds), max(largest, megabytes)
        assert seconds < SECONDS and megabytes < MEGABYTES, f"case {case}: {seconds:.1f} s, {megabytes:.0f} MB"
        assert code in (0, 1), f"case {case}: exit {code}\n{stderr[-2000:]}"
        if code == 0:
            # A mutation that kept the manifest valid (a repeated comment line, say) may rebuild.
            before = tree_hash(output)
            continue
        failed += 1
        errors = [line for line in stderr.splitlines() if ": error: " in line]
        assert errors, f"case {case}: exit 1 without an error\n{stderr[-2000:]}"
        unlocated = [line for line in errors if not LOCATED.match(line)
                     and "apple-app-site-association" not in line and "robots.txt" not in line]
        assert not unlocated, f"case {case}: {unlocated[:3]}"
        assert tree_hash(output) == before, f"case {case}: the failed build changed the output folder"
    assert failed > 250, f"most mutations break the manifest: {failed} of {CASES}"
    print(f"{failed} of {CASES} failed; slowest {slowest:.2f} s, largest {largest:.0f} MB")


def test_manifests_of_every_shape_up_to_the_size_limit_are_read_within_bounds(tmp_path):
    """Reading YAML takes time in proportion to its size whatever its shape (a collection grew by
    copying itself before, so 40,000 entries took 8-25 s and a manifest just under 4 MB ran past
    600 s): the bundled manifest followed by one long sequence, one wide mapping or a sequence of
    small mappings, just under the 4 MB limit, each answered within the guarantee's bounds with a
    located error (an unknown key, or too many values at the value past the budget)."""
    binary = str(linkwell_binary())
    for folder in ["Templates", "data", "app-files"]:
        shutil.copytree(REPOSITORY / folder, tmp_path / folder)
    base = (REPOSITORY / "site.yaml").read_text()
    limit = 4 * 1024 * 1024 - 4096
    shapes = {
        "sequence": lambda i: f"  - entry-{i}\n",
        "mapping": lambda i: f"  key{i}: value\n",
        "mappings": lambda i: f"  - {{a: {i}, b: [x, y]}}\n",
        "under-budget": lambda i: f"  - {'x' * 60}{i}\n",
        # Nested as deep as a manifest may (60 levels): libyaml's scanner pays at every token
        # for each open level, so a bound of 1,000 levels made this 40 times a flat document.
        "nested": lambda i: f"  - {'[' * 60}{i}{']' * 60}\n",
        "nested-mappings": lambda i: f"  - {'{a: ' * 30}{i}{'}' * 30}\n",
    }
    times = {}
    for shape, line in shapes.items():
        parts, size, i = [base, "extra:\n"], len(base) + 7, 0
        while size + 64 < limit:
            parts.append(line(i))
            size += len(parts[-1])
            i += 1
        manifest = tmp_path / f"{shape}.yaml"
        manifest.write_text("".join(parts))
        code, stderr, seconds, megabytes = build(binary, manifest, tmp_path / "Output")
        assert code == 1 and seconds < SECONDS and megabytes < MEGABYTES, (shape, seconds, megabytes, stderr[-300:])
        assert re.search(rf"{shape}\.yaml:\d+:\d+: error: ", stderr), stderr[-300:]
        times[shape] = seconds
        print(f"{shape}: {i} entries, {size} bytes: {seconds:.2f} s, {megabytes:.0f} MB")
    # Nesting costs what its bytes cost: within a few times the flat sequence of the same size.
    for shape in ["nested", "nested-mappings"]:
        assert times[shape] < 4 * times["sequence"] + 2, times
