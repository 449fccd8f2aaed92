"""`.ci/test` runs every Python suite, waits for each suite it runs beside another, and tests the
build `.ci/run`'s `linkwell check` then runs."""
import re
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
SCRIPT = (REPOSITORY / ".ci" / "test").read_text()


def test_every_python_suite_folder_is_run():
    folders = {path.parent.name for path in REPOSITORY.glob("Tests/*/test_*.py")}
    run = set(re.findall(r"\bsuite (\w+)\s*(?:;|$)", SCRIPT, flags=re.M))
    assert folders and folders <= run, f"suites .ci/test does not run: {sorted(folders - run)}"


def test_every_suite_run_beside_another_is_waited_for():
    beside = re.findall(r"\bbeside (\w+) suite \w+", SCRIPT)
    finished = re.findall(r"^finish (\w+)$", SCRIPT, flags=re.M)
    assert beside and sorted(beside) == sorted(finished), (beside, finished)


def test_linkwell_check_runs_the_build_the_suites_tested():
    def flags(text):
        found = re.findall(r"^build=\((.*)\)$", text, flags=re.M)
        assert len(found) == 1, found
        return found[0]
    run = (REPOSITORY / ".ci" / "run").read_text()
    assert flags(run) == flags(SCRIPT)
    assert 'swift build --build-tests "${build[@]}"' in SCRIPT and 'swift test --skip-build "${build[@]}"' in SCRIPT


def test_a_hang_fails_the_run_saying_where():
    """A suite has a time limit well inside CI's, and prints each thread's Python stack before it;
    the durability suite waits on no process without a deadline (a `Deadline`, `run_within` or a
    `timeout=`), so a hung build fails its test with the build's own threads."""
    definition = re.search(r"^suite\(\) \{(.*)\}$", SCRIPT, flags=re.M)
    assert definition and "timeout " in definition[1] and "faulthandler_timeout=" in definition[1], definition
    for path in (REPOSITORY / "Tests" / "Durability").glob("*.py"):
        text = path.read_text()
        for call in re.finditer(r"subprocess\.run\((?:[^()]|\([^()]*\))*\)", text):
            assert "timeout=" in call[0], f"{path.name}: {call[0]}"
        popens = len(re.findall(r"subprocess\.Popen\(", text))
        guarded = len(re.findall(r"with Deadline\(process", text)) + len(re.findall(r"process\.send_signal\(signal\.SIGKILL\)\n\s+process\.wait\(\)", text))
        assert popens <= guarded, f"{path.name}: {popens} processes started, {guarded} waited on with a deadline"
