"""`linkwell verify` against a real nginx serving Output/: a correct deployment passes, and each
way real deployments break association files is reported as such (issue 5)."""
import json

import pytest
import subprocess

from conftest import REPOSITORY, hosts, linkwell_binary

SPA_FALLBACK = "location / { try_files $uri /index.html; }"
AASA = "/.well-known/apple-app-site-association"
ASSETLINKS = "/.well-known/assetlinks.json"


def verify(server, *arguments):
    """Runs verify against the server; returns (exit code, text, {(host, target): result})."""
    command = [str(linkwell_binary()), "verify", "--manifest", str(REPOSITORY / "site.yaml"), "--base-url", server.base_url]
    text = subprocess.run(command + list(arguments), capture_output=True, text=True, timeout=120)
    lines = subprocess.run(command + ["--json"] + list(arguments), capture_output=True, text=True, timeout=120)
    assert lines.returncode == text.returncode, lines.stderr
    results = {}
    for line in lines.stdout.splitlines():
        result = json.loads(line)
        results[(result["host"], result["target"])] = result
    return text.returncode, text.stdout + text.stderr, results


def messages(result):
    return " | ".join(f["message"] for f in result["findings"])


def with_index_page(root):
    """A single-page app's own index.html in place of Linkwell's home page."""
    for host in hosts():
        (root / host / "index.html").write_text("<!doctype html><title>app</title><p>the single-page app")


def test_the_generated_configuration_passes_every_check(serve):
    server = serve("")
    code, text, results = verify(server, "--items", "all")
    assert code == 0, text
    assert all(r["severity"] in ("ok", "note") for r in results.values()), text
    kinds = {r["check"] for r in results.values()}
    assert kinds == {"association-file", "robots", "preview-page", "not-found-page", "short-link", "short-link-target"}, kinds
    assert results[("m.example.com", "/u/alex")]["check"] == "preview-page"
    # nginx finds u/zoë.html for the percent-encoded URL.
    assert results[("mlink.example.com", "/u/zo%C3%AB")]["severity"] == "ok", text
    assert results[("mlink.example.com", "/")]["severity"] == "ok"
    assert results[("m.example.com", "/linkwell-verify/no-such-page")]["answer"].startswith("404 text/html")
    # Every host's association files, and one sample per page route on the mirror pair.
    assert ("m.example.com", AASA) in results and ("go.example.com", ASSETLINKS) in results
    assert results[("m.example.com", "/u/sample")]["check"] == "preview-page"
    assert results[("go.example.com", "/Ab3dE")]["answer"].startswith("302 → https://m.example.com/i/Ab3dE?ref=share")
    assert "0 errors, 0 warnings" in text


def test_inside_a_single_page_app_only_the_hidden_404_is_a_warning(serve):
    server = serve(SPA_FALLBACK)
    code, text, results = verify(server)
    assert code == 0, text
    warned = {key for key, r in results.items() if r["severity"] not in ("ok", "note")}
    assert warned == {("m.example.com", "/linkwell-verify/no-such-page"), ("mlink.example.com", "/linkwell-verify/no-such-page")}, text
    assert "answers 200, not 404" in messages(results[("m.example.com", "/linkwell-verify/no-such-page")])


def test_a_missing_item_page_a_stale_one_and_a_missing_home_page_fail(serve):
    def break_pages(root):
        (root / "m.example.com" / "u" / "alex.html").unlink()
        sam = root / "mlink.example.com" / "u" / "sam.html"
        sam.write_text(sam.read_text().replace("Sam on Amora", "Samuel on Amora"))
        (root / "mlink.example.com" / "index.html").unlink()

    server = serve("", prepare=break_pages)
    code, text, results = verify(server)
    assert code == 1
    alex = results[("m.example.com", "/u/alex")]
    assert ("serves the route page m.example.com/_linkwell/profile.html, not the item page m.example.com/u/alex.html: "
            "the item page is not deployed") in messages(alex), text
    sam = results[("mlink.example.com", "/u/sam")]
    assert "not the built mlink.example.com/u/sam.html: a stale deploy" in messages(sam), text
    home = results[("mlink.example.com", "/")]
    assert home["severity"] == "error" and not home["answer"].startswith("200"), text
    assert sum(1 for r in results.values() if r["severity"] == "error") == 3, text


def test_a_redirect_is_reported(serve):
    # A server-level rewrite runs before any location: the whole host moved to www.
    server = serve("rewrite ^/\\.well-known/assetlinks\\.json$ https://www.example.com/.well-known/assetlinks.json permanent;")
    code, text, results = verify(server)
    assert code == 1
    for host in hosts():
        result = results[(host, ASSETLINKS)]
        assert result["severity"] == "error", text
        assert "redirects (301) to https://www.example.com/.well-known/assetlinks.json" in messages(result)
        assert "do not follow redirects" in messages(result)
    assert results[("m.example.com", AASA)]["severity"] == "ok"


def test_a_wrong_content_type_is_reported(serve):
    # Without the generated snippet nginx types the extensionless AASA by its default type.
    server = serve("location / { }", snippet=False)
    code, text, results = verify(server)
    assert code == 1
    for host in hosts():
        result = results[(host, AASA)]
        assert result["severity"] == "error", text
        assert "Content-Type is 'application/octet-stream', not application/json" in messages(result)
        # assetlinks.json has an extension nginx knows: only the AASA is wrong.
        assert results[(host, ASSETLINKS)]["severity"] == "ok", text


def test_a_stale_file_is_reported_with_the_first_difference(serve):
    def stale(root):
        path = root / "m.example.com" / AASA.lstrip("/")
        path.write_text(path.read_text().replace('"/u/*"', '"/user/*"'))

    server = serve(SPA_FALLBACK, prepare=stale)
    code, text, results = verify(server, "m.example.com")
    assert code == 1
    result = results[("m.example.com", AASA)]
    assert result["severity"] == "error"
    assert "differs from the built file (a stale deploy?): line" in messages(result)
    assert "/user/*" in messages(result)
    # Only the host that was asked for.
    assert {host for host, _ in results} == {"m.example.com"}


def test_a_missing_file_is_a_404_and_reported(serve):
    def remove(root):
        for host in hosts():
            (root / host / ASSETLINKS.lstrip("/")).unlink()

    server = serve(SPA_FALLBACK, prepare=remove)
    code, text, results = verify(server)
    assert code == 1
    for host in hosts():
        result = results[(host, ASSETLINKS)]
        assert result["answer"].startswith("404"), text
        assert "is missing (404)" in messages(result)


def test_an_html_fallback_answering_for_the_aasa_is_reported(serve):
    # The classic single-page-app host: the file was never deployed and index.html answers.
    def spa_without_the_file(root):
        with_index_page(root)
        for host in hosts():
            (root / host / AASA.lstrip("/")).unlink()

    server = serve(SPA_FALLBACK, prepare=spa_without_the_file, snippet=False)
    code, text, results = verify(server)
    assert code == 1
    for host in hosts():
        result = results[(host, AASA)]
        assert result["answer"].startswith("200 text/html"), text
        assert "an HTML page answers instead of the file" in messages(result)
        # Without the generated rewrites, the route pages are not served either.
    page = results[("m.example.com", "/u/sample")]
    assert page["severity"] == "error" and "not the built m.example.com/_linkwell/profile.html" in messages(page), text


def test_apple_cdn_lag_is_a_warning(serve):
    # Apple's CDN played by the same nginx: a request without the Host header of a site reaches
    # the first server block (go.example.com), where /cdn/a/v1/<host> holds an older copy.
    def cdn(root):
        folder = root / "go.example.com" / "cdn" / "a" / "v1"
        folder.mkdir(parents=True)
        for host in ["m.example.com", "mlink.example.com"]:
            (folder / host).write_text((root / host / AASA.lstrip("/")).read_text().replace('"/u/*"', '"/old/*"'))

    server = serve(SPA_FALLBACK + " location ^~ /cdn/ { }", prepare=cdn)
    code, text, results = verify(server, "m.example.com", "mlink.example.com", "go.example.com", "--apple-cdn",
                                 "--apple-cdn-url", f"{server.base_url}/cdn/a/v1/")
    assert code == 0, text
    for host in ["m.example.com", "mlink.example.com"]:
        lag = [r for (h, _), r in results.items() if h == host and r["check"] == "apple-cdn"]
        assert len(lag) == 1 and lag[0]["severity"] == "warning" and "still serves an older copy" in messages(lag[0]), text
    # go.example.com has no copy at the fake CDN: a 404 there is also only a warning.
    gone = [r for (h, _), r in results.items() if h == "go.example.com" and r["check"] == "apple-cdn"]
    assert gone[0]["severity"] == "warning" and "no copy" in messages(gone[0])
    code, text, _ = verify(server, "--apple-cdn", "--apple-cdn-url", f"{server.base_url}/cdn/a/v1/", "--strict")
    assert code == 1, "--strict fails on the CDN warning"


class Misbehaving:
    """A local HTTP server that answers every request the same bad way, on its own thread."""

    def __init__(self, behaviour):
        import http.server
        import socketserver
        import threading

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *arguments):
                pass

            def handle_one_request(self):
                try:
                    super().handle_one_request()
                except (BrokenPipeError, ConnectionResetError):
                    self.close_connection = True

            def do_GET(self):
                try:
                    behaviour(self)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
            daemon_threads = True

        self.server = Server(("127.0.0.1", 0), Handler)
        self.base_url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()


def huge_headers(handler):
    handler.send_response(200)
    for index in range(2000):
        handler.send_header(f"X-Filler-{index}", "x" * 1000)
    handler.send_header("Content-Length", "0")
    handler.end_headers()


def redirect_loop(handler):
    handler.send_response(301)
    handler.send_header("Location", handler.path)
    handler.send_header("Content-Length", "0")
    handler.end_headers()


def endless_body(handler):
    """A 200 whose body never ends (no length, never closed): 64 KB at a time, as fast as taken."""
    handler.send_response(200)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Connection", "close")
    handler.end_headers()
    chunk = b"x" * 65536
    while True:
        handler.wfile.write(chunk)


def drip(handler):
    """A 200 whose body comes one byte every half second, so no read ever waits long."""
    import time
    handler.send_response(200)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Connection", "close")
    handler.end_headers()
    for _ in range(240):
        handler.wfile.write(b" ")
        handler.wfile.flush()
        time.sleep(0.5)


GZIP_BOMB = None


def gzip_bomb(handler):
    """100 KB of gzip that decodes to 100 MB, sent as gzip whatever the client asked for."""
    import gzip
    global GZIP_BOMB
    if GZIP_BOMB is None:
        GZIP_BOMB = gzip.compress(bytes(100 << 20), compresslevel=9)
    handler.send_response(200)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Encoding", "gzip")
    handler.send_header("Content-Length", str(len(GZIP_BOMB)))
    handler.end_headers()
    handler.wfile.write(GZIP_BOMB)


def run_measured(command):
    """Runs `command` from a fresh Python process; returns (completed run, seconds, peak RSS in MB)."""
    import sys
    import time
    measure = ("import resource, subprocess, sys\n"
               "run = subprocess.run(sys.argv[1:], capture_output=True, text=True, timeout=120)\n"
               "sys.stdout.write(run.stdout); sys.stderr.write(run.stderr)\n"
               "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)\n"
               "sys.exit(run.returncode)\n")
    start = time.monotonic()
    run = subprocess.run([sys.executable, "-c", measure] + command, capture_output=True, text=True, timeout=180)
    elapsed = time.monotonic() - start
    peak_kb = int(run.stderr.strip().splitlines()[-1])
    return run, elapsed, peak_kb / 1024


# Each bound of verify's fetcher, against a server built to break it: the header block, the
# redirect, the body (endless), the deadline (a drip no idle timeout catches) and compression (a
# 1000:1 gzip bomb is kept as the 100 KB it is, never decoded). Peak memory stays under 100 MB.
@pytest.mark.parametrize("behaviour,message", [
    (huge_headers, "has over 64 KB of headers; reading stopped there"),
    (redirect_loop, "redirects (301)"),
    (endless_body, "is over 128 KB; reading stopped there"),
    (drip, "timed out after 3 s (--timeout)"),
    (gzip_bomb, "sent compressed (Content-Encoding: gzip)"),
], ids=["huge-headers", "redirect-loop", "endless-body", "drip", "gzip-bomb"])
def test_a_misbehaving_server_ends_quickly_with_a_message_in_words(behaviour, message):
    server = Misbehaving(behaviour)
    try:
        command = [str(linkwell_binary()), "verify", "m.example.com", "--manifest", str(REPOSITORY / "site.yaml"),
                   "--base-url", server.base_url, "--timeout", "3", "--items", "1"]
        run, elapsed, peak_mb = run_measured(command)
    finally:
        server.stop()
    assert run.returncode == 1, run.stdout + run.stderr
    assert elapsed < 30, f"{elapsed:.1f} s"
    assert peak_mb < 100, f"{peak_mb:.0f} MB"
    assert message in run.stdout, run.stdout
    assert "libcurl error" not in run.stdout and "Error Domain" not in run.stdout, run.stdout


def test_no_answer_is_said_in_words(tmp_path):
    """A closed port and a certificate no authority signed: each probe says why, in words."""
    import http.server
    import ssl
    import threading

    from conftest import free_port
    base = [str(linkwell_binary()), "verify", "m.example.com", "--manifest", str(REPOSITORY / "site.yaml"),
            "--timeout", "3", "--items", "0"]
    closed = subprocess.run(base + ["--base-url", f"http://127.0.0.1:{free_port()}"], capture_output=True, text=True,
                            timeout=60)
    assert closed.returncode == 1
    assert "the connection was refused" in closed.stdout, closed.stdout

    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
                    "-keyout", tmp_path / "key.pem", "-out", tmp_path / "cert.pem"], check=True, capture_output=True)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(tmp_path / "cert.pem", tmp_path / "key.pem")
    server.socket = context.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        untrusted = subprocess.run(base + ["--base-url", f"https://127.0.0.1:{server.server_address[1]}"],
                                   capture_output=True, text=True, timeout=60)
    finally:
        server.shutdown()
    assert untrusted.returncode == 1
    assert "the TLS handshake failed (certificate or protocol) (libcurl: SSL certificate problem" in untrusted.stdout, \
        untrusted.stdout


def test_without_libcurl_verify_says_what_to_install():
    """libcurl hidden in a mount namespace of this test's own (needs root's unshare)."""
    if subprocess.run(["unshare", "-m", "true"], capture_output=True).returncode != 0:
        pytest.skip("unshare -m is not permitted here: cannot hide libcurl from one process")
    hide = "for f in /usr/lib/*/libcurl*.so* /usr/lib/libcurl*.so* /lib/*/libcurl*.so*; do " \
           "[ -e \"$f\" ] && mount --bind /dev/null \"$f\"; done; exec \"$@\""
    run = subprocess.run(["unshare", "-m", "sh", "-c", hide, "sh", str(linkwell_binary()), "verify", "--manifest",
                          str(REPOSITORY / "site.yaml"), "--base-url", "http://127.0.0.1:9"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 1
    assert "verify cannot fetch: libcurl is not installed (verify needs libcurl.so.4: apt-get install libcurl4" \
        in run.stderr, run.stderr
