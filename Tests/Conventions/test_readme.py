"""README.md is the front door: short (at most 12 KB, the reference lives in docs/), and it
names the two commands that set Linkwell up and test it, the second being what CI runs."""
import subprocess
import sys
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]


def test_the_readme_is_short_and_names_the_two_commands():
    readme = (REPOSITORY / "README.md").read_text()
    assert len(readme.encode()) <= 12 * 1024, f"README.md is {len(readme.encode())} bytes; move reference text to docs/"
    assert "swift run linkwell build" in readme and ".ci/test" in readme
    assert "\n.ci/test\n" in (REPOSITORY / ".ci" / "run").read_text(), ".ci/run must run the README's test command"


def tour_lines():
    readme = (REPOSITORY / "README.md").read_text()
    tour = readme.split("## A one-minute tour", 1)[1]
    block = tour.split("```sh\n", 1)[1].split("```", 1)[0]
    # A trailing backslash continues a command on the next line, as the shell reads it.
    return [line for line in block.replace("\\\n", " ").splitlines() if line.strip()]


def test_the_tour_runs_as_written_from_a_fresh_folder(tmp_path):
    """The tour's commands, in order, in bash, from a folder standing for a fresh clone, within two
    minutes. Two things differ from a reader's run, both said here: the first line (the binary
    `swift run` built, put on PATH) puts the binary under test on PATH, and a free port stands for
    8080 (which a shared machine may have taken). Nothing waits for serve: verify does."""
    sys.path.insert(0, str(REPOSITORY / "Tests" / "Support"))
    from linkwell_testing import free_port, linkwell_binary
    lines = tour_lines()
    assert lines[0] == 'export PATH="$PWD/.build/debug:$PATH"', lines[0]
    port = free_port()
    script = ["set -euo pipefail", f'export PATH="{Path(linkwell_binary()).parent}:$PATH"']
    for line in lines[1:]:
        command = line.split("  #", 1)[0].rstrip()
        command = command.replace("8080", str(port))
        if command.startswith("linkwell serve"):
            command = command.replace("linkwell serve", f"linkwell serve --port {port}", 1)
        script.append(command)
    clone = tmp_path / "clone"
    clone.mkdir()
    run = subprocess.run(["bash", "-c", "\n".join(script)], cwd=clone, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, "\n".join(script) + "\n" + run.stdout[-3000:] + run.stderr[-3000:]
    site = tmp_path / "my-site"
    assert (site / "site.yaml").exists() and (site / "Output" / "m.example.com" / ".well-known" / "apple-app-site-association").exists()
    assert ": 0 errors, 0 warnings" in run.stdout, run.stdout[-2000:]
    assert "https://m.example.com/u/42" in run.stdout
