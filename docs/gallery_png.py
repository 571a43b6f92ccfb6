"""Make ``docs/gallery.png``, the README's picture: the gallery as a visitor sees it, in
Chromium, through the real server (``stainedglass serve``), opened at its bare address.

    .venv/bin/python docs/gallery_png.py
"""

from __future__ import annotations

import pathlib
import sys

from playwright.sync_api import sync_playwright

# the browser and server harness the tests share
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tests"))
from harness import VoilaServer, launch_chromium, open_page

OUT = pathlib.Path(__file__).resolve().parent / "gallery.png"
SIZE = (1280, 980)


def main() -> None:
    with VoilaServer() as server, sync_playwright() as p:
        server.wait_ready()
        browser = launch_chromium(p)
        page = open_page(browser, *SIZE)
        page.goto(server.url())  # the bare address leads to the gallery
        page.wait_for_selector(".sg-gallery svg")
        page.wait_for_function("() => document.fonts.status === 'loaded'")
        assert page.url == server.url("index.ipynb"), page.url
        page.screenshot(path=str(OUT))
        assert page.outside == []
        browser.close()
    print(f"{OUT} written")


if __name__ == "__main__":
    main()
