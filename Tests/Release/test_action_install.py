"""The action's install step (action/install.sh) against a loopback HTTP server serving a real
release archive: with the SHA-256 pinned, it installs in seconds and the binary runs; a wrong
SHA-256, a missing release, an unlisted platform and an archive tar cannot read each stop with one
clear message; nothing is kept between runs, and a file swapped between the check and the unpack
is never what runs."""
import functools
import io
import tarfile
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


def run(mode, tmp_path, checksums, version_wanted="", extra_env=None):
    """install.sh as the action runs it; returns (exit code, what it printed, its outputs)."""
    (tmp_path / "checksums.txt").write_text(checksums)
    output = tmp_path / "github-output"
    output.write_text("")
    env = dict(os.environ, LINKWELL_CHECKSUMS=str(tmp_path / "checksums.txt"), LINKWELL_VERSION=version_wanted,
               RUNNER_TEMP=str(tmp_path / "runner"), GITHUB_OUTPUT=str(output))
    env.update(extra_env or {})
    (tmp_path / "runner").mkdir(exist_ok=True)
    done = subprocess.run(["bash", str(INSTALL), mode], env=env, capture_output=True, text=True, timeout=60)
    outputs = dict(line.split("=", 1) for line in output.read_text().splitlines() if "=" in line)
    return done.returncode, done.stdout + done.stderr, outputs


def test_a_pinned_archive_installs_and_runs_in_seconds(release, server, tmp_path):
    checksums = f"# a comment\n{digest(release)} {server}/{archive_name()}.tar.gz\n"
    start = time.monotonic()
    code, printed, outputs = run("install", tmp_path, checksums)
    took = time.monotonic() - start
    assert code == 0, printed
    assert took < 10, f"the install took {took:.1f} s"
    binary = outputs["linkwell"]
    assert subprocess.run([binary, "--version"], capture_output=True, text=True, check=True).stdout.strip() == version()
    # Its own folder, which only this user can enter.
    folder = os.path.dirname(os.path.dirname(binary))
    assert os.stat(folder).st_mode & 0o077 == 0
    # Nothing is kept: the next run downloads again (and fails without the server).
    code, printed, outputs = run("install", tmp_path, checksums.replace(server, "http://127.0.0.1:9"))
    assert code == 1 and "downloading" in printed and "linkwell" not in outputs


def test_a_wrong_checksum_is_refused_with_one_clear_message(release, server, tmp_path):
    wrong = "0" * 64
    code, printed, outputs = run("install", tmp_path, f"{wrong} {server}/{archive_name()}.tar.gz\n")
    assert code == 1
    assert f"::error title=Linkwell could not be installed::{archive_name()}.tar.gz has SHA-256 {digest(release)}, but the action pins {wrong}" in printed
    assert "linkwell" not in outputs
    assert not list((tmp_path / "runner").glob("*/linkwell-*/linkwell")), "a refused archive leaves nothing to run"


def planted_archive(path):
    """A release-shaped archive whose linkwell says the right version and does nothing else."""
    script = f"#!/bin/sh\necho {version()}\n".encode()
    with tarfile.open(path, "w:gz") as archive:
        entry = tarfile.TarInfo(f"{archive_name()}/linkwell")
        entry.size, entry.mode = len(script), 0o755
        archive.addfile(entry, io.BytesIO(script))


def test_an_archive_swapped_after_the_check_is_never_what_runs(release, server, tmp_path):
    """A process on a shared runner that rewrites the archive in place the moment tar starts (here
    a tar on PATH that does so, then runs the real tar) gets nothing installed: the bytes tar
    reads are the bytes the hash reads. (Hashing by path and unpacking by path again installed
    the planted archive.)"""
    planted = tmp_path / "planted.tar.gz"
    planted_archive(planted)
    shims = tmp_path / "shims"
    shims.mkdir()
    real_tar = subprocess.run(["bash", "-c", "command -v tar"], capture_output=True, text=True, check=True).stdout.strip()
    (shims / "tar").write_text(
        "#!/bin/bash\n"
        f"for kept in $(find '{tmp_path / 'runner'}' -name '*.tar.gz'); do cat '{planted}' > \"$kept\"; done\n"
        f"exec '{real_tar}' \"$@\"\n")
    (shims / "tar").chmod(0o755)
    checksums = f"{digest(release)} {server}/{archive_name()}.tar.gz\n"
    code, printed, outputs = run("install", tmp_path, checksums, extra_env={"PATH": f"{shims}:{os.environ['PATH']}"})
    assert code == 1, printed
    assert "but the action pins" in printed or "could not be unpacked" in printed, printed
    assert printed.count("::error") == 1
    assert "linkwell" not in outputs


def test_an_archive_tar_cannot_read_ends_with_one_error_line(server, release, tmp_path):
    """An archive whose pinned hash matches but which is not a tar.gz (a release built wrong)."""
    broken = release / "broken" / f"{archive_name()}.tar.gz"
    broken.parent.mkdir(exist_ok=True)
    broken.write_bytes(b"not a gzip stream\n" * 100)
    pinned = subprocess.run(["sha256sum", str(broken)], capture_output=True, text=True, check=True).stdout.split()[0]
    code, printed, outputs = run("install", tmp_path, f"{pinned} {server}/broken/{archive_name()}.tar.gz\n")
    assert code == 1 and "linkwell" not in outputs
    assert f"::error title=Linkwell could not be installed::{archive_name()}.tar.gz could not be unpacked" in printed, printed
    assert printed.count("::error") == 1


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
