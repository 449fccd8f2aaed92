"""An output folder that is a mount point (a bind mount, a volume): the build stages beside the
folder and renames files into it, which cannot cross to another file system. It must say so
before writing anything — not the kernel's "invalid cross-device link" or "device or resource
busy" — leave the mounted folder untouched, and the folder it suggests must build."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Support"))
from linkwell_testing import linkwell_binary, run_within  # noqa: E402
from test_kill import bundled_workspace, snapshot  # noqa: E402


def mount_tmpfs(folder):
    """Mounts a tmpfs on `folder`, or skips where this machine does not let the tests mount."""
    done = subprocess.run(["mount", "-t", "tmpfs", "tmpfs", str(folder)], capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")


@pytest.mark.parametrize("with_files", [False, True])
def test_a_mount_point_is_refused_with_what_to_do(tmp_path, with_files):
    binary = linkwell_binary()
    workspace = bundled_workspace(tmp_path)
    output = workspace / "Output"
    output.mkdir()
    mount_tmpfs(output)
    try:
        if with_files:
            # An earlier build inside the mount: linking its files beside the mount would cross devices.
            (output / "keep.txt").write_text("kept\n")
        before = snapshot(output)
        done = run_within([str(binary), "build"], cwd=workspace)
        assert done.returncode == 1, done.stderr
        assert done.stderr.startswith("linkwell: error: 'Output' is a mount point (another file system than the folder that holds it)"), done.stderr
        assert "--output 'Output/site'" in done.stderr
        assert "cross-device" not in done.stderr and "busy" not in done.stderr
        assert snapshot(output) == before
        assert not [name for name in os.listdir(workspace) if ".linkwell-new-" in name]
        inside = run_within([str(binary), "build", "--output", "Output/site"], cwd=workspace)
        assert inside.returncode == 0, inside.stderr
        assert (output / "site").is_dir()
    finally:
        subprocess.run(["umount", str(output)], check=False, timeout=60)
