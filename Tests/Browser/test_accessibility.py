"""Every kind of preview page, in light and dark mode, on a phone and a desktop, checked by axe-core
(Deque's accessibility engine, as browsers' developer tools run it) in headless Chromium: 0
violations of WCAG 2.x A and AA, colour contrast included. Run for the bundled site's brand theme
(a pink accent and a wordmark) and for a site with Linkwell's default theme.

axe-core comes from PyPI's `axe-playwright-python` 0.1.8 wheel, which ships axe-core 4.12.1 as
`axe.min.js` (4.10 or later reads `color-mix()`, which the pages' muted text uses; older copies
report every such colour as unknown). The wheel is fetched once, without its dependencies, into
.build/axe/.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import pytest

from conftest import DESKTOP, IPHONE, REPOSITORY, Browser, project_copy, serve_build
from screenshots import PAGES  # every page kind the screenshots show

AXE_WHEEL = "axe-playwright-python==0.1.8"
AXE_CACHE = REPOSITORY / ".build" / "axe" / "axe.min.js"

DEVICES = {"phone": (IPHONE, 390, 844, 3), "desktop": (DESKTOP, 1280, 800, 1)}


@pytest.fixture(scope="session")
def axe_source(tools):
    if not AXE_CACHE.exists():
        download = Path(tempfile.mkdtemp(prefix="linkwell-axe-"))
        try:
            subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "-d", str(download), AXE_WHEEL],
                           check=True, capture_output=True, timeout=300)
            wheel = next(download.glob("*.whl"))
            with zipfile.ZipFile(wheel) as archive:
                source = archive.read("axe_playwright_python/axe.min.js")
            AXE_CACHE.parent.mkdir(parents=True, exist_ok=True)
            AXE_CACHE.write_bytes(source)
        except (subprocess.SubprocessError, StopIteration, KeyError, OSError) as error:
            if os.environ.get("CI"):
                pytest.fail(f"axe-core could not be fetched ({AXE_WHEEL}): {error}")
            pytest.skip(f"axe-core could not be fetched ({AXE_WHEEL}): {error}")
        finally:
            shutil.rmtree(download, ignore_errors=True)
    source = AXE_CACHE.read_text()
    assert source.startswith("/*! axe v4.1"), "axe-core 4.10 or later reads color-mix()"
    return source


CITIES = {"/u/alex": "Leeds", "/u/sam": "Bristol", "/u/noor": "", "/u/zoë": "Lyon & <around>"}


@pytest.fixture(scope="module")
def default_theme_site(tools):
    """The bundled example without its `theme:`: Linkwell's own colours, no logo or icon; its
    profiles show a `city` column (`details`), empty on one row."""
    work, manifest = project_copy("linkwell-default-theme-")
    start = manifest.index("\ntheme:\n")
    end = manifest.index("\n\n", start + 1)
    manifest = manifest[:start] + manifest[end:]
    manifest = manifest.replace(
        "    items: data/profiles.csv", "    details:\n      - column: city\n        label: Lives in\n    items: data/profiles.csv", 1)
    rows = (work / "data" / "profiles.csv").read_text().splitlines()
    cities = [CITIES.get(row.split(",")[0], "") for row in rows[1:]]
    (work / "data" / "profiles.csv").write_text(
        "\n".join([rows[0] + ",city"] + [f'{row},"{city}"' for row, city in zip(rows[1:], cities)]) + "\n")
    server = serve_build(work, manifest)
    yield server
    server.stop()
    shutil.rmtree(work, ignore_errors=True)


def violations(browser, axe_source, url, width, height, scale, scheme):
    driver = browser.driver
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": scale > 1})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    browser.open(url, settle=0.6)
    browser.js(axe_source)
    found = driver.execute_async_script("""
        var done = arguments[arguments.length - 1];
        axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]}})
            .then(function (result) {
                done(result.violations.map(function (v) {
                    return v.id + ": " + v.nodes.map(function (n) { return n.target.join(" ") + " — " + n.failureSummary; }).join("; ");
                }));
            })
            .catch(function (error) { done(["axe failed: " + error]); });
    """)
    # axe-core reports what it could not decide (text over a picture, say) as "incomplete", not as
    # a violation; contrast it can compute is a violation.
    return found


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("theme", ["brand", "default"])
def test_every_page_kind_passes_axe_in_both_colour_schemes(site, default_theme_site, axe_source, theme, device):
    server = site if theme == "brand" else default_theme_site
    agent, width, height, scale = DEVICES[device]
    browser = Browser(server.still_port, agent)
    try:
        browser.driver.set_script_timeout(30)
        problems = []
        for scheme in ["light", "dark"]:
            for name, url in PAGES.items():
                for violation in violations(browser, axe_source, url, width, height, scale, scheme):
                    problems.append(f"{name} ({scheme}): {violation}")
        assert problems == []
    finally:
        browser.quit()


def test_item_details_show_each_rows_columns_and_leave_empty_ones_out(default_theme_site):
    """The built-in page's details: the label and the row's value (escaped as every value is),
    beside each other on a phone, and nothing for a row whose value is empty."""
    browser = Browser(default_theme_site.still_port, IPHONE)
    try:
        browser.driver.set_window_size(390, 844)
        page = browser.open("https://m.example.com/u/zo%C3%AB", settle=0.4)
        shown = page.js("return Array.prototype.map.call(document.querySelectorAll('dl.details div'), "
                        "function (d) { return d.querySelector('dt').textContent + '=' + d.querySelector('dd').textContent; })")
        assert shown == ["Lives in=Lyon & <around>"]
        label, value = (page.js(f"var r = document.querySelector('dl.details {tag}').getBoundingClientRect(); return [r.left, r.top];")
                        for tag in ["dt", "dd"])
        assert label[0] < value[0] and abs(label[1] - value[1]) < 2, "label and value side by side"
        assert page.js("return window.__alerts") == 0
        page.open("https://m.example.com/u/noor", settle=0.3)
        assert page.js("return document.querySelectorAll('dl.details div').length") == 0
    finally:
        browser.quit()
