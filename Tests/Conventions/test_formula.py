"""The Homebrew formula (Formula/linkwell.rb) parses as Ruby, depends on libyaml, builds with SwiftPM,
installs completions and the man page, and tests a starter build; it names no release archive or
checksum until one is published."""
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

FORMULA = Path(__file__).resolve().parents[2] / "Formula" / "linkwell.rb"


def test_the_formula_parses_as_ruby():
    if shutil.which("ruby") is None:
        if os.environ.get("CI"):
            pytest.fail("ruby is not installed; .ci/test installs it (apt-get install ruby)")
        pytest.skip("ruby is not installed: apt-get install ruby")
    done = subprocess.run(["ruby", "-c", str(FORMULA)], capture_output=True, text=True)
    assert done.returncode == 0 and "Syntax OK" in done.stdout, done.stdout + done.stderr


def test_the_formula_names_what_it_needs_and_nothing_unpublished():
    text = FORMULA.read_text()
    assert 'depends_on "libyaml"' in text
    assert re.search(r'system "swift", "build", .*"-c", "release"', text)
    assert "generate_completions_from_executable" in text and "man1.install" in text
    assert re.search(r"test do\n(.|\n)*linkwell\", \"build\"", text)
    # No checksum of an archive that does not exist yet.
    assert "sha256 " not in text and "url " not in text.replace("head ", "")
