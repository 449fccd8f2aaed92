"""`linkwell serve` in Chromium: a page reached by port still runs its script (the rewritten links
do not break its Content-Security-Policy) and its static links point at the local ports. The
script itself follows only https links to the manifest's hosts (an open-redirect guard), so over
plain http the button keeps its static link: full click-through needs https (README → serve)."""
import pytest

from conftest import IPHONE, Browser, start_serve


@pytest.fixture(scope="module")
def served(tools):
    process, ports = start_serve(["m.example.com", "mlink.example.com", "go.example.com"])
    yield ports
    process.terminate()
    process.wait(timeout=10)


def test_a_page_served_by_port_runs_its_script_and_links_locally(served, site):
    # Local ports stay local; every other host (the App Store) is the nginx port that answers 204.
    browser = Browser(None, IPHONE, resolver_rules=f"MAP * 127.0.0.1:{site.still_port}, EXCLUDE 127.0.0.1")
    try:
        primary = f"http://127.0.0.1:{served['m.example.com']}/u/42?ref=abc"
        mirror_root = f"http://127.0.0.1:{served['mlink.example.com']}/"
        page = browser.open(primary)
        assert page.url == primary
        assert browser.js("return document.title").startswith("A profile on Amora")
        assert page.meta("og:title") == "A profile on Amora"
        assert page.csp_violations() == []
        # The script ran (it sets the web link for this URL) but left the http:// button alone.
        assert page.href("linkwell-web") == "https://www.example.com/u/42?ref=abc"
        assert page.href("linkwell-open") == mirror_root
        browser.driver.find_element("id", "linkwell-open").click()
        assert page.wait_for_url(lambda current: current.startswith(mirror_root)).startswith(mirror_root)
    finally:
        browser.quit()
