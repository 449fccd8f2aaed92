"""The generated nginx snippet, in the server blocks that break association files in practice."""
import pytest

from conftest import OUTPUT, hosts

ASSOCIATION_FILES = [
    "/.well-known/apple-app-site-association",
    "/apple-app-site-association",
    "/.well-known/assetlinks.json",
]

# What real sites put around such a snippet: an SPA fallback, or a redirect of everything.
SPA_FALLBACK = "location / { try_files $uri /index.html; }"
REDIRECT_ALL = "location / { return 301 https://www.example.com$request_uri; }"


@pytest.mark.parametrize("surroundings", [SPA_FALLBACK, REDIRECT_ALL], ids=["spa-fallback", "redirect-all"])
def test_association_files_are_json_200_and_never_redirected(serve, surroundings):
    server = serve(surroundings, prepare=lambda root: [(root / h / "index.html").write_text("<!doctype html><p>app") for h in hosts()])
    assert hosts(), "Output/ has no host folders"
    for host in hosts():
        for path in ASSOCIATION_FILES:
            response = server.get(host, path)
            assert response.status_code == 200, f"{host}{path}: {response.status_code}"
            assert "Location" not in response.headers, f"{host}{path} redirects"
            assert response.headers["Content-Type"] == "application/json", f"{host}{path}: {response.headers['Content-Type']}"
            assert response.content == (OUTPUT / host / path.lstrip("/")).read_bytes()
        robots = server.get(host, "/robots.txt")
        assert robots.status_code == 200 and robots.headers["Content-Type"] == "text/plain; charset=utf-8"


def test_a_missing_association_file_is_a_404_not_the_fallback_page(serve):
    def remove_assetlinks(root):
        for host in hosts():
            (root / host / "index.html").write_text("<!doctype html><p>app")
            (root / host / ".well-known" / "assetlinks.json").unlink()

    server = serve(SPA_FALLBACK, prepare=remove_assetlinks)
    for host in hosts():
        response = server.get(host, "/.well-known/assetlinks.json")
        assert response.status_code == 404, f"{host}: {response.status_code} {response.headers.get('Content-Type')}"
        # The surrounding fallback still answers other paths with the page, as it should.
        assert server.get(host, "/some/page").status_code == 200


def test_configuration_files_are_not_served(serve):
    server = serve(SPA_FALLBACK)
    for host in hosts():
        for name in ["_headers", "vercel.json", "firebase.json", "nginx.conf", "content-types.json"]:
            if (OUTPUT / host / name).exists():
                assert server.get(host, "/" + name).status_code == 404, f"{host}/{name} is served"


def test_route_pages_and_item_pages_win_over_the_spa_fallback(serve):
    server = serve(SPA_FALLBACK, prepare=lambda root: [(root / h / "index.html").write_text("<!doctype html><p>app") for h in hosts()])
    for host in ["m.example.com", "mlink.example.com"]:
        route_page = (OUTPUT / host / "_linkwell" / "profile.html").read_bytes()
        for path in ["/u/42", "/u/42?ref=abc", "/u/"]:
            response = server.get(host, path)
            assert response.status_code == 200 and response.content == route_page, f"{host}{path}"
            assert response.headers["Content-Type"] == "text/html; charset=utf-8"
        item = server.get(host, "/u/alex")
        assert item.status_code == 200 and item.content == (OUTPUT / host / "u" / "alex.html").read_bytes()
        # Paths no page route matches stay with the site's own rules.
        assert server.get(host, "/account/settings").text == "<!doctype html><p>app"
        assert server.get(host, "/stories/recipes/cake").text == "<!doctype html><p>app"
        assert server.get(host, "/_redirects").status_code == 404


def test_short_links_redirect_even_inside_a_redirect_everything_server(serve):
    server = serve(REDIRECT_ALL)
    response = server.get("go.example.com", "/Ab3dE")
    assert response.status_code == 302 and response.headers["Location"] == "https://m.example.com/i/Ab3dE?ref=share"
    # Every other path on the short host is a code the app created: the catch-all page, not the redirect.
    other = server.get("go.example.com", "/other")
    assert other.status_code == 200 and "You&#39;re invited to Amora" in other.text
