"""Helpers the Python suites (Serving, Browser, Schema) share: the built binary, free ports and a
running `linkwell serve`. Each suite's conftest puts this folder on sys.path."""
import random
import socket
import subprocess
import time
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def linkwell_binary():
    path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=REPOSITORY, check=True,
                          capture_output=True, text=True).stdout.strip()
    return Path(path) / "linkwell"


def start_serve(hosts, cwd=REPOSITORY):
    """`linkwell serve` on the bundled example (or the site.yaml in `cwd`), one free port per host
    from a random base, once every port answers. Returns (process, {host: port}); the caller
    terminates the process."""
    for _ in range(20):
        base = random.randrange(20000, 40000)
        try:
            for offset in range(len(hosts)):
                with socket.socket() as s:
                    s.bind(("127.0.0.1", base + offset))
            break
        except OSError:
            continue
    process = subprocess.Popen([str(linkwell_binary()), "serve", "--port", str(base)], cwd=cwd,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 20
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", base + len(hosts) - 1), timeout=0.2).close()
            break
        except OSError:
            if process.poll() is not None:
                raise RuntimeError("linkwell serve stopped")
            time.sleep(0.1)
    return process, {host: base + index for index, host in enumerate(hosts)}
