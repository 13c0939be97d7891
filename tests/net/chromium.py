"""A real browser for the web door's tests and pictures: Debian's headless Chromium, driven
by Selenium through Debian's chromedriver (.ci/run installs both). Selenium blocks: call it
in a thread, off the loop the server runs on."""

from __future__ import annotations

import asyncio
import os
import shutil
import time

import pytest

CHROMIUM, DRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
PIXEL_RATIO = 3.0  # device pixels to a CSS pixel, as most phones have
PHONE = (  # what a phone's browser says it is
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/156.0.0.0 Mobile Safari/537.36"
)


def chromium(width: int = 1024, height: int = 700, mobile: tuple[int, int] | None = None):
    """A headless Chromium; the test is skipped where there is none, except in CI, where
    there must be one. `mobile`: a phone's screen of that size, touched, not clicked."""
    if not (shutil.which(CHROMIUM) and shutil.which(DRIVER)):
        if os.environ.get("CI"):
            raise RuntimeError("CI has no Chromium: .ci/run installs chromium chromium-driver")
        pytest.skip("no Chromium here (apt-get install chromium chromium-driver)")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new",
        "--no-sandbox",  # CI runs as root
        "--disable-dev-shm-usage",
        f"--window-size={width},{height}",
    ):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if mobile is not None:
        metrics = {
            "width": mobile[0],
            "height": mobile[1],
            "pixelRatio": PIXEL_RATIO,
            "touch": True,
        }
        options.add_experimental_option(
            "mobileEmulation", {"deviceMetrics": metrics, "userAgent": PHONE}
        )
    return webdriver.Chrome(options=options, service=Service(DRIVER))


def screen_text(driver) -> str:
    """What the page's terminal shows, row by row (read from xterm.js's buffer: WebGL draws the
    rows on a canvas, not in the page's text)."""
    text: str = driver.execute_script(
        "const t = window.terminal; if (!t) return '';"
        "const b = t.buffer.active, rows = [];"
        "for (let y = 0; y < t.rows; y++) {"
        "  const line = b.getLine(b.viewportY + y);"
        "  rows.push(line ? line.translateToString() : '');"
        "} return rows.join('\\n');"
    )
    return text


def page_text(driver) -> str:
    """What a page that is not a terminal says (the page for strangers, an invitation's)."""
    text: str = driver.execute_script("return document.body ? document.body.innerText : '';")
    return text


def fill_in(driver, name: str) -> None:
    """`name` typed into the page's name box, and the form sent, as a person does."""
    from selenium.webdriver.common.by import By

    box = driver.find_element(By.ID, "name")
    box.clear()
    box.send_keys(name)
    driver.find_element(By.CSS_SELECTOR, "form button").click()


def click_button(driver, label: str) -> None:
    """A click on the page's button that says `label`."""
    from selenium.webdriver.common.by import By

    driver.find_element(By.XPATH, f"//button[normalize-space()='{label}']").click()


def type_keys(driver, keys: str) -> None:
    """Keys typed into the page's terminal, as a person types them."""
    from selenium.webdriver.common.by import By

    driver.find_element(By.CSS_SELECTOR, ".xterm-helper-textarea").send_keys(keys)


def paste(driver, text: str) -> None:
    """`text` pasted into the page's terminal, as the browser's paste would (xterm.js sends it
    bracketed, as a terminal does)."""
    driver.execute_script(
        "const data = new DataTransfer(); data.setData('text/plain', arguments[0]);"
        "const area = document.querySelector('.xterm-helper-textarea');"
        "area.dispatchEvent(new ClipboardEvent('paste', {clipboardData: data, bubbles: true}));",
        text,
    )


def click_text(driver, needle: str) -> None:
    """A click on the first place the terminal shows `needle` (xterm.js reports it to the app,
    as a terminal reports a click)."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    lines = screen_text(driver).split("\n")
    y = next((y for y, line in enumerate(lines) if needle in line), None)
    assert y is not None, f"{needle!r} is not on the page's terminal"
    x = lines[y].index(needle) + len(needle) / 2
    screen = driver.find_element(By.CSS_SELECTOR, ".xterm-screen")
    columns, rows = driver.execute_script("return [window.terminal.cols, window.terminal.rows];")
    width, height = screen.size["width"], screen.size["height"]
    at_x = x * width / columns - width / 2  # from the screen's centre
    at_y = (y + 0.5) * height / rows - height / 2
    ActionChains(driver).move_to_element_with_offset(screen, int(at_x), int(at_y)).click().perform()


def phone(width: int = 844, height: int = 390):
    """A headless Chromium as a phone: a touch screen of `width` x `height` CSS pixels (844 x
    390: a phone held sideways; 390 x 844 upright), three device pixels to one."""
    return chromium(width, height, mobile=(width, height))


def tap(driver, element, x: int = 0, y: int = 0) -> None:
    """A finger's tap on `element` (at an offset from its centre), as a touch screen gives it."""
    from selenium.webdriver.common.actions import interaction
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions.pointer_input import PointerInput

    finger = ActionBuilder(driver, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
    finger.pointer_action.move_to(element, x, y).pointer_down().pointer_up()
    finger.perform()


def key_buttons(driver) -> list[str]:
    """The labels of the keys a phone's page offers to be touched, in order."""
    labels: list[str] = driver.execute_script(  # read at once: the bar is redrawn as it changes
        "return [...document.querySelectorAll('#keys button')]"
        ".map(b => b.textContent.replaceAll('\\u200b', ''))"
    )
    return labels


def tap_key(driver, label: str, timeout: float = 10.0) -> None:
    """A tap on the phone's on-screen key labelled `label`, once it is there and the keys have
    stood still a moment (they are drawn again as the screen changes: a finger lifted over a
    key that has just moved touches whichever key took its place)."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By

    def placed():
        for button in driver.find_elements(By.CSS_SELECTOR, "#keys button"):
            if button.text.replace("\u200b", "") == label:  # (a slash's break)
                return button, button.rect
        return None, None

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            button, where = placed()
            if button is not None:
                driver.execute_script("arguments[0].scrollIntoView({block: 'nearest'})", button)
                time.sleep(0.1)
                again, there = placed()
                if again == button and there == where:  # the same key, where it was
                    tap(driver, button)
                    return
        except StaleElementReferenceException:
            pass  # the keys were drawn again meanwhile
        time.sleep(0.05)
    raise AssertionError(f"no key {label!r} to touch: {key_buttons(driver)}")


async def shown(driver, needle: str, timeout: float = 20.0) -> None:
    """Wait until the browser's terminal shows `needle`."""
    await _appears(driver, screen_text, needle, "in the browser's terminal", timeout)


async def said(driver, needle: str, timeout: float = 20.0) -> None:
    """Wait until the browser's page (not a terminal: the page for strangers, an invitation's)
    says `needle`."""
    await _appears(driver, page_text, needle, "on the page", timeout)


async def _appears(driver, read, needle: str, where: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while needle not in await asyncio.to_thread(read, driver):
        if time.monotonic() > deadline:
            text = await asyncio.to_thread(read, driver)
            raise AssertionError(f"{needle!r} never appeared {where}:\n{text}")
        await asyncio.sleep(0.1)
