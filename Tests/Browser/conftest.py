"""Preview pages in a real headless Chromium, served by a real nginx with the generated snippets.

Every host keeps its real name: Chromium's --host-resolver-rules sends all of them to one nginx
on 127.0.0.1 over TLS (a throw-away self-signed certificate), where one server block per
Output/<host>/ folder includes that folder's generated nginx.conf. A catch-all default server
answers 200 for any other host (App Store, Google Play, the web site, an attacker's host), so a
test reads where a page sent the browser from driver.current_url; below /img/ it answers with
pictures (SVG), so og:image, logo and icon load (any other path is not an image), and below /js/
with a script.

.ci/test installs Chromium, chromedriver and nginx (Debian) and selenium (PyPI). Without them
the suite fails under CI=true and is skipped, with the reason, on a developer's machine.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Support"))
from linkwell_testing import free_port, linkwell_binary, start_nginx, start_serve  # noqa: E402,F401

REPOSITORY = Path(__file__).resolve().parents[2]

IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 "
          "(KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1")
ANDROID = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
           "Chrome/124.0.0.0 Mobile Safari/537.36")
DESKTOP = ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
           "Chrome/124.0.0.0 Safari/537.36")


# What other hosts serve below /img/ (a brand's wordmark, an app icon and a 1200×630 picture) and
# /js/ (an analytics script that marks the page it ran on).
PICTURES = """
        location = /img/logo.svg {
            types { }
            default_type image/svg+xml;
            return 200 "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 150 40'><text x='2' y='31' font-family='Georgia,serif' font-size='32' font-weight='700' fill='#d6336c'>amora</text></svg>";
        }
        location = /img/logo-dark.svg {
            types { }
            default_type image/svg+xml;
            return 200 "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 150 40'><text x='2' y='31' font-family='Georgia,serif' font-size='32' font-weight='700' fill='#f7b2c8'>amora</text></svg>";
        }
        location = /img/app-icon.svg {
            types { }
            default_type image/svg+xml;
            return 200 "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 100 100'><rect width='100' height='100' rx='22' fill='#d6336c'/><path d='M50 80 L21 51 A16 16 0 0 1 50 29 A16 16 0 0 1 79 51 Z' fill='#fff'/></svg>";
        }
        location /js/ {
            types { }
            default_type text/javascript;
            return 200 "document.documentElement.dataset.external = 'ran';";
        }
        location /img/ {
            types { }
            default_type image/svg+xml;
            return 200 "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1200 630'><defs><linearGradient id='g' x1='0' y1='0' x2='1' y2='1'><stop offset='0' stop-color='#ff9a8b'/><stop offset='1' stop-color='#8a4dff'/></linearGradient></defs><rect width='1200' height='630' fill='url(#g)'/><circle cx='930' cy='190' r='170' fill='#fff' fill-opacity='.2'/><circle cx='280' cy='480' r='230' fill='#fff' fill-opacity='.14'/></svg>";
        }"""


def require(program):
    if shutil.which(program) is None:
        message = f"{program} is not installed; .ci/test installs it"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


def match(url, manifest=REPOSITORY / "site.yaml"):
    """What `linkwell match --json` says the preview page does with `url`: Swift's answer, which
    the page script must agree with."""
    run = subprocess.run([str(linkwell_binary()), "match", "--json", "--manifest", str(manifest), url],
                         check=True, capture_output=True, text=True)
    previews = [json.loads(line)["preview"] for line in run.stdout.splitlines() if '"preview"' in line]
    assert previews, f"no preview page for {url}"
    return previews[0]


class Site:
    """nginx over TLS serving every Output/<host>/ folder of `output` on one port."""

    def __init__(self, output):
        self.root = Path(tempfile.mkdtemp(prefix="linkwell-browser-"))
        shutil.copytree(output, self.root / "Output")
        self.port = free_port()
        # On this second port every other host answers 204 No Content, which a browser treats as
        # "stay on the current page": a page that sends the browser elsewhere can then be read.
        self.still_port = free_port()
        prefix = self.root / "nginx"
        prefix.mkdir()
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=test",
                        "-keyout", str(prefix / "key.pem"), "-out", str(prefix / "cert.pem")],
                       check=True, capture_output=True)
        tls = f"ssl_certificate {prefix}/cert.pem; ssl_certificate_key {prefix}/key.pem;"
        blocks = [f"""
    server {{
        listen 127.0.0.1:{self.port} ssl default_server;
        server_name _;
        {tls}
        {PICTURES}
        location / {{
            default_type text/html;
            return 200 "<!doctype html><title>elsewhere</title><p>not a Linkwell host</p>";
        }}
    }}
    server {{
        listen 127.0.0.1:{self.still_port} ssl default_server;
        server_name _;
        {tls}
        {PICTURES}
        location / {{ return 204; }}
    }}"""]
        hosts = sorted(p.name for p in (self.root / "Output").iterdir() if p.is_dir() and "." in p.name)
        for host in hosts:
            folder = self.root / "Output" / host
            blocks.append(f"""
    server {{
        listen 127.0.0.1:{self.port} ssl;
        listen 127.0.0.1:{self.still_port} ssl;
        server_name {host};
        {tls}
        root {folder};
        include {folder / 'nginx.conf'};
    }}""")
        self.process = start_nginx(prefix, blocks, self.port)

    def get(self, url):
        """An HTTP request to the site as a crawler makes it: no redirects followed."""
        import requests
        import urllib3
        urllib3.disable_warnings()
        host = url.split("/")[2]
        path = "/" + url.split("/", 3)[3]
        return requests.get(f"https://127.0.0.1:{self.port}{path}", headers={"Host": host}, verify=False,
                            allow_redirects=False, timeout=5)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)
        shutil.rmtree(self.root, ignore_errors=True)


class Browser:
    """One headless Chromium session with a user agent; counts alert() calls on every page."""

    def __init__(self, port, user_agent, resolver_rules=None):
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        options = webdriver.ChromeOptions()
        options.binary_location = shutil.which("chromium")
        for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--ignore-certificate-errors",
                         f"--host-resolver-rules={resolver_rules or f'MAP * 127.0.0.1:{port}'}", f"--user-agent={user_agent}",
                         "--disable-features=ExternalProtocolDialog"]:
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
        self.driver.set_page_load_timeout(15)
        self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
            window.__alerts = 0;
            window.alert = window.confirm = window.prompt = function () { window.__alerts += 1; };
        """})
        self.driver.execute_cdp_cmd("Browser.grantPermissions", {"permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})

    def open(self, url, settle=0.3):
        self.driver.get(url)
        time.sleep(settle)
        return self

    @property
    def url(self):
        return self.driver.current_url

    def wait_for_url(self, predicate, timeout=5):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if predicate(self.driver.current_url):
                return self.driver.current_url
            time.sleep(0.05)
        return self.driver.current_url

    def js(self, script, *arguments):
        return self.driver.execute_script(script, *arguments)

    def meta(self, key):
        return self.js("""
            var e = document.head.querySelector('meta[property="' + arguments[0] + '"], meta[name="' + arguments[0] + '"]');
            return e ? e.getAttribute('content') : null;""", key)

    def href(self, element_id):
        return self.js("var e = document.getElementById(arguments[0]); return e ? e.href : null;", element_id)

    def csp_violations(self):
        return [entry["message"] for entry in self.driver.get_log("browser") if "Content Security Policy" in entry["message"]]

    def quit(self):
        self.driver.quit()


@pytest.fixture(scope="session")
def tools():
    for program in ["nginx", "chromium", "chromedriver", "openssl"]:
        require(program)
    try:
        import selenium  # noqa: F401
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("selenium is not installed; .ci/test installs it")
        pytest.skip("selenium is not installed: pip install selenium")


@pytest.fixture(scope="session")
def site(tools):
    server = Site(REPOSITORY / "Output")
    yield server
    server.stop()


def project_copy(prefix):
    """A scratch copy of the bundled example's templates and data, and its manifest's text."""
    work = Path(tempfile.mkdtemp(prefix=prefix))
    for name in ["Templates", "data", "app-files"]:
        shutil.copytree(REPOSITORY / name, work / name)
    return work, (REPOSITORY / "site.yaml").read_text()


def serve_build(work, manifest):
    """Builds `manifest` in `work` and serves the output as the bundled site is served."""
    (work / "site.yaml").write_text(manifest)
    subprocess.run([str(linkwell_binary()), "build", "--manifest", str(work / "site.yaml"), "--output", str(work / "Output")],
                   check=True, capture_output=True)
    return Site(work / "Output")


@pytest.fixture(scope="session")
def hostile_site(tools):
    """The bundled example rebuilt with script in its manifest strings and item rows."""
    work, manifest = project_copy("linkwell-hostile-")
    manifest = manifest.replace("name: Amora\nscheme:", "name: \"Amora</title><script>alert('name')</script>\"\nscheme:", 1)
    # The title takes words from the URL too (the route page's script puts them in), and the
    # profiles show a column (`details`) whose value is markup.
    manifest = manifest.replace(
        "title: A profile on Amora", "title: \"A profile \\\"><img src=x onerror=alert('title')> {words:2|someone}\"")
    manifest = manifest.replace(
        "    items: data/profiles.csv", "    details:\n      - column: city\n        label: \"<b>City</b>\"\n    items: data/profiles.csv", 1)
    rows = (work / "data" / "profiles.csv").read_text().splitlines()
    rows = [rows[0] + ",city"] + [row + ",Leeds" for row in rows[1:]]
    rows.append('/u/mallory,"Mallory</title><script>alert(\'item\')</script>","""><svg onload=alert(\'description\')>",'
                'https://www.example.com/img/u/x.jpg,Mallory,"<img src=x onerror=alert(\'city\')>"')
    (work / "data" / "profiles.csv").write_text("\n".join(rows) + "\n")
    server = serve_build(work, manifest)
    yield server
    server.stop()
    shutil.rmtree(work, ignore_errors=True)


@pytest.fixture(scope="session")
def browsers(site):
    """One Chromium per user agent (and port), shared by the tests: starting one costs ~1.5 s."""
    sessions = {}
    yield sessions
    for session in sessions.values():
        session.quit()


@pytest.fixture
def browser(site, browsers):
    """browser(user_agent, stay=False) → a Browser reaching every host through the site's nginx;
    with `stay`, every other host answers 204, so pages that navigate away stay to be read."""

    def start(user_agent, stay=False):
        key = (user_agent, stay)
        if key not in browsers:
            browsers[key] = Browser(site.still_port if stay else site.port, user_agent)
        session = browsers[key]
        session.driver.get("about:blank")
        session.driver.get_log("browser")  # Forget the previous test's messages.
        return session

    return start
