"""The action's install step (action/install.sh, issue 51) against a loopback HTTP server serving
a real release archive: with the SHA-256 pinned, it installs in seconds and the binary runs; a
wrong SHA-256, a missing release and an unlisted platform each stop with one clear message; a
kept archive is checked again before it is used."""
import functools
import http.server
import os
import subprocess
import threading
import time

import pytest

from conftest import REPOSITORY, archive_name, version

INSTALL = REPOSITORY / "action" / "install.sh"


@pytest.fixture
def server(release):
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(release))
    handler.log_message = lambda *args: None
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


def digest(release):
    return (release / f"{archive_name()}.tar.gz.sha256").read_text().split()[0]


def run(mode, tmp_path, checksums, version_wanted=""):
    """install.sh as the action runs it; returns (exit code, what it printed, its outputs)."""
    (tmp_path / "checksums.txt").write_text(checksums)
    output = tmp_path / "github-output"
    output.write_text("")
    env = dict(os.environ, LINKWELL_CHECKSUMS=str(tmp_path / "checksums.txt"), LINKWELL_CACHE=str(tmp_path / "cache"),
               LINKWELL_VERSION=version_wanted, RUNNER_TEMP=str(tmp_path / "runner"), GITHUB_OUTPUT=str(output))
    (tmp_path / "runner").mkdir(exist_ok=True)
    done = subprocess.run(["bash", str(INSTALL), mode], env=env, capture_output=True, text=True, timeout=60)
    outputs = dict(line.split("=", 1) for line in output.read_text().splitlines() if "=" in line)
    return done.returncode, done.stdout + done.stderr, outputs


def test_a_pinned_archive_installs_and_runs_in_seconds(release, server, tmp_path):
    checksums = f"# a comment\n{digest(release)} {server}/{archive_name()}.tar.gz\n"
    code, printed, outputs = run("resolve", tmp_path, checksums)
    assert code == 0, printed
    assert outputs == {"version": version(), "archive": f"{archive_name()}.tar.gz", "sha256": digest(release)}
    start = time.monotonic()
    code, printed, outputs = run("install", tmp_path, checksums)
    took = time.monotonic() - start
    assert code == 0, printed
    assert took < 10, f"the install took {took:.1f} s"
    binary = outputs["linkwell"]
    assert subprocess.run([binary, "--version"], capture_output=True, text=True, check=True).stdout.strip() == version()
    # Kept: the next run uses the archive it checked, without the server.
    code, printed, outputs = run("install", tmp_path, checksums.replace(server, "http://127.0.0.1:9"))
    assert code == 0, printed
    assert outputs["linkwell"] == binary


def test_a_wrong_checksum_is_refused_with_one_clear_message(release, server, tmp_path):
    wrong = "0" * 64
    code, printed, outputs = run("install", tmp_path, f"{wrong} {server}/{archive_name()}.tar.gz\n")
    assert code == 1
    assert f"::error title=Linkwell could not be installed::{archive_name()}.tar.gz has SHA-256 {digest(release)}, but the action pins {wrong}" in printed
    assert "linkwell" not in outputs
    assert not any((tmp_path / "cache").glob("*.tar.gz")), "a refused archive is not kept"


def test_a_kept_archive_that_changed_is_fetched_again(release, server, tmp_path):
    checksums = f"{digest(release)} {server}/{archive_name()}.tar.gz\n"
    assert run("install", tmp_path, checksums)[0] == 0
    kept = tmp_path / "cache" / f"{archive_name()}.tar.gz"
    kept.write_bytes(b"planted by another branch's cache entry")
    code, printed, outputs = run("install", tmp_path, checksums)
    assert code == 0, printed
    assert kept.read_bytes() == (release / f"{archive_name()}.tar.gz").read_bytes()


def test_nothing_pinned_or_nothing_served_names_the_way_out(release, server, tmp_path):
    code, printed, _ = run("install", tmp_path, "# no release yet\n")
    assert code == 1 and "pins no Linkwell release archive" in printed and "from-source: true" in printed
    code, printed, _ = run("install", tmp_path, f"{digest(release)} {server}/{archive_name()}.tar.gz\n", version_wanted="9.9.9")
    assert code == 1 and "at version 9.9.9" in printed
    missing = f"{digest(release)} {server}/linkwell-{version()}-{os.uname().sysname.lower()}-{os.uname().machine}.tar.gz.missing"
    code, printed, _ = run("install", tmp_path, missing + "\n")
    assert code == 1 and "pins no Linkwell release archive" in printed
    gone = f"{digest(release)} {server}/gone/{archive_name()}.tar.gz\n"
    code, printed, _ = run("install", tmp_path, gone)
    assert code == 1 and "downloading" in printed and "failed" in printed
