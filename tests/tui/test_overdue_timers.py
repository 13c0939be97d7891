"""A timer already overdue when it is set fires at once and the app goes on. In Textual 8.2 its
loop spun for ever without yielding: a notice's toast mounted a moment after the notice expired
froze the event loop, which at the SSH host is every session's (seen in a suite run).

Each app runs in a child process, so that a regression fails on its time limit instead of
hanging the suite."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROLOGUE = """
import time
import tui.base  # installs the Textual fixes, as the local app and the SSH host do
from textual.app import App
from textual.notifications import Notification
from textual.widgets._toast import Toast
"""
CASES = {
    "a timer set with a delay computed a moment too late": """
class Late(App):
    def on_mount(self):
        self.fired = False
        self.set_timer(-0.00003, self.fire)

    def fire(self):
        self.fired = True
        self.exit()

app = Late()
app.run(headless=True)
print("fired" if app.fired else "not fired")
""",
    "a toast of a notice that has just expired": """
class Toasted(App):
    def on_mount(self):
        notice = Notification("gone", timeout=1.0, raised_at=time.time() - 1.00003)
        self.mount(Toast(notice))
        self.set_timer(0.3, self.exit)

app = Toasted()
app.run(headless=True)
print("fired" if not app.query(Toast) else "toast still shown")
""",
}


@pytest.mark.parametrize("case", CASES)
def test_an_overdue_timer_fires_at_once_and_the_app_goes_on(case):
    try:
        ran = subprocess.run(
            [sys.executable, "-c", PROLOGUE + CASES[case]],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=30,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"{case}: the app hung")
    assert ran.stdout.strip() == "fired", ran.stderr
