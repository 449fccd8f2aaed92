"""The release archive `.ci/release` writes, built once for the release suites."""
import os
import subprocess
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[2]


def version():
    text = (REPOSITORY / "Sources" / "LinkwellCore" / "Pipeline" / "Linkwell.swift").read_text()
    return text.split('static let version = "', 1)[1].split('"', 1)[0]


def archive_name():
    return f"linkwell-{version()}-{os.uname().sysname.lower()}-{os.uname().machine}"


@pytest.fixture(scope="session")
def release(tmp_path_factory):
    # .ci/release builds for Linux (ldd, sha256sum, libyaml.a); a macOS binary comes from the
    # project's CI on macOS.
    if os.uname().sysname != "Linux":
        pytest.skip(".ci/release builds the Linux archive")
    dest = tmp_path_factory.mktemp("release")
    done = subprocess.run([str(REPOSITORY / ".ci" / "release"), str(dest)], cwd=REPOSITORY, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return dest
