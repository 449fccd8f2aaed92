"""What a person (and a crawler) gets from the preview pages, in headless Chromium."""
import re
from urllib.parse import urlsplit

import pytest

from conftest import ANDROID, DESKTOP, IPHONE, match

PRIMARY, MIRROR, SHORT = "m.example.com", "mlink.example.com", "go.example.com"


def test_route_page_head_tags_name_the_visited_url(browser):
    url = f"https://{PRIMARY}/u/42?ref=abc"
    page = browser(IPHONE).open(url)
    assert page.url == url, "the primary page never navigates a phone on its own"
    assert page.driver.title == "A profile on Amora — Amora"
    assert page.meta("og:title") == "A profile on Amora"
    assert page.meta("og:type") == "website"
    assert page.meta("og:image") == "https://www.example.com/img/og-profile.jpg"
    assert page.meta("og:description") == "See who is nearby and say hello."
    assert page.meta("og:site_name") == "Amora"
    assert page.meta("og:url") == url
    assert page.js("return document.querySelector('link[rel=canonical]').href") == url
    assert page.meta("al:ios:url") == "amora://u/42?ref=abc"
    assert page.meta("al:ios:app_store_id") == "1234567890"
    assert page.meta("al:ios:app_name") == "Amora"
    assert page.meta("al:android:url") == "amora://u/42?ref=abc"
    assert page.meta("al:android:package") == "com.example.amora"
    assert page.meta("al:android:app_name") == "Amora"
    assert page.meta("al:web:url") == "https://www.example.com/u/42?ref=abc"
    assert page.meta("al:web:should_fallback") == "true"
    assert page.meta("twitter:card") == "summary_large_image"
    assert page.meta("twitter:app:id:iphone") == "1234567890"
    assert page.meta("twitter:app:id:googleplay") == "com.example.amora"
    assert page.meta("apple-itunes-app") == f"app-id=1234567890, {CLIP_CARD}, app-argument={url}"
    assert page.csp_violations() == []


# Amora lists an App Clip: Safari shows its card (iOS 15+) from the smart-banner meta.
CLIP_CARD = "app-clip-bundle-id=com.example.amora.Clip, app-clip-display=card"


@pytest.mark.parametrize("path", ["/u/alex", "/u/42?ref=abc"])
def test_item_and_route_pages_offer_the_app_clip_card(browser, path):
    # An item page is written whole at build time, a route page fills in its URL when it loads.
    url = f"https://{PRIMARY}{path}"
    page = browser(IPHONE).open(url)
    assert page.meta("apple-itunes-app") == f"app-id=1234567890, {CLIP_CARD}, app-argument={url}"


@pytest.mark.parametrize("path", ["/u/42", "/u/42?ref=abc&page=9", "/like/7?x=%20y", "/i/Ab3dE", "/stories/dating/first-date?utm=a",
                                  "/aa/landto/?ref=abcdef&page=9&user_id=1234567", "/u/alex?ref=share"])
@pytest.mark.parametrize("host,other", [(PRIMARY, MIRROR), (MIRROR, PRIMARY)])
def test_open_in_app_is_the_same_path_and_query_on_the_other_mirror(browser, site, host, other, path):
    # The mirror page moves on to the store at once; with `stay` the store answers 204, so it stays.
    page = browser(IPHONE, stay=True).open(f"https://{host}{path}")
    assert page.url == f"https://{host}{path}"
    href = page.href("linkwell-open")
    assert href == f"https://{other}{path}"
    assert href == match(f"https://{host}{path}")["openInApp"]


@pytest.mark.parametrize("path", ["/u/42?ref=abc", "/like/7", "/aa/landto/?page=9&ref=x", "/u/sam"])
@pytest.mark.parametrize("agent,platform", [(IPHONE, "iPhone"), (ANDROID, "android"), (DESKTOP, "desktop")])
def test_the_mirror_sends_each_platform_where_the_manifest_says(browser, agent, platform, path):
    url = f"https://{MIRROR}{path}"
    preview = match(url)
    expected = preview[platform] if platform != "desktop" or preview["desktopRedirects"] else url
    page = browser(agent).open(url, settle=0)
    # The landing page tries amora:// for 1.5 s on Android before the store.
    assert page.wait_for_url(lambda current: current == expected, timeout=4) == expected
    assert urlsplit(expected).hostname in {"apps.apple.com", "play.google.com", "www.example.com"}


def test_web_first_pages_send_every_platform_to_the_mobile_web(browser):
    url = f"https://{MIRROR}/stories/dating/first-date-ideas?utm=x"
    for agent in [IPHONE, ANDROID]:
        page = browser(agent).open(url, settle=0)
        assert page.wait_for_url(lambda u: "www.example.com" in u) == "https://www.example.com/stories/dating/first-date-ideas?utm=x"


def test_since_pages_fall_back_to_the_web_and_install_templates_replace_the_app_store(browser):
    like = f"https://{MIRROR}/like/7"
    assert match(like)["iPhone"] == "https://www.example.com/like/7", "'like' has since: old apps decline it"
    invite = f"https://{MIRROR}/i/Ab3dE?ref=x"
    page = browser(IPHONE).open(invite, settle=0)
    assert page.wait_for_url(lambda u: "install.example.com" in u) == (
        "https://install.example.com/amora?link=https%3A%2F%2Fm.example.com%2Fi%2FAb3dE%3Fref%3Dx")


def test_android_intent_links_fall_back_to_google_play_with_the_referrer(browser):
    url = f"https://{MIRROR}/i/Ab3dE?ref=x"
    expected = match(url)["android"]
    assert expected.startswith("intent://m.example.com/i/Ab3dE?ref=x#Intent;scheme=https;package=com.example.amora;")
    assert "S.browser_fallback_url=https%3A%2F%2Fplay.google.com%2Fstore%2Fapps%2Fdetails%3Fid%3Dcom.example.amora%26referrer%3D" in expected
    page = browser(ANDROID, stay=True).open(url, settle=0.5)
    # Desktop Chromium cannot follow intent://, so the page stays; its store link is the intent URL.
    assert page.href("linkwell-store") == expected


def test_the_tap_copies_the_link_before_the_store(browser):
    url = f"https://{PRIMARY}/i/Ab3dE?ref=share"
    page = browser(IPHONE).open(url)
    page.driver.find_element("id", "linkwell-open").click()
    page.wait_for_url(lambda u: "install.example.com" in u)
    copied = page.driver.execute_async_script(
        "var done = arguments[0]; navigator.clipboard.readText().then(done, function (e) { done('error: ' + e); });")
    assert copied == url


def test_item_pages_carry_their_own_tags_without_script(site):
    page = site.get(f"https://{PRIMARY}/u/alex").text
    assert '<meta property="og:title" content="Alex on Amora">' in page
    assert '<meta property="og:image" content="https://www.example.com/img/u/alex.jpg">' in page
    assert '<link rel="canonical" href="https://m.example.com/u/alex">' in page
    assert '<meta property="al:ios:url" content="amora://u/alex">' in page
    route_page = site.get(f"https://{PRIMARY}/u/someone-else").text
    assert '<meta property="og:title" content="A profile on Amora">' in route_page


def test_item_pages_in_the_browser(browser):
    page = browser(IPHONE).open(f"https://{PRIMARY}/u/sam?ref=x")
    assert page.meta("og:title") == "Sam on Amora"
    assert page.meta("og:description") == 'Sam, 34: "ask me about my sourdough".'
    assert page.href("linkwell-open") == f"https://{MIRROR}/u/sam?ref=x"
    assert page.js("return document.querySelector('h1').textContent") == "Sam on Amora"


def test_short_links_reach_their_targets(browser, site):
    response = site.get(f"https://{SHORT}/Ab3dE")
    assert response.status_code == 302 and response.headers["Location"] == "https://m.example.com/i/Ab3dE?ref=share"
    page = browser(IPHONE).open(f"https://{SHORT}/spring")
    assert page.url == "https://m.example.com/aa/landto/?page=9&ref=spring26"
    assert page.href("linkwell-open") == "https://mlink.example.com/aa/landto/?page=9&ref=spring26"
    # The fallback page, for hosts that cannot redirect, gets there too.
    fallback = browser(IPHONE).open(f"https://{SHORT}/Ab3dE.html", settle=0)
    assert fallback.wait_for_url(lambda u: u.startswith("https://m.example.com/")) == "https://m.example.com/i/Ab3dE?ref=share"
    # A code without a short link (one the app created) gets the short host's invite page.
    assert site.get(f"https://{SHORT}/nope").status_code == 200


@pytest.mark.parametrize("host", [PRIMARY, MIRROR, SHORT])
def test_association_files_are_json_without_redirect(site, host):
    for path in ["/.well-known/apple-app-site-association", "/apple-app-site-association", "/.well-known/assetlinks.json"]:
        response = site.get(f"https://{host}{path}")
        assert response.status_code == 200, path
        assert response.headers["Content-Type"] == "application/json", path
        assert "Location" not in response.headers
        response.json()


PAYLOADS = [
    "/u/%3Cimg%20src=x%20onerror=alert(1)%3E",
    '/u/1?ref="><script>alert(1)</script>',
    "/u/1?ref=%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E",
    "/u/alex?x='-alert(1)-'",
    "/u/1#<img src=x onerror=alert(1)>",
    "/i/{query}?{path}=<script>alert(1)</script>",
]


def own_scripts_only(page):
    """Every script element is the page's settings (a data block), the host's rules table or the
    shared page script: nothing a URL or a manifest string brought in."""
    scripts = page.js("""return Array.prototype.map.call(document.querySelectorAll('script'), function (s) {
        return [s.type, s.id, s.getAttribute('src') || '']; });""")
    return all(
        (kind == "application/json" and element == "linkwell-config")
        or (kind == "" and (source == "/_linkwell/rules.js" or source == "/_linkwell/page.js"))
        for kind, element, source in scripts)


@pytest.mark.parametrize("path", PAYLOADS)
def test_script_in_the_url_never_runs(browser, path):
    page = browser(IPHONE).open(f"https://{PRIMARY}{path}", settle=0.5)
    assert page.js("return window.__alerts") == 0
    assert page.js("return document.querySelectorAll('img[src=x]').length") == 0
    assert own_scripts_only(page)
    assert page.js("return document.querySelectorAll('body script').length") == 3
    shown = page.js("return document.getElementById('linkwell-url').textContent")
    assert shown.startswith("m.example.com/")
    assert page.csp_violations() == []


@pytest.mark.parametrize("query", ["?next=https://evil.example.net/", "?url=https://evil.example.net/x&next=//evil.example.net",
                                   "?ref=javascript:alert(1)", "?redirect=%2F%2Fevil.example.net"])
@pytest.mark.parametrize("agent", [IPHONE, ANDROID, DESKTOP])
def test_nothing_navigates_off_the_configured_hosts(browser, agent, query):
    for path in ["/u/42", "/stories/dating/x", "/i/Ab3dE", "/aa/landto/"]:
        page = browser(agent).open(f"https://{MIRROR}{path}{query}#https://evil.example.net/", settle=0)
        final = page.wait_for_url(lambda u: urlsplit(u).hostname != MIRROR, timeout=3)
        assert urlsplit(final).hostname in {MIRROR, "apps.apple.com", "play.google.com", "www.example.com", "install.example.com"}
        assert "evil" not in urlsplit(final).hostname
        assert page.js("return window.__alerts") == 0


def test_manifest_and_item_strings_are_escaped(hostile_site):
    from conftest import Browser
    for path in ["/u/mallory", "/u/42"]:
        page = Browser(hostile_site.port, IPHONE).open(f"https://{PRIMARY}{path}", settle=0.5)
        try:
            assert page.js("return window.__alerts") == 0
            assert page.js("return document.querySelectorAll('img[src=x], svg').length") == 0
            assert page.js("return document.querySelectorAll('script').length") == 3
            assert own_scripts_only(page)
            assert "</title><script>" in page.driver.title
        finally:
            page.quit()
    page = hostile_site.get(f"https://{PRIMARY}/u/mallory").text
    assert "&lt;/title&gt;&lt;script&gt;alert(&#39;item&#39;)&lt;/script&gt;" in page
    # A detail's label and value (a column holding markup) are text.
    assert '<dt class="muted">&lt;b&gt;City&lt;/b&gt;</dt><dd>&lt;img src=x onerror=alert(&#39;city&#39;)&gt;</dd>' in page
    # On a route page the script puts the URL's words into a title that holds markup, as text.
    route = Browser(hostile_site.port, IPHONE).open(f"https://{PRIMARY}/u/%3Csvg%20onload=alert(1)%3E", settle=0.5)
    try:
        assert route.js("return window.__alerts") == 0
        assert route.js("return document.querySelectorAll('h1 img, h1 svg').length") == 0
        assert route.js("return document.getElementById('linkwell-title').textContent") == (
            "A profile \"><img src=x onerror=alert('title')> %3Csvg%20onload=alert(1)%3E")
    finally:
        route.quit()


@pytest.mark.parametrize("path", ["/", "/no/such/page"])
@pytest.mark.parametrize("host", [PRIMARY, MIRROR])
def test_a_desktop_stays_on_the_home_and_not_found_pages(browser, host, path):
    # Sending a desktop on at once would land a broken link silently on the web home; the page
    # stays and offers the web as a link.
    url = f"https://{host}{path}"
    page = browser(DESKTOP).open(url, settle=0.8)
    assert page.url == url
    assert page.href("linkwell-web") == "https://www.example.com/"


@pytest.mark.parametrize("url", [f"https://{PRIMARY}/aa/landto/?ref=abcdef&page=9&user_id=1234567",
                                 f"https://{PRIMARY}/stories/dating/first-date-ideas-for-a-rainy-sunday-afternoon",
                                 f"https://{PRIMARY}/u/alex"])
def test_the_url_line_breaks_only_between_its_parts(browser, url):
    # On a 390-pixel phone the line wraps after '/', '?', '&' or '=', never inside a part.
    page = browser(IPHONE, stay=True)
    page.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True})
    try:
        page.open(url, settle=0.5)
        # Each character's line (its box's top): a new line may start only after '/', '?', '&', '='
        # or a hyphen, the places a reader expects a URL to wrap.
        chars = page.js("""
            var line = document.getElementById('linkwell-url'), found = [];
            Array.prototype.forEach.call(line.childNodes, function (n) {
                if (n.nodeType !== 3) return;
                for (var i = 0; i < n.textContent.length; i++) {
                    var range = document.createRange(); range.setStart(n, i); range.setEnd(n, i + 1);
                    found.push([n.textContent[i], Math.round(range.getBoundingClientRect().top)]);
                }
            });
            return found;""")
        assert "".join(character for character, _ in chars) == url.split("://", 1)[1]
        breaks = [chars[index - 1][0] for index in range(1, len(chars)) if chars[index][1] > chars[index - 1][1]]
        assert all(after in "/?&=-" for after in breaks), breaks
        if len(url) > 60:
            assert breaks, "a long URL wraps on a phone"
    finally:
        page.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


# The URL line as the address bar shows it: non-ASCII letters, marks and digits decoded, every
# other escape kept (URLDisplay in Swift decides item pages' line at build time by the same rule).
@pytest.mark.parametrize("path, shown", [
    ("/stories/dating/tourti%C3%A8re", "/stories/dating/tourtière"),
    ("/stories/dating/caf%c3%a9%2Fx%20y", "/stories/dating/café%2Fx%20y"),
    ("/stories/dating/%E2%80%AEx%F0%9F%98%80%C3", "/stories/dating/%E2%80%AEx%F0%9F%98%80%C3"),
    ("/u/zo%C3%AB", "/u/zoë"),
])
def test_the_url_line_shows_letters_decoded_and_other_escapes_as_written(browser, path, shown):
    page = browser(IPHONE).open(f"https://{PRIMARY}{path}", settle=0.5)
    assert page.js("return document.getElementById('linkwell-url').textContent") == PRIMARY + shown
    # The links keep their escapes.
    assert path.split("/")[-1] in (page.js("return document.getElementById('linkwell-open').getAttribute('href')") or "")


@pytest.mark.parametrize("agent", [IPHONE, DESKTOP])
def test_a_page_types_badge_shows_above_its_title(browser, agent):
    # `badge` is a text key of the page type: the template names it `page.badge` with no code of its own.
    page = browser(agent, stay=True).open(f"https://{PRIMARY}/stories/dating/first-date")
    assert page.js("return document.querySelector('.badge').textContent") == "New"
    badge = page.js("const r = document.querySelector('.badge').getBoundingClientRect(); return [r.bottom, r.width, r.height]")
    title_top = page.js("return document.querySelector('h1').getBoundingClientRect().top")
    assert badge[1] > 0 and badge[2] > 0 and badge[0] <= title_top + 1
    # Pages of types without one have none.
    assert browser(agent, stay=True).open(f"https://{PRIMARY}/u/42").js("return document.querySelector('.badge')") is None


@pytest.mark.parametrize("path", ["/u/alex", "/u/42", "/"])
def test_on_a_phone_the_page_starts_at_the_top_and_shows_the_brand_once(browser, path):
    # With a wordmark (theme.logo) the icon and the app's name are not shown again beside it;
    # a short page starts below the top padding instead of in the middle of a tall screen.
    page = browser(IPHONE, stay=True)
    page.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True})
    try:
        page.open(f"https://{PRIMARY}{path}", settle=0.4)
        assert page.js("return document.querySelectorAll('img.logo').length") == 1
        assert page.js("return document.querySelectorAll('.app, img.icon').length") == 0
        assert page.js("return document.querySelector('main').getBoundingClientRect().top") < 40
    finally:
        page.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@pytest.fixture(scope="module")
def words_site(tools):
    """The bundled example whose stories pages take words from their URL."""
    import shutil
    from conftest import project_copy, serve_build
    work, manifest = project_copy("linkwell-words-")
    manifest = manifest.replace(
        "    title: Amora Stories\n    description: Dating advice and stories from the community.\n",
        "    title: \"{words:3|A story} — Amora Stories\"\n    description: \"More {segment:2|stories} on Amora.\"\n", 1)
    server = serve_build(work, manifest)
    yield server
    server.stop()
    shutil.rmtree(work, ignore_errors=True)


@pytest.mark.parametrize("javascript", [True, False])
def test_route_pages_show_words_from_their_url_as_text(words_site, javascript):
    """With the script, the title, heading and description take the URL's words (letters
    decoded, '-' as spaces, markup as text); without it, the fallbacks crawlers read."""
    from conftest import Browser
    browser = Browser(words_site.still_port, IPHONE)
    try:
        if not javascript:
            browser.driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
        page = browser.open("https://m.example.com/stories/dating/first-d%C3%A4te-%3Cb%3Ehi", settle=0.4)
        heading = page.js("return document.getElementById('linkwell-title').textContent") if javascript else None
        if javascript:
            assert heading == "first däte %3Cb%3Ehi — Amora Stories"
            assert page.js("return document.title") == "first däte %3Cb%3Ehi — Amora Stories — Amora"
            assert page.js("return document.getElementById('linkwell-description').textContent") == "More dating on Amora."
            assert page.js("return document.querySelectorAll('h1 b').length") == 0
            assert page.js("return window.__alerts") == 0
        else:
            html = browser.driver.page_source
            assert 'id="linkwell-title">A story — Amora Stories</h1>' in html
            assert "More stories on Amora." in html
        assert page.csp_violations() == []
    finally:
        browser.quit()
