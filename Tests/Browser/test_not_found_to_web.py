"""`homePages.notFound: web` (issue 63): a URL no page route serves sends every visitor on to the
same path and query on the host's web home, on iPhone, Android and desktop, against the real
nginx; URLs a route serves keep their preview pages, and the home page stays the home."""
import shutil
from urllib.parse import urlsplit

import pytest

from conftest import ANDROID, DESKTOP, IPHONE, Browser, project_copy, serve_build

AGENTS = {"iphone": IPHONE, "android": ANDROID, "desktop": DESKTOP}


@pytest.fixture(scope="module")
def web_site(tools):
    work, manifest = project_copy("linkwell-notfound-")
    manifest += "\nhomePages:\n  notFound: web\n"
    server = serve_build(work, manifest)
    yield server
    server.stop()
    shutil.rmtree(work, ignore_errors=True)


@pytest.mark.parametrize("agent", list(AGENTS), ids=list(AGENTS))
def test_a_url_no_route_serves_goes_to_the_same_url_on_the_web(web_site, agent):
    browser = Browser(web_site.port, AGENTS[agent])
    try:
        for host in ["m.example.com", "mlink.example.com"]:
            browser.open(f"https://{host}/no/such/page?from=mail", settle=0)
            expected = "https://www.example.com/no/such/page?from=mail"
            assert browser.wait_for_url(lambda url: url == expected, timeout=4) == expected
        # A route's own page and the home page are not affected: on a phone the profile page
        # stays; on a desktop it goes on to its page type's own desktop link, as without the key.
        browser.open("https://m.example.com/u/42", settle=0.5)
        if agent == "desktop":
            expected = "https://www.example.com/u/42"
            assert browser.wait_for_url(lambda url: url == expected, timeout=4) == expected
        else:
            assert urlsplit(browser.url).hostname == "m.example.com"
        browser.open("https://m.example.com/", settle=0.5)
        assert urlsplit(browser.url).hostname == "m.example.com"
    finally:
        browser.quit()
