"""Helpers the Python suites (Serving, Browser, Schema) share: the built binary, free ports and a
running `linkwell serve`. Each suite's conftest puts this folder on sys.path."""
import functools
import os
import random
import shutil
import socket
import subprocess
import threading
import time
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def swift_build_options():
    """The build the suites test: `.ci/test` sets LINKWELL_BUILD=release (the optimized build, with
    testing on, that it compiled and ran the Swift suites in); a bare `pytest` uses the debug build."""
    return ["-c", "release", "-Xswiftc", "-enable-testing"] if os.environ.get("LINKWELL_BUILD") == "release" else []


@functools.cache
def linkwell_binary():
    """The built binary, asked of SwiftPM once per suite (each ask loads the package graph)."""
    path = subprocess.run(["swift", "build", "--show-bin-path", *swift_build_options()], cwd=REPOSITORY, check=True,
                          capture_output=True, text=True, timeout=300).stdout.strip()
    return Path(path) / "linkwell"


def threads_of(pid):
    """Where each thread of process `pid` is (gdb's backtraces), or why that cannot be said."""
    if not shutil.which("gdb"):
        return "(no gdb on this machine to show its threads)"
    try:
        done = subprocess.run(["gdb", "-p", str(pid), "-batch", "-ex", "thread apply all bt"], capture_output=True,
                              text=True, timeout=120)
        stacks = "\n".join(line for line in done.stdout.splitlines() if line.startswith(("#", "Thread")))
        # gdb may not attach (ptrace refused to a non-root user, say): then say why.
        return stacks or f"(gdb showed no threads: {done.stderr.strip()[-500:]})"
    except subprocess.TimeoutExpired:
        return "(gdb did not answer within 120 s)"


class Deadline:
    """Kills `process` if it is still running after `seconds`, keeping its threads' stacks: a run
    that hangs fails its test, saying where it hung, instead of holding the whole CI run until its
    time limit. Use as a context manager around everything that waits on the process."""

    def __init__(self, process, seconds=180):
        self.process, self.seconds, self.stacks = process, seconds, None
        self.timer = threading.Timer(seconds, self._expire)
        self.timer.daemon = True

    def _expire(self):
        # Asked without reaping the process (`poll` would): a caller may be in `os.wait4` for it.
        try:
            running = os.waitid(os.P_PID, self.process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is None
        except ChildProcessError:
            running = False
        if running:
            self.stacks = threads_of(self.process.pid)
            self.process.kill()

    def __enter__(self):
        self.timer.start()
        return self

    def __exit__(self, *failure):
        self.timer.cancel()
        self.timer.join()
        if self.stacks is not None:
            arguments = " ".join(map(str, self.process.args))
            raise AssertionError(f"`{arguments}` did not end within {self.seconds} s and was killed; its threads:\n{self.stacks}")
        return False


def run_within(arguments, seconds=180, **options):
    """`subprocess.run(arguments, capture_output=True, text=True, **options)` under a `Deadline`."""
    process = subprocess.Popen(arguments, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **options)
    with Deadline(process, seconds):
        stdout, stderr = process.communicate()
    return subprocess.CompletedProcess(arguments, process.returncode, stdout, stderr)


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


def wait_for_port(port, process, name, seconds=15):
    """Returns once 127.0.0.1:`port` accepts a connection; raises with the server's error output if
    `process` exits first, or after `seconds`."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            if process.poll() is not None:
                raise RuntimeError(f"{name} did not start: {process.stderr.read().decode()}")
            time.sleep(0.05)
    raise RuntimeError(f"{name} did not start within {seconds} s")


def start_nginx(prefix, server_blocks, port):
    """The one nginx launcher of the Python suites: writes `prefix`/nginx.conf around
    `server_blocks` (text of `server { … }` blocks; every path nginx writes stays under `prefix`)
    and runs nginx in the foreground until `port` answers. Returns the process."""
    prefix = Path(prefix)
    (prefix / "nginx.conf").write_text(f"""
user root;
worker_processes 1;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log;
events {{ worker_connections 64; }}
http {{
    access_log off;
    client_body_temp_path {prefix}/body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    {''.join(server_blocks)}
}}
""")
    process = subprocess.Popen(["nginx", "-c", str(prefix / "nginx.conf"), "-p", str(prefix), "-g", "daemon off;"],
                               stderr=subprocess.PIPE)
    wait_for_port(port, process, "nginx")
    return process
