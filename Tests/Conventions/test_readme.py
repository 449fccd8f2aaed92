"""README.md is the front door: short (at most 12 KB, the reference lives in docs/), and it
names the two commands that set Linkwell up and test it, the second being what CI runs."""
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]


def test_the_readme_is_short_and_names_the_two_commands():
    readme = (REPOSITORY / "README.md").read_text()
    assert len(readme.encode()) <= 12 * 1024, f"README.md is {len(readme.encode())} bytes; move reference text to docs/"
    assert "swift run linkwell build" in readme and ".ci/test" in readme
    assert "\n.ci/test\n" in (REPOSITORY / ".ci" / "run").read_text(), ".ci/run must run the README's test command"
