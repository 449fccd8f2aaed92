"""`linkwell serve` in Chromium: a page reached by port still runs its script (the rewritten links
do not break its Content-Security-Policy), and every link between the manifest's hosts leads to
the right local page, so a person can tap through the iPhone, Android and desktop flows."""
import pytest

from conftest import ANDROID, IPHONE, Browser, start_serve

HOSTS = ["m.example.com", "mlink.example.com", "go.example.com"]


@pytest.fixture(scope="module")
def served(tools):
    process, ports = start_serve(HOSTS)
    yield ports
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture
def local(served, site):
    """A Chromium where the local ports stay local and every other host (the App Store, the web
    site) is the nginx port that answers 204, so a page that sends the browser there stays."""
    sessions = []

    def start(agent):
        browser = Browser(None, agent, resolver_rules=f"MAP * 127.0.0.1:{site.still_port}, EXCLUDE 127.0.0.1")
        sessions.append(browser)
        return browser

    yield start
    for browser in sessions:
        browser.quit()


def test_open_in_app_reaches_the_same_page_on_the_mirrors_local_port(served, local):
    browser = local(IPHONE)
    primary = f"http://127.0.0.1:{served['m.example.com']}/u/42?ref=abc"
    mirror = f"http://127.0.0.1:{served['mlink.example.com']}/u/42?ref=abc"
    page = browser.open(primary)
    assert page.url == primary
    assert browser.js("return document.title").startswith("A profile on Amora")
    assert page.csp_violations() == []
    assert page.href("linkwell-web") == "https://www.example.com/u/42?ref=abc"
    assert page.href("linkwell-open") == mirror
    browser.driver.find_element("id", "linkwell-open").click()
    # The mirror page then sends the iPhone to the App Store, which answers 204: the mirror stays.
    assert page.wait_for_url(lambda current: current == mirror) == mirror
    assert browser.js("return document.getElementById('linkwell-store').href") == "https://apps.apple.com/app/id1234567890"
    assert page.csp_violations() == []


def test_pages_without_a_route_and_codes_without_a_short_link_by_port(served, local):
    browser = local(ANDROID)
    short = served["go.example.com"]
    page = browser.open(f"http://127.0.0.1:{short}/Q7fk2")
    assert browser.js("return document.querySelector('h1').textContent") == "You're invited to Amora"
    store = page.href("linkwell-store")
    assert store.startswith("intent://go.example.com/Q7fk2#Intent;scheme=https;package=com.example.amora;")
    # A short link's 302 lands on the primary's local port.
    page = browser.open(f"http://127.0.0.1:{short}/Ab3dE")
    assert page.url == f"http://127.0.0.1:{served['m.example.com']}/i/Ab3dE?ref=share"
    # The mirror's home and a path no route takes: pages, not bare 404s.
    page = browser.open(f"http://127.0.0.1:{served['m.example.com']}/no/such/page")
    assert browser.js("return document.querySelector('h1').textContent") == "This link has no page"
    page = browser.open(f"http://127.0.0.1:{served['mlink.example.com']}/")
    assert browser.js("return document.querySelector('h1').textContent") == "Amora"
