"""The generated .htaccess and Caddyfile in the real Apache httpd and Caddy from Debian: every
association file, page route, item page, short link and not-found answer of the bundled Output."""
from conftest import OUTPUT, hosts

ASSOCIATION_FILES = [
    "/.well-known/apple-app-site-association",
    "/apple-app-site-association",
    "/.well-known/assetlinks.json",
]


def test_association_files_are_json_200_and_never_redirected(other_server):
    assert hosts(), "Output/ has no host folders"
    for host in hosts():
        for path in ASSOCIATION_FILES:
            response = other_server.get(host, path)
            assert response.status_code == 200, f"{host}{path}: {response.status_code}"
            assert "Location" not in response.headers, f"{host}{path} redirects"
            assert response.headers["Content-Type"] == "application/json", f"{host}{path}: {response.headers['Content-Type']}"
            assert response.content == (OUTPUT / host / path.lstrip("/")).read_bytes()
        robots = other_server.get(host, "/robots.txt")
        assert robots.status_code == 200 and robots.headers["Content-Type"] == "text/plain; charset=utf-8"


def test_a_missing_association_file_is_a_404_with_the_not_found_page(other_server):
    (other_server.root / "m.example.com" / ".well-known" / "assetlinks.json").unlink()
    response = other_server.get("m.example.com", "/.well-known/assetlinks.json")
    assert response.status_code == 404
    assert response.content == (OUTPUT / "m.example.com" / "404.html").read_bytes()


def test_configuration_files_are_not_served(other_server):
    for host in hosts():
        for name in ["_headers", "_redirects", "vercel.json", "firebase.json", "nginx.conf", "content-types.json", ".htaccess",
                     "Caddyfile"]:
            if (OUTPUT / host / name).exists():
                status = other_server.get(host, "/" + name).status_code
                # Apache refuses .ht* files itself (403); everything else is the 404 the configuration asks for.
                assert status == 404 or (name == ".htaccess" and status == 403), f"{host}/{name}: {status}"


def test_route_pages_item_pages_and_shared_files(other_server):
    for host in ["m.example.com", "mlink.example.com"]:
        route_page = (OUTPUT / host / "_linkwell" / "profile.html").read_bytes()
        for path in ["/u/42", "/u/42?ref=abc", "/u/", "/u/a/b"]:
            response = other_server.get(host, path)
            assert response.status_code == 200 and response.content == route_page, f"{host}{path}: {response.status_code}"
            assert response.headers["Content-Type"] == "text/html; charset=utf-8", f"{host}{path}"
        item = other_server.get(host, "/u/alex")
        assert item.status_code == 200 and item.content == (OUTPUT / host / "u" / "alex.html").read_bytes(), f"{host}/u/alex"
        assert item.headers["Content-Type"] == "text/html; charset=utf-8"
        home = other_server.get(host, "/")
        assert home.status_code == 200 and home.content == (OUTPUT / host / "index.html").read_bytes()
        for asset in (OUTPUT / host / "_linkwell").iterdir():
            if asset.suffix in (".css", ".js"):
                response = other_server.get(host, f"/_linkwell/{asset.name}")
                assert response.status_code == 200 and response.content == asset.read_bytes()
                # Fixed names, revalidated on every use (a theme edit changes only style.css).
                assert response.headers["Cache-Control"] == "no-cache", f"{host}/_linkwell/{asset.name}"
                kind = "text/css" if asset.suffix == ".css" else "text/javascript"
                assert response.headers["Content-Type"] == f"{kind}; charset=utf-8"


def test_urls_no_route_takes_get_the_not_found_page(other_server):
    for host in ["m.example.com", "mlink.example.com"]:
        not_found = (OUTPUT / host / "404.html").read_bytes()
        for path in ["/account/settings", "/stories/recipes/cake", "/linkwell-verify/no-such-page"]:
            response = other_server.get(host, path)
            assert response.status_code == 404 and response.content == not_found, f"{host}{path}: {response.status_code}"


def test_short_links_redirect_and_other_codes_get_the_catch_all_page(other_server):
    for code, target in [("/Ab3dE", "https://m.example.com/i/Ab3dE?ref=share"),
                         ("/spring", "https://m.example.com/aa/landto/?page=9&ref=spring26")]:
        response = other_server.get("go.example.com", code)
        assert response.status_code == 302 and response.headers["Location"] == target, f"{code}: {response.status_code}"
    other = other_server.get("go.example.com", "/other")
    assert other.status_code == 200 and other.content == (OUTPUT / "go.example.com" / "_linkwell" / "invite.html").read_bytes()


def test_apaches_spa_fallback_never_answers_for_a_missing_association_file():
    """A site whose virtual host has an SPA's FallbackResource: a missing association file is
    still a 404 (mod_dir would answer with index.html, status 200: the failure the field notes
    name), while every other path the site does not have gets its fallback as before."""
    import shutil as shell
    import tempfile
    from pathlib import Path
    from conftest import Apache, require_program
    require_program("apache2", "apache2")
    # Under /tmp itself: Apache's workers (www-data) must reach it, and pytest's tmp_path is private.
    root = Path(tempfile.mkdtemp(prefix="linkwell-apache-spa-"))
    shell.copytree(OUTPUT, root, dirs_exist_ok=True)
    for host in hosts():
        (root / host / "index.html").write_text("<!doctype html><p>app")
    (root / "m.example.com" / ".well-known" / "assetlinks.json").unlink()
    server = Apache(root, "FallbackResource /index.html")
    try:
        missing = server.get("m.example.com", "/.well-known/assetlinks.json")
        assert missing.status_code == 404, f"{missing.status_code} {missing.headers.get('Content-Type')}"
        aasa = server.get("m.example.com", "/.well-known/apple-app-site-association")
        assert aasa.status_code == 200 and aasa.headers["Content-Type"] == "application/json"
        assert server.get("m.example.com", "/account/settings").text == "<!doctype html><p>app"
        route = server.get("m.example.com", "/u/42")
        assert route.content == (OUTPUT / "m.example.com" / "_linkwell" / "profile.html").read_bytes()
    finally:
        server.stop()
        shell.rmtree(root, ignore_errors=True)


def test_quotes_backslashes_and_braces_in_route_paths_are_read_as_written(tmp_path):
    """Route paths with a quote after a backslash, a trailing backslash and `{host}`/`{path}` (Caddy's
    placeholders), and a short link whose target holds braces: Apache reads every `.htaccess` line
    (a quote ended mod_rewrite's argument, and every URL of the host answered 500), Caddy matches
    the braces literally (it filled in its placeholders, and the route never reached its page)."""
    import shutil
    import subprocess
    import tempfile
    from pathlib import Path

    from conftest import REPOSITORY, Apache, Caddy, linkwell_binary, require_program

    site = tmp_path / "site"
    site.mkdir()
    for folder in ["Templates", "data", "app-files"]:
        shutil.copytree(REPOSITORY / folder, site / folder)
    manifest = (REPOSITORY / "site.yaml").read_text()
    routes = "".join(f"  - name: {name}\n    path: '{path}'\n    page: like\n" for name, path in [
        ("quote", '/q/a\\"b/*'), ("tail", "/t/x\\"), ("host", "/b/{host}/*"), ("path", "/p/{path}"),
    ])
    manifest = manifest.replace("  - name: like\n", routes + "  - name: like\n", 1)
    (site / "site.yaml").write_text(manifest)
    built = subprocess.run([str(linkwell_binary()), "build"], cwd=site, capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    output = site / "Output"
    like = (output / "m.example.com" / "_linkwell" / "like.html").read_bytes()
    for program, server_type in [("apache2", Apache), ("caddy", Caddy)]:
        require_program(program, program)
        root = Path(tempfile.mkdtemp(prefix=f"linkwell-{program}-values-"))
        shutil.copytree(output, root, dirs_exist_ok=True)
        server = server_type(root)
        try:
            association = server.get("m.example.com", "/.well-known/apple-app-site-association")
            assert association.status_code == 200, f"{program}: {association.status_code}"
            for path in ["/q/a%5C%22b/x", "/t/x%5C", "/b/%7Bhost%7D/x", "/p/%7Bpath%7D"]:
                response = server.get("m.example.com", path)
                assert response.status_code == 200 and response.content == like, f"{program} {path}: {response.status_code}"
            # The same routes never take what they do not name: Caddy's filled-in placeholders did.
            assert server.get("m.example.com", "/b/m.example.com/x").content != like, program
        finally:
            server.stop()
            shutil.rmtree(root, ignore_errors=True)


def test_verify_names_apaches_allowoverride_once_per_host_when_htaccess_is_ignored():
    """Apache's default AllowOverride None ignores the generated .htaccess: every route page of a
    host fails the same way. verify says that cause once per host, with how many URLs and a few of
    them, and names AllowOverride, mod_rewrite and mod_headers."""
    import json as jsonlib
    import re
    import shutil as shell
    import subprocess
    import tempfile
    from pathlib import Path
    from conftest import REPOSITORY, Apache, linkwell_binary, require_program
    require_program("apache2", "apache2")
    root = Path(tempfile.mkdtemp(prefix="linkwell-apache-none-"))
    shell.copytree(OUTPUT, root, dirs_exist_ok=True)
    server = Apache(root, allow_override="None")
    try:
        command = [str(linkwell_binary()), "verify", "--manifest", str(REPOSITORY / "site.yaml"), "--base-url", server.base_url]
        text = subprocess.run(command, capture_output=True, text=True, timeout=120)
        assert text.returncode == 1, text.stdout + text.stderr
        shared = [line for line in text.stdout.splitlines() if re.match(r"  error, \d+ URLs \(", line)]
        assert shared, text.stdout
        assert all("AllowOverride" in line and "mod_rewrite" in line and "mod_headers" in line for line in shared), shared
        hosts_with_cause = [line for line in text.stdout.splitlines() if line and not line.startswith(" ")]
        assert len(shared) <= len(hosts_with_cause), shared
        results = [jsonlib.loads(line) for line in subprocess.run(command + ["--json"], capture_output=True, text=True,
                                                                    timeout=120).stdout.splitlines()]
        failing = [r for r in results if r["severity"] == "error"]
        summary = text.stdout.strip().splitlines()[-1]
        errors = int(re.search(r"(\d+) errors?", summary).group(1))
        assert errors < len(failing), f"{summary}: {len(failing)} failing probes should be fewer causes"
    finally:
        server.stop()
        shell.rmtree(root, ignore_errors=True)
