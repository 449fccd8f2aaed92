"""`linkwell serve`: Output/ with the generated configuration's behaviour, every host at once.
`linkwell verify` judges it like a deployment; by host name it sends the built bytes, by port it
rewrites links to the other hosts' local ports so pages can be clicked through."""
import subprocess

import pytest
import requests

from conftest import OUTPUT, REPOSITORY, linkwell_binary, start_serve

HOSTS = ["m.example.com", "mlink.example.com", "go.example.com"]  # manifest order: one port each


@pytest.fixture(scope="module")
def served():
    process, ports = start_serve(HOSTS)
    yield ports
    process.terminate()
    process.wait(timeout=10)


def get(port, path, host=None):
    headers = {"Host": host} if host else {}
    return requests.get(f"http://127.0.0.1:{port}{path}", headers=headers, allow_redirects=False, timeout=5)


def test_verify_finds_nothing_wrong_with_it(served):
    run = subprocess.run([str(linkwell_binary()), "verify", "--base-url", f"http://127.0.0.1:{served['m.example.com']}"],
                         cwd=REPOSITORY, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.rstrip().endswith("40 checks on 3 hosts: 0 errors, 0 warnings")


def test_init_build_serve_verify_gives_a_site_without_a_404(tmp_path):
    """The starter `init` writes is a site: after `build`, every URL of both hosts has a page and
    `verify` finds nothing wrong, with the next steps printed."""
    binary = str(linkwell_binary())
    init = subprocess.run([binary, "init", "--team-id", "ABCDE12345", "--bundle-id", "com.example.app", "--package",
                           "com.example.app", "--domain", "m.example.org", "--mirror", "mlink.example.org"],
                          cwd=tmp_path, capture_output=True, text=True, check=True)
    assert "1. add the Play App Signing key's SHA-256" in init.stderr + init.stdout
    assert "3. `linkwell verify`" in init.stderr + init.stdout
    subprocess.run([binary, "build"], cwd=tmp_path, capture_output=True, check=True)
    process, ports = start_serve(["m.example.org", "mlink.example.org"], cwd=tmp_path)
    try:
        for host, port in ports.items():
            for path in ["/", "/any/page", "/u/42?ref=x", "/no/such/thing/at/all"]:
                response = get(port, path)
                assert response.status_code == 200 and "<h1 " in response.text, f"{host}{path}: {response.status_code}"
        run = subprocess.run([binary, "verify", "--base-url", f"http://127.0.0.1:{ports['m.example.org']}"],
                             cwd=tmp_path, capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, run.stdout + run.stderr
        assert "0 errors" in run.stdout
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_by_host_name_it_sends_the_built_bytes(served):
    port = served["go.example.com"]  # any port: the Host header decides
    page = get(port, "/u/42?ref=x", host="mlink.example.com")
    assert page.status_code == 200 and page.headers["Content-Type"] == "text/html; charset=utf-8"
    assert page.content == (OUTPUT / "mlink.example.com" / "_linkwell" / "profile.html").read_bytes()
    item = get(port, "/u/alex", host="m.example.com")
    assert item.content == (OUTPUT / "m.example.com" / "u" / "alex.html").read_bytes()
    # An item path with a non-ASCII letter: the URL is percent-encoded, the file's name is UTF-8.
    zoe = get(port, "/u/zo%C3%AB", host="m.example.com")
    assert zoe.status_code == 200 and zoe.content == (OUTPUT / "m.example.com" / "u" / "zoë.html").read_bytes()
    short = get(port, "/Ab3dE", host="go.example.com")
    assert short.status_code == 302 and short.headers["Location"] == "https://m.example.com/i/Ab3dE?ref=share"


def test_by_port_links_to_the_other_hosts_go_to_their_ports(served):
    page = get(served["m.example.com"], "/u/42").text
    assert "https://mlink.example.com" not in page and "https://m.example.com" not in page
    assert f"http://127.0.0.1:{served['mlink.example.com']}" in page
    short = get(served["go.example.com"], "/spring")
    assert short.headers["Location"] == f"http://127.0.0.1:{served['m.example.com']}/aa/landto/?page=9&ref=spring26"


def test_association_files_are_json_and_config_files_are_not_served(served):
    for host in HOSTS:
        port = served[host]
        aasa = get(port, "/.well-known/apple-app-site-association")
        assert aasa.status_code == 200 and aasa.headers["Content-Type"] == "application/json"
        assert aasa.content == (OUTPUT / host / ".well-known" / "apple-app-site-association").read_bytes()
        for name in ["_headers", "nginx.conf", "vercel.json"]:
            assert get(port, "/" + name).status_code == 404, f"{host}/{name}"
        missing = get(port, "/no/such/file")
        if host == "go.example.com":
            assert missing.status_code == 200 and "invited" in missing.text, "every path is a code on the short host"
        else:
            assert missing.status_code == 404 and "This link has no page" in missing.text


def test_a_host_header_that_is_not_a_host_name_reaches_nothing(served):
    port = served["m.example.com"]
    for host in ['evil.example"><script>alert(1)</script>', "evil example", "ev\til"]:
        page = requests.get(f"http://127.0.0.1:{port}/u/42", headers={"Host": host}, timeout=5)
        assert page.status_code == 200
        assert "evil" not in page.text and "<script>alert" not in page.text
        short = requests.get(f"http://127.0.0.1:{served['go.example.com']}/spring", headers={"Host": host},
                             allow_redirects=False, timeout=5)
        assert "evil" not in short.headers["Location"]


def test_a_connection_that_never_finishes_its_headers_is_closed(served):
    import socket
    import time
    with socket.create_connection(("127.0.0.1", served["m.example.com"]), timeout=30) as connection:
        connection.sendall(b"GET / HTTP/1.1\r\nHost: m.example.com\r\n")
        start = time.monotonic()
        assert connection.recv(1024) == b""  # closed by the server, nothing sent
        assert 5 < time.monotonic() - start < 20


def test_a_client_that_drips_its_headers_is_closed_when_its_ten_seconds_are_up(served):
    import socket
    import time
    with socket.create_connection(("127.0.0.1", served["m.example.com"]), timeout=30) as connection:
        connection.sendall(b"GET / HTTP/1.1\r\n")
        start = time.monotonic()
        closed = False
        while time.monotonic() - start < 25 and not closed:
            try:
                connection.sendall(b"X: y\r\n")  # a header line every second, never the end
            except OSError:
                closed = True
                break
            connection.settimeout(1)
            try:
                closed = connection.recv(1024) == b""
            except socket.timeout:
                pass
        assert closed and 8 < time.monotonic() - start < 14


def test_slow_clients_never_make_another_request_wait(served):
    # 32 clients dripping their headers hold a thread each; a plain GET beside them is answered at
    # once (on a 2-core machine a Dispatch worker pool let 16 of them stall it for 10 s).
    import socket
    import time
    port = served["m.example.com"]
    slow = []
    try:
        for _ in range(32):
            connection = socket.create_connection(("127.0.0.1", port), timeout=10)
            connection.sendall(b"GET / HTTP/1.1\r\n")
            slow.append(connection)
        time.sleep(0.5)
        for _ in range(5):
            start = time.monotonic()
            assert get(port, "/u/42").status_code == 200
            assert time.monotonic() - start < 1
    finally:
        for connection in slow:
            connection.close()


def test_half_open_connections_never_shut_a_complete_request_out(served):
    # 64 connections that never send a byte fill every slot; each complete request past them
    # closes the oldest one still waiting for its request and is answered at once (it used to be
    # told 503 for ten seconds, again and again for as long as the idle connections came back).
    import socket
    import time
    port = served["m.example.com"]
    for _ in range(3):
        idle = [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(64)]
        try:
            time.sleep(0.2)
            for _ in range(5):
                start = time.monotonic()
                answer = get(port, "/u/42")
                assert answer.status_code == 200, answer.status_code
                assert time.monotonic() - start < 1
            # The oldest idle connections were the ones closed, with nothing sent.
            idle[0].settimeout(2)
            assert idle[0].recv(200) == b""
        finally:
            for connection in idle:
                connection.close()


def test_oversized_headers_and_other_methods_are_refused(served):
    port = served["m.example.com"]
    big = requests.get(f"http://127.0.0.1:{port}/", headers={"X-Big": "a" * 20000}, timeout=5)
    assert big.status_code == 431
    post = requests.post(f"http://127.0.0.1:{port}/u/42", data="x", timeout=5)
    assert post.status_code == 405 and post.headers["Allow"] == "GET, HEAD"
    head = requests.head(f"http://127.0.0.1:{port}/u/alex", headers={"Host": "m.example.com"}, timeout=5)
    assert head.status_code == 200 and head.content == b""
    assert int(head.headers["Content-Length"]) == (OUTPUT / "m.example.com" / "u" / "alex.html").stat().st_size


def test_a_plain_host_name_in_the_request_never_reaches_a_location(served):
    """By port, links and redirects name the server's own address, never the Host a client sent."""
    short = requests.get(f"http://127.0.0.1:{served['go.example.com']}/spring", headers={"Host": "evil.example"},
                         allow_redirects=False, timeout=5)
    assert short.status_code == 302
    assert short.headers["Location"] == f"http://127.0.0.1:{served['m.example.com']}/aa/landto/?page=9&ref=spring26"
    page = requests.get(f"http://127.0.0.1:{served['m.example.com']}/u/42", headers={"Host": "evil.example"}, timeout=5)
    assert "evil.example" not in page.text


def test_a_link_planted_in_the_output_folder_is_never_followed_out_of_it(tmp_path):
    binary = str(linkwell_binary())
    subprocess.run([binary, "init", "--team-id", "ABCDE12345", "--bundle-id", "com.example.app", "--package",
                    "com.example.app", "--domain", "m.example.org", "--mirror", "mlink.example.org"],
                   cwd=tmp_path, capture_output=True, check=True)
    subprocess.run([binary, "build"], cwd=tmp_path, capture_output=True, check=True)
    secret = tmp_path / "secret.txt"
    secret.write_text("root:x:0:0:secret\n")
    host = tmp_path / "Output" / "m.example.org"
    (host / "passwd.html").symlink_to(secret)
    (host / "outside").symlink_to(tmp_path)
    inside = host / ".well-known" / "apple-app-site-association"
    (host / "inside.html").symlink_to(inside)
    process, ports = start_serve(["m.example.org", "mlink.example.org"], cwd=tmp_path)
    try:
        for path in ["/passwd.html", "/passwd", "/outside/secret.txt"]:
            response = get(ports["m.example.org"], path)
            assert "secret" not in response.text, path
        # A link that stays inside the folder is served as its target.
        assert get(ports["m.example.org"], "/inside.html").content == inside.read_bytes()
    finally:
        process.terminate()
        process.wait(timeout=10)
