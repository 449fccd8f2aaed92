"""Real servers on 127.0.0.1 serving a copy of Output/ with the configuration Linkwell generated:
nginx (nginx.conf), Apache httpd (.htaccess) and Caddy (Caddyfile).

.ci/test installs them. Without one, its tests fail under CI=true and are skipped on a
developer's machine, with the reason.
"""
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Support"))
from linkwell_testing import free_port, linkwell_binary, start_nginx, start_serve, swift_build_options, wait_for_port  # noqa: E402,F401

REPOSITORY = Path(__file__).resolve().parents[2]
OUTPUT = REPOSITORY / "Output"


def hosts():
    return sorted(p.name for p in OUTPUT.iterdir() if p.is_dir() and "." in p.name)


class LocalServer:
    """A server started on `self.port` as `self.process`: asked as a host by its name, stopped."""

    @property
    def base_url(self):
        return f"http://127.0.0.1:{self.port}"

    def get(self, host, path):
        import requests
        return requests.get(f"http://127.0.0.1:{self.port}{path}", headers={"Host": host}, allow_redirects=False, timeout=5)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


class Nginx(LocalServer):
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
        self.process = start_nginx(prefix, blocks, self.port)

class Apache(LocalServer):
    """Apache httpd with one virtual host per host folder, its DocumentRoot, reading the
    folder's generated .htaccess (AllowOverride All), as a shared host or a VPS has it;
    `surroundings` are the site's own lines in each virtual host (an SPA's FallbackResource)."""

    MODULES = ["mpm_event", "authz_core", "authz_host", "mime", "dir", "rewrite", "headers", "alias"]

    def __init__(self, root, surroundings="", allow_override="All"):
        self.root = Path(root)
        self.port = free_port()
        prefix = self.root / "apache"
        prefix.mkdir()
        # The workers run as www-data, which must read the copy (mkdtemp makes it private).
        for path in [self.root, *self.root.rglob("*")]:
            path.chmod(0o755 if path.is_dir() else 0o644)
        modules = "\n".join(f"LoadModule {m}_module /usr/lib/apache2/modules/mod_{m}.so" for m in self.MODULES)
        hosts_config = "".join(f"""
<VirtualHost *:{self.port}>
    ServerName {host}
    DocumentRoot {self.root / host}
    {surroundings}
    <Directory {self.root / host}>
        AllowOverride {allow_override}
        Require all granted
    </Directory>
</VirtualHost>""" for host in hosts())
        (prefix / "httpd.conf").write_text(f"""
ServerRoot {prefix}
ServerName localhost
Listen 127.0.0.1:{self.port}
PidFile {prefix}/httpd.pid
DefaultRuntimeDir {prefix}
Mutex file:{prefix} default
ErrorLog {prefix}/error.log
LogLevel warn
User www-data
Group www-data
{modules}
TypesConfig /etc/mime.types
<Directory />
    AllowOverride None
    Require all denied
</Directory>
{hosts_config}
""")
        self.process = subprocess.Popen(["apache2", "-f", str(prefix / "httpd.conf"), "-DFOREGROUND"], stderr=subprocess.PIPE)
        wait_for_port(self.port, self.process, "apache2")


class Caddy(LocalServer):
    """Caddy with one site block per host folder: its root and the generated Caddyfile imported."""

    def __init__(self, root):
        self.root = Path(root)
        self.port = free_port()
        prefix = self.root / "caddy"
        prefix.mkdir()
        sites = "".join(f"""
http://{host}:{self.port} {{
    root * {self.root / host}
    import {self.root / host / "Caddyfile"}
}}""" for host in hosts())
        (prefix / "Caddyfile").write_text(f"""{{
    admin off
    auto_https off
    storage file_system {prefix}
}}
{sites}
""")
        environment = dict(os.environ, HOME=str(prefix), XDG_DATA_HOME=str(prefix), XDG_CONFIG_HOME=str(prefix))
        self.process = subprocess.Popen(["caddy", "run", "--config", str(prefix / "Caddyfile"), "--adapter", "caddyfile"],
                                        stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, env=environment)
        wait_for_port(self.port, self.process, "caddy")


def require_program(program, package):
    if shutil.which(program) is None:
        if os.environ.get("CI"):
            pytest.fail(f"{program} is not installed; .ci/test installs it (apt-get install {package})")
        pytest.skip(f"{program} is not installed: run .ci/test (it installs {package}) or apt-get install {package}")


@pytest.fixture(params=["apache", "caddy"])
def other_server(request):
    """A running Apache or Caddy over a fresh copy of Output/ (each test runs with both)."""
    program, package, server_type = {"apache": ("apache2", "apache2", Apache), "caddy": ("caddy", "caddy", Caddy)}[request.param]
    require_program(program, package)
    root = tempfile.mkdtemp(prefix=f"linkwell-{request.param}-")
    shutil.copytree(OUTPUT, root, dirs_exist_ok=True)
    server = server_type(root)
    yield server
    server.stop()
    shutil.rmtree(root, ignore_errors=True)


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
