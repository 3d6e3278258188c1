"""Headless Chromium (Debian's chromium and chromium-driver) driven by selenium, for the explore and report tests.

No skip: when the browser or its driver is missing the tests fail (test.sh installs them). The browser is
started so that it reaches for nothing by itself (no component updates, sync, QUIC or first-run pages), with
a fresh profile; the browser console and the network (performance log) are recorded so tests can assert
that no error was logged and nothing but the expected addresses was requested.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
#: Where screenshots go: a temporary folder, so a test run leaves the checkout as it was; set
#: ``BINLOG_KSY_SCREENSHOTS=docs/screenshots`` to refresh the pictures of the docs.
SCREENSHOTS = Path(os.environ.get("BINLOG_KSY_SCREENSHOTS") or Path(tempfile.gettempdir()) / "binlog-ksy-screenshots")


@contextmanager
def chromium(width: int = 1280, height: int = 1000) -> Iterator[webdriver.Chrome]:
    """A headless Chromium with console and performance logging; fails when it is not installed."""
    assert os.path.exists(CHROMIUM), f"{CHROMIUM} missing: apt-get install chromium chromium-driver (test.sh does)"
    assert os.path.exists(CHROMEDRIVER), f"{CHROMEDRIVER} missing: apt-get install chromium-driver"
    profile = tempfile.mkdtemp(prefix="binlog-ksy-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-default-apps", "--disable-extensions", "--no-default-browser-check",
                "--disable-dev-shm-usage", f"--user-data-dir={profile}", f"--window-size={width},{height}"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        driver.get("about:blank")  # leave the browser's own start page, then forget what it logged
        driver.get_log("performance")
        driver.get_log("browser")
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def console_errors(driver: webdriver.Chrome) -> list[dict[str, Any]]:
    """The console messages of level SEVERE since the last call (errors, failed loads, CSP violations)."""
    return [m for m in driver.get_log("browser") if m.get("level") == "SEVERE"]


def requested_urls(driver: webdriver.Chrome, blocked: dict[str, str] | None = None) -> list[str]:
    """Every URL the page asked the network stack for since the last call (from the performance log).

    A request the browser then refused to send (``Network.loadingFailed`` with a ``blockedReason``, e.g. ``csp``)
    is listed too; pass ``blocked`` to learn which: URL -> reason.
    """
    urls = []
    ids: dict[str, str] = {}
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        params = message.get("params", {})
        if message.get("method") == "Network.requestWillBeSent":
            urls.append(params["request"]["url"])
            ids[params["requestId"]] = params["request"]["url"]
        elif message.get("method") == "Network.loadingFailed" and params.get("blockedReason") and blocked is not None:
            blocked[ids.get(params["requestId"], "?")] = params["blockedReason"]
    return urls


def screenshot(driver: webdriver.Chrome, name: str, full_page: bool = True) -> Path:
    """Save a PNG of the page in :data:`SCREENSHOTS` (the whole page height when ``full_page``)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    if full_page:
        height = int(driver.execute_script("return document.documentElement.scrollHeight"))
        driver.set_window_size(1280, min(max(height + 120, 600), 6000))
    driver.save_screenshot(str(path))
    assert path.stat().st_size > 1000
    return path


def set_dark(driver: webdriver.Chrome, dark: bool) -> None:
    """Emulate prefers-color-scheme: dark (or light)."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})


def run_cli(*argv: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    """``binlog-ksy ARGV`` in a child process of this Python; its output as text."""
    result = subprocess.run([sys.executable, "-m", "binlog_ksy.cli", *argv], capture_output=True, text=True,
                            cwd=ROOT)
    if check:
        assert result.returncode == 0, result.stderr
    return result
