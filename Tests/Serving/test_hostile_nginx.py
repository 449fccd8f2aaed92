"""10,000 hostile-string manifests (HostileStringTests, seeded; about half are refused with a
located error), and every nginx snippet the built ones produce, given to a real `nginx -t`: each
must load, with exactly the locations the manifest asked for (issue 15). The Swift test also
parses every case's _redirects, robots.txt, JSON and XML back."""
import os
import re
import subprocess
import tempfile
from pathlib import Path

from conftest import REPOSITORY

CASES = 10_000
BATCH = 400


def nginx_test(snippets, prefix):
    """`nginx -t` on one configuration holding each snippet in its own server block."""
    servers = "\n".join(
        f"server {{ listen 127.0.0.1:1; server_name case{index}.test; root {prefix}; include {snippet}; }}"
        for index, snippet in enumerate(snippets))
    config = Path(prefix) / "nginx.conf"
    config.write_text(f"""
error_log stderr;
pid {prefix}/nginx.pid;
events {{ }}
http {{
    access_log off;
    server_names_hash_bucket_size 128;
    types_hash_max_size 4096;
    {servers}
}}
""")
    return subprocess.run(["nginx", "-t", "-q", "-c", str(config), "-p", prefix], capture_output=True, text=True)


def test_ten_thousand_hostile_manifests_give_configurations_nginx_loads(nginx_available, tmp_path):
    out = tmp_path / "snippets"
    out.mkdir()
    environment = dict(os.environ, LINKWELL_HOSTILE_CASES=str(CASES), LINKWELL_HOSTILE_NGINX_DIR=str(out))
    run = subprocess.run(["swift", "test", "--skip-build", "--filter", "HostileStringTests"], cwd=REPOSITORY,
                         env=environment, capture_output=True, text=True, timeout=1800)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    snippets = sorted(out.glob("*.conf"))
    built = {path.name.split("-")[0] for path in snippets}
    assert 1000 < len(built) < CASES, f"{len(built)} of {CASES} cases built"
    # What each snippet must hold: m.example.com its two page routes ('hostile', 'variable');
    # go.example.com the short link's exact 302 and the catch-all page route ('code').
    for path in snippets:
        text = path.read_text()
        routes = re.findall(r"^location ~ .*\{  # route '([a-z]+)'$", text, flags=re.M)
        if path.name.endswith("-m.example.com.conf"):
            assert routes == ["hostile", "variable"], f"{path.name}: {routes}"
        else:
            assert routes == ["code"], f"{path.name}: {routes}"
            assert len(re.findall(r"^location = /ab \{$", text, flags=re.M)) == 1, path.name
    with tempfile.TemporaryDirectory() as prefix:
        for start in range(0, len(snippets), BATCH):
            batch = snippets[start:start + BATCH]
            checked = nginx_test(batch, prefix)
            if checked.returncode != 0:
                # Name the case: each snippet of the failing batch on its own.
                failing = [s.name for s in batch if nginx_test([s], prefix).returncode != 0]
                raise AssertionError(f"nginx -t refuses {failing[:5]}: {checked.stderr[-1500:]}")
