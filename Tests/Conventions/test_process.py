"""What the binary sets before `main` (Sources/CProcess): `match` allocates from glibc's main
arena only. A thread's own arena grows one page per `mprotect` call, and commands run on a worker
thread, so losing the setting (the C constructor not linked, or compiled away) costs `match` a few
hundred system calls at every start; other commands keep glibc's arenas (docs/performance.md, "One
malloc arena for match"). Counted with strace, which .ci/test installs."""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Support"))
from linkwell_testing import linkwell_binary  # noqa: E402


def require_strace():
    if shutil.which("strace") is None:
        if os.environ.get("CI"):
            pytest.fail("strace is not installed; .ci/test installs it")
        pytest.skip("strace is not installed: apt-get install strace")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's arenas: Linux only")
def test_loading_a_thousand_rules_grows_the_heap_in_few_system_calls(tmp_path):
    require_strace()
    components = [{"/": f"/section{index}/item/*", "caseSensitive": index % 3 != 0} for index in range(1_000)]
    app = "ABCDE12345.com.example.app"
    aasa = tmp_path / "aasa.json"
    aasa.write_text(json.dumps({"applinks": {"details": [
        {"appID": app, "appIDs": [app], "components": components, "paths": [c["/"] for c in components]}]}}))
    trace = tmp_path / "trace.txt"
    result = subprocess.run(
        ["strace", "-f", "-e", "trace=mprotect", "-o", str(trace),
         str(linkwell_binary()), "match", "--aasa", str(aasa), "--stdin", "--json"],
        input="https://m.example.com/section5/item/1\n", capture_output=True, text=True, timeout=120)
    if result.returncode != 0 and "ptrace" in result.stderr.lower():
        # A container without the ptrace capability: strace cannot follow the process.
        if os.environ.get("CI"):
            pytest.fail(f"strace cannot trace here: {result.stderr.strip()}")
        pytest.skip(f"strace cannot trace here: {result.stderr.strip()}")
    assert result.returncode == 0, result.stderr
    assert '"decision":"match"' in result.stdout
    calls = trace.read_text().count("mprotect(")
    # 10 with one arena (the loader's own); 368 with an arena per thread.
    assert calls < 60, f"{calls} mprotect calls: is Sources/CProcess linked?"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's heaps: Linux only")
def test_streaming_item_pages_grows_the_heaps_in_few_system_calls(tmp_path):
    """`check` (like build, validate and diff) grows each thread's heap 16 MB at a time: a
    record-less check of 3,000 rows made a few hundred `mprotect` calls with glibc's page-at-a-
    time growth, and makes a few dozen (docs/performance.md, "Heaps grown 16 MB at a time")."""
    require_strace()
    repository = Path(__file__).resolve().parents[2]
    shutil.copy(repository / "site.yaml", tmp_path / "site.yaml")
    shutil.copytree(repository / "Templates", tmp_path / "Templates")
    (tmp_path / "data").mkdir()
    header = (repository / "data" / "profiles.csv").read_text().splitlines()[0]
    rows = [f"/u/member-{index},Member {index},Member {index} likes things.,https://www.example.com/img/{index}.jpg,Member {index}"
            for index in range(3_000)]
    assert header.split(",")[:2] == ["path", "title"], header
    (tmp_path / "data" / "profiles.csv").write_text("\n".join([header] + rows) + "\n")
    environment = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache"))
    environment.pop("GLIBC_TUNABLES", None)
    environment.pop("MALLOC_TOP_PAD_", None)
    build = subprocess.run([str(linkwell_binary()), "build"], cwd=tmp_path, env=environment, capture_output=True, text=True)
    assert build.returncode == 0, build.stderr
    shutil.rmtree(tmp_path / "cache")
    trace = tmp_path / "trace.txt"
    result = subprocess.run(
        ["strace", "-f", "-e", "trace=mprotect", "-o", str(trace), str(linkwell_binary()), "check"],
        cwd=tmp_path, env=environment, capture_output=True, text=True, timeout=120)
    if result.returncode != 0 and "ptrace" in result.stderr.lower():
        if os.environ.get("CI"):
            pytest.fail(f"strace cannot trace here: {result.stderr.strip()}")
        pytest.skip(f"strace cannot trace here: {result.stderr.strip()}")
    assert result.returncode == 0, result.stderr
    calls = trace.read_text().count("mprotect(")
    assert calls < 80, f"{calls} mprotect calls: is Sources/CProcess linked, with the top pad for check?"
