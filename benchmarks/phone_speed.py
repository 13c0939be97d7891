"""A phone at the web door: its first frame, and how soon a key touched shows on its screen.

    .venv/bin/python benchmarks/phone_speed.py [--runs 10] [--width 844] [--height 390]

The server runs in its own process (`boomtown serve --web`). The phone is headless Chromium's
mobile emulation (a touch screen of 844 x 390 CSS pixels, three device pixels to one, held
sideways), signed in as a person an invitation named. First frame: from asking for the page to
the lobby on its screen ("You are"), the page loaded anew each run. Key to screen: measured in
the page, from a key of its on-screen bar touched (`?`, the help) to the help drawn in its
terminal (`closes this`), then Esc; each run alternates the two.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from net.store.storage import SQLITE_FILE, Storage  # noqa: E402
from tests.net.chromium import fill_in, key_buttons, phone, screen_text  # noqa: E402
from tests.net.harness import serve_process  # noqa: E402

TIMED = """
const [label, needle, done] = arguments;
const term = window.terminal;
const shows = () => {
  const b = term.buffer.active;
  for (let y = 0; y < term.rows; y++) {
    const line = b.getLine(b.viewportY + y);
    if (line && line.translateToString().includes(needle)) return true;
  }
  return false;
};
const key = [...document.querySelectorAll('#keys button')]
  .find(k => k.textContent.replaceAll('\\u200b', '') === label);
const start = performance.now();
const watch = term.onWriteParsed(() => {
  if (shows()) { watch.dispose(); done(performance.now() - start); }
});
key.click();
"""  # `done` is Selenium's callback: the milliseconds from the touch to the screen


def quantiles(times: list[float]) -> str:
    return f"p50 {statistics.median(times):.0f} ms, max {max(times):.0f} ms"


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--width", type=int, default=844)
    parser.add_argument("--height", type=int, default=390)
    args = parser.parse_args()
    data = Path(tempfile.mkdtemp())
    storage = Storage(data / SQLITE_FILE)
    secret = storage.make_invite("ann", 3600, 9)
    storage.close()
    server, _ = await serve_process("--data", str(data), "--web", "0")
    assert server.stdout is not None
    web = None
    while web is None:
        line = (await server.stdout.readline()).decode()
        if "Browsers join at" in line:
            web = line.split("Browsers join at ")[1].split()[0].rstrip("/")
    driver = phone(args.width, args.height)
    try:
        driver.get(f"{web}/invite/{secret}")
        fill_in(driver, "ivy")
        first = []
        for _ in range(args.runs):
            start = time.perf_counter()
            driver.get(f"{web}/")
            while "You are ivy" not in screen_text(driver):
                time.sleep(0.005)
            first.append((time.perf_counter() - start) * 1000)
        size = driver.execute_script(
            "return [window.terminal.cols, window.terminal.rows, window.terminal.options.fontSize]"
        )
        driver.set_script_timeout(30)
        while "Help" not in key_buttons(driver):  # the person's own app has said its keys
            time.sleep(0.05)
        touched = []
        for _ in range(args.runs):
            touched.append(driver.execute_async_script(TIMED, "Help", "closes this"))
            time.sleep(0.3)
            driver.execute_async_script(TIMED, "Esc", "You are ivy")
            time.sleep(0.3)
        print(
            f"phone {args.width}x{args.height}: a terminal of {size[0]}x{size[1]} in {size[2]} px "
            f"text; first frame {quantiles(first)}; a key touched to the screen "
            f"{quantiles(touched)} ({args.runs} runs each)"
        )
    finally:
        driver.quit()
        server.kill()
        await server.wait()


if __name__ == "__main__":
    asyncio.run(main())
