"""Excluded URLs that a page route's page is served for (issue 30): hosts rewrite by path, so
`/l/7/report` — excluded by 'listing-report' before 'listing' (`/l/*`) — gets the listing page,
and `/u/42#no_universal_links` the profile page. The app opens neither on any host, so the page
must not hop to the mirror, and the mirror must not take a person who has the app for one who
lacks it and send them to a store. A crawl of every such URL × host × iPhone / Android / desktop
× JavaScript on and off, against the real nginx: 0 store hops, 0 pages without a way on, and
what each page does is what `linkwell match` says it does."""
import shutil
from urllib.parse import urlsplit

import pytest

from conftest import ANDROID, DESKTOP, IPHONE, Browser, match, project_copy, serve_build

PRIMARY, MIRROR = "m.example.com", "mlink.example.com"
STORES = {"apps.apple.com", "play.google.com", "install.example.com"}
AGENTS = {"iphone": IPHONE, "android": ANDROID, "desktop": DESKTOP}

EXCLUDED = ["/l/7/report", "/l/7/report/", "/u/42#no_universal_links", "/l/7/report?ref=x"]
OPENED = ["/l/7", "/u/42"]


@pytest.fixture(scope="module")
def listing_site(tools):
    """The bundled site with a listing page type whose report URLs stay on the web."""
    work, manifest = project_copy("linkwell-excluded-")
    manifest = manifest.replace("routes:\n", """routes:
  - name: listing-report
    path: /l/*/report
    exclude: true
    comment: reporting a listing happens on the web
  - name: listing-draft
    path: /l/*
    query: {draft: "?*"}
    exclude: true
  - name: listing
    path: /l/*
    page: listing
  - name: listing-anchor
    path: /h/*
    fragment: "*"
    page: listing
    accept: [legacy-loss, android-manifest-loss, android-loss]
""", 1)
    manifest = manifest.replace("pages:\n", """pages:
  listing:
    title: A listing on Amora
    web: https://www.example.com{path}{query}
""", 1)
    # The app ships the listing with it: its own filter takes the listing paths too.
    android = work / "app-files" / "android" / "AndroidManifest.xml"
    android.write_text(android.read_text().replace(
        '<data android:pathPrefix="/u/" />', '<data android:pathPrefix="/u/" />\n<data android:pathPrefix="/l/" /><data android:pathPrefix="/h/" />', 1))
    server = serve_build(work, manifest)
    server.manifest = work / "site.yaml"
    yield server
    server.stop()
    shutil.rmtree(work, ignore_errors=True)


def visible_links(browser):
    return browser.js("""return Array.prototype.filter.call(document.querySelectorAll('a[href]'), function (a) {
        return !a.closest('[hidden]') && a.offsetParent !== null; }).map(function (a) { return [a.id, a.href]; });""")


@pytest.mark.parametrize("javascript", [True, False], ids=["javascript", "no-javascript"])
@pytest.mark.parametrize("agent", list(AGENTS), ids=list(AGENTS))
def test_no_url_the_app_leaves_to_the_web_sends_anyone_to_a_store_or_leaves_them_stuck(listing_site, agent, javascript):
    browser = Browser(listing_site.still_port, AGENTS[agent])
    platform = {"iphone": "ios", "android": "android"}.get(agent)
    try:
        if not javascript:
            browser.driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
        kept_visits = 0
        for host in [PRIMARY, MIRROR]:
            for path in EXCLUDED:
                url = f"https://{host}{path}"
                preview = match(url, listing_site.manifest)
                # A desktop has no app: every URL counts as one it leaves to the web.
                kept = platform is None or (preview.get("keptOnWeb") or {}).get(platform)
                browser.open(url, settle=0.6 if javascript else 0.1)
                landed = urlsplit(browser.url).hostname
                if not kept:
                    continue
                kept_visits += 1
                assert landed not in STORES, f"{agent}, {url}: sent to {browser.url}"
                if landed == "www.example.com":
                    # The web page the manifest names for the URL: a way on. Only the mirror (and a
                    # desktop, to a page type's own web page) goes on by itself.
                    assert javascript and (host == MIRROR or agent == "desktop"), f"{agent}, {url}: went on by itself"
                    assert browser.url.startswith(preview["web"] if agent != "desktop" else preview["desktop"])
                    continue
                links = visible_links(browser)
                assert links, f"{agent}, {url}: no way on"
                ids = [element for element, _ in links]
                if javascript and agent != "desktop":
                    # What match says: only "Continue on the web", and it is the main button.
                    assert ids == ["linkwell-web"], f"{agent}, {url}: {links}"
                    assert browser.js("return document.getElementById('linkwell-web').className") == "button primary"
                    assert links[0][1] == preview["web"]
        # Most of these URLs are left to the web on every platform (one only on iOS).
        assert kept_visits >= 2 * (len(EXCLUDED) - 1)
    finally:
        browser.quit()


@pytest.mark.parametrize("agent", ["iphone", "android"])
def test_urls_the_app_opens_still_hop_and_still_reach_the_store(listing_site, agent):
    """The check is not a blanket: a listing's own URL keeps its "Open in app" on the primary,
    and the mirror still sends a phone without the app to its store."""
    browser = Browser(listing_site.port, AGENTS[agent])
    try:
        for path in OPENED:
            preview = match(f"https://{MIRROR}{path}", listing_site.manifest)
            assert not preview.get("keptOnWeb")
            browser.open(f"https://{PRIMARY}{path}", settle=0.4)
            assert "linkwell-open" in [element for element, _ in visible_links(browser)]
            browser.open(f"https://{MIRROR}{path}", settle=0)
            expected = preview["iPhone" if agent == "iphone" else "android"]
            if expected.startswith("intent:"):
                continue
            assert browser.wait_for_url(lambda url: url == expected, timeout=4) == expected
            assert urlsplit(expected).hostname in STORES | {"www.example.com"}
    finally:
        browser.quit()


# iOS and Android decide some URLs differently (Apple trims a trailing slash and needs every
# repeat of an item to match; Android decodes the path, never backtracks, needs one parameter to
# match and a `#` for a fragment rule): the page's script must decide each as `match` does, platform by platform.
DIFFERING = ["/l/7", "/l/7/report", "/l/7/report/", "/l/7?draft=1", "/l/7?draft=1&draft=", "/l/%2Freport", "/l/a/b/report",
             "/u/42#no_universal_links", "/u/42",
             # `#*`: iOS reads no fragment as an empty one; Android 15+ needs the `#`, empty or not.
             "/h/1", "/h/1#", "/h/1#a"]


@pytest.mark.parametrize("agent", ["iphone", "android"])
def test_the_mirror_decides_each_url_as_match_says_it_does(listing_site, agent):
    browser = Browser(listing_site.port, AGENTS[agent])
    platform, store = {"iphone": ("ios", "iPhone"), "android": ("android", "android")}[agent]
    try:
        for path in DIFFERING:
            url = f"https://{MIRROR}{path}"
            preview = match(url, listing_site.manifest)
            kept = (preview.get("keptOnWeb") or {}).get(platform)
            expected = preview["web"] if kept else preview[store]
            if expected.startswith("intent:"):
                continue
            browser.open(url, settle=0)
            landed = browser.wait_for_url(lambda current: current == expected, timeout=4)
            assert landed == expected, f"{agent}, {url}: match says {kept or 'the app opens it'}, the page went to {landed}"
    finally:
        browser.quit()


# An app whose own filters take only some listing URLs, in every kind of path attribute and an
# Android 15 relative group: the page's script must decide each as `match` decides it from the
# app's manifest (AOSP's PatternMatcher, greedy and never going back).
LAGGING_FILTERS = """
                <data android:path="/l/9" />
                <data android:pathPattern="/l/1.*" />
                <data android:pathPattern="/l/.*5" />
                <data android:pathAdvancedPattern="/l/[2-4][0-9]*" />
                <data android:pathSuffix="/share" />
                <uri-relative-filter-group android:allow="true">
                    <data android:pathPrefix="/l/7" />
                    <data android:queryPrefix="ref=app" />
                </uri-relative-filter-group>"""
LAGGING = ["/l/7", "/l/7?ref=app", "/l/7?ref=web", "/l/7?a=1&ref=app1", "/l/9", "/l/9/", "/l/1", "/l/15", "/l/1x/5", "/l/x5",
           "/l/55", "/l/2", "/l/39", "/l/3a", "/l/5", "/l/x/share", "/l/7/report", "/l/%31%30", "/u/42"]


@pytest.fixture(scope="module")
def lagging_site(tools):
    """The listing site of the module, with an app whose filters take only some listing URLs."""
    work, manifest = project_copy("linkwell-lagging-")
    manifest = manifest.replace("routes:\n", """routes:
  - name: listing
    path: /l/*
    page: listing
""", 1).replace("pages:\n", """pages:
  listing:
    title: A listing on Amora
    web: https://www.example.com{path}{query}
""", 1)
    android = work / "app-files" / "android" / "AndroidManifest.xml"
    android.write_text(android.read_text().replace('<data android:pathPrefix="/u/" />',
                                                   '<data android:pathPrefix="/u/" />' + LAGGING_FILTERS, 1))
    server = serve_build(work, manifest)
    server.manifest = work / "site.yaml"
    yield server
    server.stop()
    shutil.rmtree(work, ignore_errors=True)


def test_the_mirror_decides_by_the_apps_own_filters_as_match_does(lagging_site):
    browser = Browser(lagging_site.port, ANDROID)
    kept_count = 0
    try:
        for path in LAGGING:
            url = f"https://{MIRROR}{path}"
            preview = match(url, lagging_site.manifest)
            kept = (preview.get("keptOnWeb") or {}).get("android")
            kept_count += bool(kept)
            expected = preview["web"] if kept else preview["android"]
            if expected.startswith("intent:"):
                continue
            browser.open(url, settle=0)
            landed = browser.wait_for_url(lambda current: current == expected, timeout=4)
            assert landed == expected, f"{url}: match says {kept or 'the app opens it'}, the page went to {landed}"
        # Both ways are exercised: URLs the app's filters leave to the web, and URLs they take.
        assert 4 <= kept_count <= len(LAGGING) - 4, kept_count
    finally:
        browser.quit()
