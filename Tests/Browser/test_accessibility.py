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


@pytest.fixture(scope="module")
def default_theme_site(tools):
    """The bundled example without its `theme:`: Linkwell's own colours, no logo or icon."""
    work, manifest = project_copy("linkwell-default-theme-")
    start = manifest.index("\ntheme:\n")
    end = manifest.index("\n\n", start + 1)
    server = serve_build(work, manifest[:start] + manifest[end:])
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
