"""A real browser for the web door's tests and pictures: Debian's headless Chromium, driven
by Selenium through Debian's chromedriver (.ci/run installs both). Selenium blocks: call it
in a thread, off the loop the server runs on."""

from __future__ import annotations

import os
import shutil

import pytest

CHROMIUM, DRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"


def chromium(width: int = 1024, height: int = 700):
    """A headless Chromium; the test is skipped where there is none, except in CI, where
    there must be one."""
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
    return webdriver.Chrome(options=options, service=Service(DRIVER))


def screen_text(driver) -> str:
    """What the page's terminal shows, row by row (xterm.js draws its rows in the page)."""
    text: str = driver.execute_script(
        "const rows = document.querySelector('.xterm-rows');return rows ? rows.innerText : '';"
    )
    return text.replace("\xa0", " ")


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

    cell: float = driver.execute_script(  # xterm.js measures a cell on 32 characters
        "const m = document.querySelector('.xterm-char-measure-element');"
        "return m.getBoundingClientRect().width / m.textContent.length;"
    )
    for row in driver.find_elements(By.CSS_SELECTOR, ".xterm-rows > div"):
        line = row.text.replace("\xa0", " ")
        if needle in line:
            middle = (line.index(needle) + len(needle) / 2) * cell
            offset = int(middle - row.size["width"] / 2)  # from the row's centre
            ActionChains(driver).move_to_element_with_offset(row, offset, 0).click().perform()
            return
    raise AssertionError(f"{needle!r} is not on the screen")
