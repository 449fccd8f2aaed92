"""A sign-in host (`domains.signIn`) runs the team's own site: its folder's association files are
copied into that site's root and the generated lines added to its configuration. In nginx, Apache
and Caddy, in front of a single-page app that answers every path with its index: the association
files are JSON, a missing one is a 404 (never the app's page), and every other path — robots.txt
included — is still the site's own."""
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
import requests

from conftest import require_program
from linkwell_testing import free_port, linkwell_binary, start_nginx, wait_for_port

REPOSITORY = Path(__file__).resolve().parents[2]
HOST = "www.example.com"
PRESENT = ["/.well-known/apple-app-site-association", "/apple-app-site-association"]
MISSING = "/.well-known/assetlinks.json"  # left out of the site's root: must be a 404
APP = "<!doctype html><title>team site</title><p>the team's own app"


@pytest.fixture(scope="module")
def built():
    work = Path(tempfile.mkdtemp(prefix="linkwell-signin-"))
    manifest = (REPOSITORY / "site.yaml").read_text().replace(
        "  short: go.example.com", f"  signIn: [{HOST}]\n  short: go.example.com", 1)
    (work / "site.yaml").write_text(manifest)
    for name in ["Templates", "data", "app-files"]:
        shutil.copytree(REPOSITORY / name, work / name)
    subprocess.run([str(linkwell_binary()), "build", "--manifest", str(work / "site.yaml"), "--output", str(work / "Output")],
                   check=True, capture_output=True)
    yield work / "Output" / HOST
    shutil.rmtree(work, ignore_errors=True)


def team_site(folder, root):
    """The team's site root: its app, its own robots.txt, and the association files copied in
    (all but assetlinks.json, to see a missing one answered)."""
    root.mkdir()
    (root / "index.html").write_text(APP)
    (root / "robots.txt").write_text("User-agent: *\nDisallow: /account/\n")
    (root / ".well-known").mkdir()
    for path in PRESENT:
        shutil.copy(folder / path.lstrip("/"), root / path.lstrip("/"))
    for path in [root, *root.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)


def check(port, folder):
    def get(path):
        return requests.get(f"http://127.0.0.1:{port}{path}", headers={"Host": HOST}, allow_redirects=False, timeout=5)
    for path in PRESENT:
        response = get(path)
        assert response.status_code == 200, path
        assert response.headers["Content-Type"].startswith("application/json"), path
        assert response.content == (folder / path.lstrip("/")).read_bytes()
    assert get(MISSING).status_code == 404
    assert APP not in get(MISSING).text
    assert get("/settings/profile").text == APP, "the site's own routes still reach its app"
    assert get("/robots.txt").text == "User-agent: *\nDisallow: /account/\n", "the site's own robots.txt"


def test_nginx(built, tmp_path):
    require_program("nginx", "nginx")
    team_site(built, tmp_path / "root")
    port = free_port()
    (tmp_path / "nginx").mkdir()
    block = f"""
    server {{
        listen 127.0.0.1:{port};
        server_name {HOST};
        root {tmp_path / 'root'};
        include {built / 'nginx.conf'};
        location / {{ try_files $uri /index.html; }}
    }}"""
    process = start_nginx(tmp_path / "nginx", [block], port)
    try:
        check(port, built)
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_apache(built):
    require_program("apache2", "apache2")
    # The workers run as www-data, which must read the folders (pytest's tmp_path is private).
    tmp_path = Path(tempfile.mkdtemp(prefix="linkwell-signin-apache-"))
    root = tmp_path / "root"
    team_site(built, root)
    # The site's own .htaccess, with the generated lines added to it.
    (root / ".htaccess").write_text("FallbackResource /index.html\n" + (built / ".htaccess").read_text())
    (root / ".htaccess").chmod(0o644)
    tmp_path.chmod(0o755)
    port = free_port()
    prefix = tmp_path / "apache"
    prefix.mkdir()
    modules = "\n".join(f"LoadModule {m}_module /usr/lib/apache2/modules/mod_{m}.so"
                        for m in ["mpm_event", "authz_core", "authz_host", "mime", "dir", "rewrite", "headers", "alias"])
    (prefix / "httpd.conf").write_text(f"""
ServerRoot {prefix}
ServerName localhost
Listen 127.0.0.1:{port}
PidFile {prefix}/httpd.pid
DefaultRuntimeDir {prefix}
Mutex file:{prefix} default
ErrorLog {prefix}/error.log
User www-data
Group www-data
{modules}
TypesConfig /etc/mime.types
<VirtualHost *:{port}>
    ServerName {HOST}
    DocumentRoot {root}
    <Directory {root}>
        AllowOverride All
        Require all granted
    </Directory>
</VirtualHost>
""")
    process = subprocess.Popen(["apache2", "-f", str(prefix / "httpd.conf"), "-DFOREGROUND"], stderr=subprocess.PIPE)
    wait_for_port(port, process, "apache2")
    try:
        check(port, built)
    finally:
        process.terminate()
        process.wait(timeout=10)
        shutil.rmtree(tmp_path, ignore_errors=True)


def test_caddy(built, tmp_path):
    require_program("caddy", "caddy")
    team_site(built, tmp_path / "root")
    port = free_port()
    prefix = tmp_path / "caddy"
    prefix.mkdir()
    (prefix / "Caddyfile").write_text(f"""{{
    admin off
    auto_https off
    storage file_system {prefix}
}}
http://{HOST}:{port} {{
    root * {tmp_path / 'root'}
    import {built / 'Caddyfile'}
    try_files {{path}} /index.html
    file_server
}}
""")
    environment = dict(os.environ, HOME=str(prefix), XDG_DATA_HOME=str(prefix), XDG_CONFIG_HOME=str(prefix))
    process = subprocess.Popen(["caddy", "run", "--config", str(prefix / "Caddyfile"), "--adapter", "caddyfile"],
                               stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, env=environment)
    wait_for_port(port, process, "caddy")
    try:
        check(port, built)
    finally:
        process.terminate()
        process.wait(timeout=10)
