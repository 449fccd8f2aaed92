"""The deadline every wait of this suite on a build has (`Deadline`, `run_within`): a process past
it is killed and fails the test with where its threads were; one that ends in time is left alone."""
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Support"))
from linkwell_testing import Deadline, run_within  # noqa: E402


def test_a_process_past_its_deadline_is_killed_and_the_test_fails_with_its_threads():
    start = time.monotonic()
    with pytest.raises(AssertionError) as failure:
        run_within(["sleep", "60"], seconds=1)
    assert time.monotonic() - start < 30
    assert "`sleep 60` did not end within 1 s and was killed; its threads:" in str(failure.value)
    assert "Thread" in str(failure.value) or "gdb" in str(failure.value), str(failure.value)


def test_a_process_that_ends_in_time_is_left_alone_and_reaped_by_its_caller():
    done = run_within(["sh", "-c", "echo out; echo err >&2; exit 3"], seconds=30)
    assert (done.returncode, done.stdout, done.stderr) == (3, "out\n", "err\n")
    process = subprocess.Popen(["true"])
    with Deadline(process, 30):
        _, status, _ = os.wait4(process.pid, 0)
    assert status == 0
