"""Nothing a pull request commits beside or inside `Output/` makes a build touch a file outside it
(docs/guarantees.md): builds are killed at random moments and rebuilt while random leftovers,
journals, FIFOs and links are planted beside and inside the output folder — links to a folder
outside the workspace named like a killed build's leftovers, journals whose entries are absolute,
hold `..`, name a sibling folder as their staging folder or are 100 MB of zeros, links in place of
page folders and pages. After every build the outside folder and the sibling folder are exactly as
they were, `check` fails while anything planted waits, and once it is removed a build and `check`
succeed.
"""
import hashlib
import os
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Support"))
from linkwell_testing import linkwell_binary, run_within  # noqa: E402
from test_kill import bundled_workspace, kill_at, write_rows  # noqa: E402

ROUNDS = 40


def tree(folder):
    """Every entry below `folder` (links as links) with what it holds."""
    found = {}
    for root, folders, names in os.walk(folder):
        for name in folders + names:
            path = Path(root) / name
            if path.is_symlink():
                found[str(path.relative_to(folder))] = "link:" + os.readlink(path)
            elif path.is_file():
                found[str(path.relative_to(folder))] = hashlib.sha256(path.read_bytes()).hexdigest()
            else:
                found[str(path.relative_to(folder))] = "folder"
    return found


def clear(path):
    """Makes way for a planted entry; False where a folder is in the way."""
    if path.is_symlink() or path.is_file() or path.is_fifo():
        path.unlink()
    return not os.path.lexists(path)


def plant(rng, workspace, outside):
    """One hostile entry beside or inside Output/; returns its path (to remove it later), or None
    where something of the build's own is in its way."""
    output = workspace / "Output"
    kind = rng.choice(["link-leftover", "journal", "huge-journal", "fifo", "folder-leftover", "link-folder", "link-page"])
    if kind == "link-leftover":
        path = workspace / rng.choice(["Output.linkwell-old-1", f"Output.linkwell-new-{rng.randrange(1, 1 << 22)}",
                                       "Output.linkwell-journal.new", "Output.linkwell-clock-9"])
        if not clear(path):
            return None
        os.symlink(rng.choice([str(outside), "..", "../..", str(workspace / "docs")]), path)
    elif kind == "journal":
        path = workspace / "Output.linkwell-journal"
        if not clear(path):
            return None
        staging = rng.choice(["docs", "..", str(outside), "Output.linkwell-new-1", ""])
        entries = [rng.choice(["../docs/index.md", str(outside / "keep.txt"), "../../" + str(outside), ".",
                               "m.example.com/../../docs", "m.example.com/robots.txt", "a//b", "/etc/hostname"])
                   for _ in range(rng.randrange(1, 6))]
        path.write_bytes(b"\0".join(x.encode() for x in [staging] + entries) + b"\0")
    elif kind == "huge-journal":
        path = workspace / "Output.linkwell-journal"
        if not clear(path):
            return None
        with open(path, "wb") as f:
            f.truncate(100 << 20)
    elif kind == "fifo":
        path = workspace / rng.choice(["Output.linkwell-journal", "Output.linkwell-new-5", "Output.linkwell-old-2"])
        if not clear(path):
            return None
        os.mkfifo(path)
    elif kind == "folder-leftover":
        path = workspace / rng.choice(["Output.linkwell-new-77", "Output.linkwell-old-3"])
        if os.path.lexists(path):
            return None
        path.mkdir()
        (path / "index.html").write_text("committed\n")
    elif kind == "link-folder":
        path = output / "m.example.com" / "u"
        if not path.is_dir() or path.is_symlink():
            return None
        for child in path.iterdir():
            child.unlink()
        path.rmdir()
        os.symlink(str(outside), path)
    else:
        path = output / "m.example.com" / "robots.txt"
        if path.is_symlink():
            return None
        path.unlink(missing_ok=True)
        os.symlink(str(outside / "keep.txt"), path)
    return path


def run(binary, workspace, *arguments):
    return run_within([str(binary), *arguments], cwd=workspace, seconds=120)


def test_planted_entries_never_reach_outside_the_output(tmp_path):
    binary = linkwell_binary()
    workspace = bundled_workspace(tmp_path)
    outside = tmp_path / "outside"
    (outside / "inner").mkdir(parents=True)
    (outside / "keep.txt").write_text("precious\n")
    (outside / "inner" / "page.html").write_text("inner\n")
    (workspace / "docs").mkdir()
    (workspace / "docs" / "index.md").write_text("documentation\n")
    write_rows(workspace, "a")
    assert run(binary, workspace, "build").returncode == 0
    before = {"outside": tree(outside), "docs": tree(workspace / "docs")}
    seed = random.randrange(1 << 30)
    rng = random.Random(seed)
    counts = {"refused": 0, "built": 0}
    version = "a"
    for attempt in range(ROUNDS):
        what = f"round {attempt} (seed {seed})"
        version = "b" if version == "a" else "a"
        write_rows(workspace, version)
        if rng.random() < 0.3:
            kill_at(binary, workspace, workspace / "Output", rng.choice(["staging made", "journal made", "staged", "replacing", "staging removed"]))
        planted = [p for p in (plant(rng, workspace, outside) for _ in range(rng.randrange(1, 3))) if p]
        built = run(binary, workspace, "build")
        counts["refused" if built.returncode else "built"] += 1
        assert {"outside": tree(outside), "docs": tree(workspace / "docs")} == before, f"{what}: {built.stderr}"
        # What is still there: anything beside the output, a link inside it (a build replaces a
        # link where it writes a file).
        waiting = [p for p in planted if (p.parent == workspace and os.path.lexists(p)) or p.is_symlink()]
        if waiting:
            checked = run(binary, workspace, "check")
            assert checked.returncode == 1, f"{what}: check passed with {waiting} planted: {checked.stdout}"
        for path in planted:
            if path.is_symlink() or path.is_file() or path.is_fifo():
                path.unlink()
            elif path.is_dir():
                for child in path.iterdir():
                    child.unlink()
                path.rmdir()
        rebuilt = run(binary, workspace, "build")
        assert rebuilt.returncode == 0, f"{what}: {rebuilt.stderr}"
        assert run(binary, workspace, "check").returncode == 0, what
        assert {"outside": tree(outside), "docs": tree(workspace / "docs")} == before, what
        assert not [p.name for p in workspace.iterdir() if ".linkwell-" in p.name], what
    print(f"seed {seed}: {counts}")
