"""The pages a brand ships, in headless Chromium: the short host's page for codes the app creates,
a home and a not-found page on every host, no link that leads to a 404 (with JavaScript on or
off), the theme in the computed style, a template's own scripts under the computed policy, and
a template script the policy would block failing the build."""
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from conftest import ANDROID, DESKTOP, IPHONE, REPOSITORY, Browser, Site, linkwell_binary, match, project_copy, serve_build

PRIMARY, MIRROR, SHORT = "m.example.com", "mlink.example.com", "go.example.com"
HOSTS = [PRIMARY, MIRROR, SHORT]

ANALYTICS = """<script>
  document.documentElement.dataset.analytics = "inline";
</script>
<script defer src="https://analytics.example.net/js/script.js"></script>
"""


def brand_project(template_extra, policy=True):
    """A copy of the bundled example whose page template includes `template_extra` (an
    `analytics` partial) and whose stories image is not an image."""
    work = Path(tempfile.mkdtemp(prefix="linkwell-brand-"))
    for name in ["Templates", "data", "app-files"]:
        shutil.copytree(REPOSITORY / name, work / name)
    page = (work / "Templates" / "page.mustache").read_text()
    (work / "Templates" / "page.mustache").write_text(page.replace("</body>", "  {{> analytics}}\n</body>"))
    (work / "Templates" / "analytics.mustache").write_text(template_extra)
    manifest = (REPOSITORY / "site.yaml").read_text()
    manifest = manifest.replace("https://www.example.com/img/og-stories.jpg", "https://www.example.com/broken/og-stories.jpg")
    if policy:
        manifest += "\ncontentSecurityPolicy:\n  scripts: [https://analytics.example.net]\n  connect: [https://analytics.example.net]\n"
    (work / "site.yaml").write_text(manifest)
    return work


@pytest.fixture(scope="module")
def brand_site(tools):
    work = brand_project(ANALYTICS)
    subprocess.run([str(linkwell_binary()), "build", "--manifest", str(work / "site.yaml"), "--output", str(work / "Output")],
                   check=True, capture_output=True)
    server = Site(work / "Output")
    yield server
    server.stop()
    shutil.rmtree(work, ignore_errors=True)


def heading(page):
    return page.js("return document.querySelector('h1').textContent")


def test_a_code_the_app_created_gets_the_invite_page_and_the_store_tap_copies_the_link(browser, site):
    url = f"https://{SHORT}/Q7fk2"
    assert site.get(url).status_code == 200
    page = browser(IPHONE).open(url)
    assert page.url == url, "the short host waits for a tap: nothing else hands the code to the app"
    assert heading(page) == "You're invited to Amora"
    assert page.meta("og:title") == "You're invited to Amora" and page.meta("og:url") == url
    assert page.href("linkwell-open") is None, "no other host opens the code"
    expected = match(url)["iPhone"]
    assert expected == "https://install.example.com/amora?link=https%3A%2F%2Fgo.example.com%2FQ7fk2"
    assert page.href("linkwell-store") == expected
    assert page.href("linkwell-web") == "https://www.example.com/invite"
    page.driver.find_element("id", "linkwell-store").click()
    assert page.wait_for_url(lambda u: "install.example.com" in u) == expected
    copied = page.driver.execute_async_script(
        "var done = arguments[0]; navigator.clipboard.readText().then(done, function (e) { done('error: ' + e); });")
    assert copied == url
    android = browser(ANDROID, stay=True).open(url)
    assert android.href("linkwell-store") == match(url)["android"]
    assert android.href("linkwell-store").startswith("intent://go.example.com/Q7fk2#Intent;scheme=https;package=com.example.amora;")
    desktop = browser(DESKTOP).open(url, settle=0)
    assert desktop.wait_for_url(lambda u: "www.example.com" in u) == "https://www.example.com/invite"


@pytest.mark.parametrize("host", HOSTS)
def test_every_host_has_a_home_and_a_not_found_page(browser, site, host):
    home = site.get(f"https://{host}/")
    assert home.status_code == 200 and '<h1 id="linkwell-title">Amora</h1>' in home.text
    page = browser(IPHONE, stay=True).open(f"https://{host}/")
    assert heading(page) == "Amora"
    assert page.href("linkwell-store") == "https://apps.apple.com/app/id1234567890"
    assert page.href("linkwell-web") == "https://www.example.com/"
    if host == SHORT:
        return  # Every path on the short host is a code: its catch-all answers instead of a 404.
    missing = site.get(f"https://{host}/no/such/page")
    assert missing.status_code == 404 and "This link has no page" in missing.text
    page = browser(ANDROID, stay=True).open(f"https://{host}/no/such/page")
    assert heading(page) == "This link has no page"
    assert page.href("linkwell-store").startswith("https://play.google.com/store/apps/details?id=com.example.amora&referrer=")
    assert page.meta("robots") == "noindex"


PAGES = ["/", "/no/such/page", "/u/42?ref=x", "/u/alex", "/i/Ab3dE", "/like/7", "/aa/landto/?page=9", "/stories/dating/x", "/labs/x"]


@pytest.mark.parametrize("javascript", [True, False], ids=["javascript", "no-javascript"])
@pytest.mark.parametrize("agent", [IPHONE, ANDROID, DESKTOP], ids=["iphone", "android", "desktop"])
def test_no_link_on_any_page_leads_to_a_404(site, agent, javascript):
    browser = Browser(site.still_port, agent)
    try:
        if not javascript:
            browser.driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
        checked = 0
        for host in HOSTS:
            for path in PAGES + (["/Q7fk2", "/Ab3dE.html"] if host == SHORT else []):
                browser.open(f"https://{host}{path}", settle=0.3 if javascript else 0.1)
                links = browser.js("return Array.prototype.map.call(document.querySelectorAll('a[href]'), function (a) { return a.href; })")
                for link in links:
                    parts = urlsplit(link)
                    assert parts.scheme in {"https", "intent"}, f"{host}{path}: {link}"
                    if parts.hostname in HOSTS:
                        status = site.get(link).status_code
                        assert status in {200, 302}, f"{host}{path} links to {link}, which answers {status}"
                        checked += 1
                    else:
                        assert link != f"https://{host}{path}", "no page links to itself"
        assert checked > 10
    finally:
        browser.quit()


def test_the_theme_reaches_the_computed_style(browser):
    page = browser(IPHONE, stay=True).open(f"https://{MIRROR}/i/Zx81q")
    button = "getComputedStyle(document.getElementById('linkwell-store'))"
    assert page.js(f"return {button}.backgroundColor") == "rgb(205, 49, 104)", "theme.accent #cd3168"
    assert page.js(f"return {button}.color") == "rgb(255, 255, 255)"
    assert page.js("return getComputedStyle(document.body).backgroundColor") == "rgb(243, 244, 247)"
    assert page.js("var logo = document.querySelector('img.logo'); return logo.complete && logo.naturalWidth > 0 && !logo.hidden")
    assert page.js("return document.querySelector('img.logo').getAttribute('src')") == "https://www.example.com/img/logo.svg"
    # The browser's own bars take each scheme's page colour.
    assert page.js("return Array.prototype.map.call(document.querySelectorAll('meta[name=theme-color]'), "
                   "function (m) { return m.media + ' ' + m.content; })") == [
        "(prefers-color-scheme: light) #f3f4f7", "(prefers-color-scheme: dark) #0e1014"]
    page.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    try:
        assert page.js("return getComputedStyle(document.body).backgroundColor") == "rgb(14, 16, 20)"
        assert page.js("return getComputedStyle(document.body).color") == "rgb(236, 238, 243)"
        # The dark accent is derived from the light one (left out of the manifest) so that it reads,
        # and the text on it turns dark; the dark wordmark replaces the light one.
        assert page.js(f"return {button}.backgroundColor") == "rgb(219, 105, 145)", "derived dark accent #db6991"
        assert page.js(f"return {button}.color") == "rgb(14, 16, 20)"
        page.open(f"https://{MIRROR}/i/Zx81q", settle=0.6)
        assert page.js("return document.querySelector('img.logo').currentSrc") == "https://www.example.com/img/logo-dark.svg"
    finally:
        page.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    assert page.csp_violations() == []


def test_a_templates_own_scripts_run_under_the_computed_policy_and_a_broken_image_hides(brand_site):
    browser = Browser(brand_site.still_port, IPHONE)
    try:
        page = browser.open(f"https://{PRIMARY}/stories/dating/first-date", settle=0.8)
        assert page.js("return document.documentElement.dataset.analytics") == "inline"
        assert page.js("return document.documentElement.dataset.external") == "ran"
        assert page.csp_violations() == []
        # The og:image is not an image: it hides itself, and the heading sits where the picture was.
        assert page.js("return document.querySelector('img.hero').hidden")
        assert page.js("return document.querySelector('img.hero').getBoundingClientRect().height") == 0
        assert page.js("return document.querySelector('h1').getBoundingClientRect().top") < 260
    finally:
        browser.quit()


def test_a_template_script_the_policy_would_block_fails_the_build(tools):
    work = brand_project(ANALYTICS, policy=False)
    try:
        output = work / "Output"
        run = subprocess.run([str(linkwell_binary()), "build", "--manifest", str(work / "site.yaml"), "--output", str(output)],
                             capture_output=True, text=True, cwd=work)
        assert run.returncode == 1
        assert ("Templates/analytics.mustache:4:1: error: script 'https://analytics.example.net/js/script.js' would be blocked by "
                "the page's Content-Security-Policy; add 'https://analytics.example.net' to contentSecurityPolicy.scripts") in run.stderr
        assert not output.exists(), "a failed build writes nothing"
    finally:
        shutil.rmtree(work, ignore_errors=True)


FONT_FILE = Path("/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")


@pytest.fixture(scope="module")
def font_site(tools):
    """The bundled example with a brand font from the project (a serif, so it differs from the
    fallback stack's sans fonts) first in the theme's stack."""
    if not FONT_FILE.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{FONT_FILE} is missing; .ci/test installs fonts-dejavu-core")
        pytest.skip(f"{FONT_FILE} is missing: apt-get install fonts-dejavu-core")
    work, manifest = project_copy("linkwell-font-")
    (work / "fonts").mkdir()
    shutil.copy(FONT_FILE, work / "fonts" / "Brand-Serif.ttf")
    manifest = manifest.replace(
        "  icon: https://www.example.com/img/app-icon.svg\n",
        "  icon: https://www.example.com/img/app-icon.svg\n  font: '\"Brand Serif\", system-ui, sans-serif'\n"
        "  fonts:\n    - family: Brand Serif\n      src: fonts/Brand-Serif.ttf\n", 1)
    server = serve_build(work, manifest)
    yield server
    server.stop()
    shutil.rmtree(work, ignore_errors=True)


def test_a_theme_font_from_the_project_loads_under_the_pages_policy(font_site):
    """The title is drawn with the web font (Chromium's own answer for the node: a custom font,
    not a system one), the font loaded, nothing was blocked, and nginx served it as a font."""
    browser = Browser(font_site.still_port, IPHONE)
    try:
        page = browser.open(f"https://{PRIMARY}/", settle=0.3)
        assert page.js("return document.fonts.ready.then(function () { return document.fonts.check('1em \"Brand Serif\"'); })")
        assert page.js("var s = []; document.fonts.forEach(function (f) { s.push(f.family + ' ' + f.status); }); return s;") == [
            "Brand Serif loaded"]
        driver = page.driver
        driver.execute_cdp_cmd("DOM.enable", {})
        driver.execute_cdp_cmd("CSS.enable", {})
        root = driver.execute_cdp_cmd("DOM.getDocument", {})["root"]["nodeId"]
        title = driver.execute_cdp_cmd("DOM.querySelector", {"nodeId": root, "selector": "h1"})["nodeId"]
        used = driver.execute_cdp_cmd("CSS.getPlatformFontsForNode", {"nodeId": title})["fonts"]
        assert used and used[0]["isCustomFont"], used
        assert used[0]["familyName"].startswith("DejaVu Serif"), used
        assert page.csp_violations() == []
        url = page.js("return performance.getEntriesByType('resource').map(function (e) { return e.name; })"
                      ".filter(function (n) { return n.indexOf('/_linkwell/fonts/') >= 0; })[0]")
        response = font_site.get(url)
        assert response.status_code == 200
        assert response.headers["Content-Type"] == "font/ttf"
        assert "immutable" in response.headers["Cache-Control"]
        assert response.content == FONT_FILE.read_bytes()
    finally:
        browser.quit()
