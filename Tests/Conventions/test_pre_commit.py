"""The CI convention a team copies first: the pre-commit hooks, run end to end with pre-commit from
PyPI on a scratch site repository (the GitHub Action is held by test_github_action.py)."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from ruamel.yaml import YAML

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Support"))
from linkwell_testing import REPOSITORY, linkwell_binary  # noqa: E402


def require_pre_commit():
    if shutil.which("pre-commit") is None and subprocess.run([sys.executable, "-m", "pre_commit", "--version"],
                                                             capture_output=True).returncode != 0:
        if os.environ.get("CI"):
            pytest.fail("pre-commit is not installed; .ci/test installs it")
        pytest.skip("pre-commit is not installed: pip install pre-commit")


def run(arguments, cwd, env=None, check=True):
    result = subprocess.run(arguments, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    if check:
        assert result.returncode == 0, result.stdout + result.stderr
    return result


def git(cwd, *arguments):
    return run(["git", "-c", "user.name=Linkwell Tests", "-c", "user.email=tests@example.com", *arguments], cwd)


def test_the_hooks_file_is_valid_for_pre_commit():
    require_pre_commit()
    run([sys.executable, "-m", "pre_commit", "validate-manifest", str(REPOSITORY / ".pre-commit-hooks.yaml")], REPOSITORY)
    hooks = {hook["id"]: hook for hook in YAML(typ="safe").load((REPOSITORY / ".pre-commit-hooks.yaml").read_text())}
    assert set(hooks) == {"linkwell-validate", "linkwell-check", "linkwell-validate-system", "linkwell-check-system"}
    assert hooks["linkwell-check"]["language"] == "swift" and hooks["linkwell-check-system"]["language"] == "system"


def test_pre_commit_refuses_a_stale_output_and_passes_a_fresh_build(tmp_path):
    require_pre_commit()
    # The hooks are read from a commit of this repository: the one checked out, or HEAD.
    revision = run(["git", "rev-parse", "HEAD"], REPOSITORY).stdout.strip()
    site = tmp_path / "site"
    site.mkdir()
    binary = str(linkwell_binary())
    run([binary, "init", "--team-id", "ABCDE12345", "--bundle-id", "com.example.app", "--domain", "m.example.org",
         "--mirror", "mlink.example.org"], site)
    run([binary, "build"], site)
    (site / ".pre-commit-config.yaml").write_text(f"""repos:
  - repo: {REPOSITORY}
    rev: {revision}
    hooks:
      - id: linkwell-validate-system
      - id: linkwell-check-system
""")
    git(site, "init", "-q")
    git(site, "add", ".")
    git(site, "commit", "-q", "-m", "site")
    env = dict(os.environ, PATH=f"{Path(binary).parent}:{os.environ['PATH']}", PRE_COMMIT_HOME=str(tmp_path / "cache"))
    passed = run([sys.executable, "-m", "pre_commit", "run", "--all-files"], site, env)
    assert "linkwell check" in passed.stdout and "Passed" in passed.stdout

    manifest = site / "site.yaml"
    text = manifest.read_text()
    edited = text.replace('description: Open this page in Example.', 'description: Open it in the app.')
    assert edited != text, "the starter's page description changed: edit the test's text"
    manifest.write_text(edited)
    stale = run([sys.executable, "-m", "pre_commit", "run", "--all-files"], site, env, check=False)
    assert stale.returncode == 1
    assert "Output is stale (" in stale.stdout and "run 'linkwell build' and commit the result" in stale.stdout, stale.stdout

    run([binary, "build"], site)
    again = run([sys.executable, "-m", "pre_commit", "run", "--all-files"], site, env)
    assert "Failed" not in again.stdout
