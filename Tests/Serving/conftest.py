"""A real nginx on 127.0.0.1 serving a copy of Output/ with the nginx.conf Linkwell generated.

nginx is installed by .ci/test. Without it, these tests fail under CI=true and are skipped on
a developer's machine, with the reason.
"""
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Support"))
from linkwell_testing import free_port, linkwell_binary, start_serve  # noqa: E402,F401

REPOSITORY = Path(__file__).resolve().parents[2]
OUTPUT = REPOSITORY / "Output"


def hosts():
    return sorted(p.name for p in OUTPUT.iterdir() if p.is_dir() and "." in p.name)


class Nginx:
    """Starts nginx with one server block per host, each wrapped by `surroundings` (the rest
    of a site's configuration), and the generated snippet included first unless `snippet` is
    False (a host deployed without Linkwell's configuration)."""

    def __init__(self, root, surroundings, snippet=True):
        self.root = Path(root)
        self.port = free_port()
        blocks = []
        for host in hosts():
            blocks.append(f"""
    server {{
        listen 127.0.0.1:{self.port};
        server_name {host};
        root {self.root / host};
        {f"include {self.root / host / 'nginx.conf'};" if snippet else ""}
        {surroundings}
    }}""")
        prefix = self.root / "nginx"
        prefix.mkdir()
        config = f"""
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
    {''.join(blocks)}
}}
"""
        (prefix / "nginx.conf").write_text(config)
        self.process = subprocess.Popen(["nginx", "-c", str(prefix / "nginx.conf"), "-p", str(prefix), "-g", "daemon off;"],
                                        stderr=subprocess.PIPE)
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError(f"nginx did not start: {self.process.stderr.read().decode()}")
                time.sleep(0.05)
        raise RuntimeError("nginx did not start within 10 s")

    @property
    def base_url(self):
        return f"http://127.0.0.1:{self.port}"

    def get(self, host, path):
        import requests
        return requests.get(f"http://127.0.0.1:{self.port}{path}", headers={"Host": host}, allow_redirects=False, timeout=5)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


@pytest.fixture(scope="session")
def nginx_available():
    if shutil.which("nginx") is None:
        if os.environ.get("CI"):
            pytest.fail("nginx is not installed; .ci/test installs it (apt-get install nginx)")
        pytest.skip("nginx is not installed: run .ci/test (it installs nginx) or apt-get install nginx")


@pytest.fixture
def serve(nginx_available):
    """serve(surroundings, prepare=None, snippet=True) → a running Nginx over a fresh copy of Output/."""
    started = []

    def start(surroundings, prepare=None, snippet=True):
        root = tempfile.mkdtemp(prefix="linkwell-serving-")
        shutil.copytree(OUTPUT, root, dirs_exist_ok=True)
        if prepare:
            prepare(Path(root))
        server = Nginx(root, surroundings, snippet)
        started.append((server, root))
        return server

    yield start
    for server, root in started:
        server.stop()
        shutil.rmtree(root, ignore_errors=True)
