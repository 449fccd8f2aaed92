#!/usr/bin/env python3
"""Takes screenshots of the preview pages in headless Chromium, the way the browser suite serves
them (nginx with the generated snippets; pictures below /img/ on other hosts), so anyone can
look at what a change did:

    python3 Tests/Browser/screenshots.py [--output DIR] [--manifest site.yaml]

Each page is taken on an iPhone, an Android phone and a desktop, in light and dark mode, and on
the phones also with JavaScript off. Other hosts answer 204, so a mirror page that sends a phone
to the store stays to be seen. With --readme it also writes docs/images/themed-page.png.
"""
import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conftest import ANDROID, DESKTOP, IPHONE, REPOSITORY, Browser, Site, linkwell_binary  # noqa: E402

DEVICES = {
    "iphone": (IPHONE, 390, 844, 3),
    "android": (ANDROID, 412, 915, 2.625),
    "desktop": (DESKTOP, 1280, 800, 1),
}
PAGES = {
    "primary-route": "https://m.example.com/u/42?ref=share",
    "primary-item": "https://m.example.com/u/alex",
    # An item path with a non-ASCII letter: the URL line shows it decoded, as an address bar does.
    "primary-item-decoded-url": "https://m.example.com/u/zo%C3%AB",
    "mirror-route": "https://mlink.example.com/i/Zx81q",
    "short-code": "https://go.example.com/Q7fk2",
    "primary-home": "https://m.example.com/",
    "mirror-home": "https://mlink.example.com/",
    "not-found": "https://m.example.com/no/such/page",
    "stories": "https://m.example.com/stories/dating/first-date-ideas",
    # A URL the app leaves to the web (#no_universal_links): the page offers only the web.
    "primary-kept-on-web": "https://m.example.com/u/42#no_universal_links",
}


def shoot(browser, url, path, width, height, scale, dark):
    driver = browser.driver
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": scale > 1})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})
    browser.open(url, settle=0.6)
    driver.save_screenshot(str(path))


def readme_shot(site, url, target):
    """The page's content on an iPhone at 2×, light mode, cut to the content and a margin."""
    import base64
    browser = Browser(site.still_port, IPHONE)
    try:
        shoot(browser, url, target, 390, 844, 2, False)
        top, bottom = browser.js("var r = document.querySelector('main').getBoundingClientRect(); return [r.top, r.bottom];")
        clip = {"x": 0, "y": max(0, top - 28), "width": 390, "height": min(844, bottom + 28) - max(0, top - 28), "scale": 1}
        shot = browser.driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "clip": clip})
        target.write_bytes(base64.b64decode(shot["data"]))
    finally:
        browser.quit()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", default="/tmp/linkwell-screenshots")
    parser.add_argument("--manifest", default=str(REPOSITORY / "site.yaml"))
    parser.add_argument("--readme", action="store_true", help="also write docs/images/themed-page.png")
    arguments = parser.parse_args()
    output = Path(arguments.output)
    output.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="linkwell-screenshots-"))
    subprocess.run([str(linkwell_binary()), "build", "--manifest", arguments.manifest, "--output", str(work / "Output")],
                   check=True, capture_output=True)
    site = Site(work / "Output")
    try:
        for device, (agent, width, height, scale) in DEVICES.items():
            for javascript in ([True, False] if device != "desktop" else [True]):
                browser = Browser(site.still_port, agent)
                if not javascript:
                    browser.driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
                try:
                    for name, url in PAGES.items():
                        for dark in [False, True]:
                            file = output / f"{name}-{device}-{'dark' if dark else 'light'}{'' if javascript else '-nojs'}.png"
                            shoot(browser, url, file, width, height, scale, dark)
                            print(file)
                finally:
                    browser.quit()
        if arguments.readme:
            target = REPOSITORY / "docs" / "images" / "themed-page.png"
            target.parent.mkdir(parents=True, exist_ok=True)
            readme_shot(site, PAGES["mirror-route"], target)
            print(target)
    finally:
        site.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
