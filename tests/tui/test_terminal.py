"""Leaving the app leaves the shell's screen as it was: the alternate screen is blanked first."""

from textual.driver import Driver

from tui.app import BoomtownApp
from tui.terminal import BLANK, GIVE_TITLE_BACK, KEEP_TITLE, blanking

LEAVE_ALTERNATE = "\x1b[?1049l"


class Recording(Driver):
    """A driver that keeps what it writes and leaves application mode as Textual's do."""

    def __init__(self) -> None:
        self.written: list[str] = []

    def write(self, data: str) -> None:
        self.written.append(data)

    def flush(self) -> None:
        pass

    def start_application_mode(self) -> None:
        pass

    def disable_input(self) -> None:
        pass

    def stop_application_mode(self) -> None:
        self.write(LEAVE_ALTERNATE)


def test_the_alternate_screen_is_blanked_before_the_app_leaves_it():
    driver = blanking(Recording)()
    driver.stop_application_mode()
    assert driver.written == [BLANK + GIVE_TITLE_BACK, LEAVE_ALTERNATE]


def test_the_window_s_title_is_kept_as_the_app_starts_and_given_back_as_it_leaves():
    """The app names the window (the game, whose turn); the terminal's own title comes back."""
    driver = blanking(Recording)()
    driver.start_application_mode()
    driver.stop_application_mode()
    assert driver.written[0] == KEEP_TITLE and GIVE_TITLE_BACK in driver.written[1]


def test_the_local_app_runs_on_the_blanking_driver():
    driver_class = BoomtownApp(save_path=None).driver_class
    assert driver_class.stop_application_mode is not Driver.stop_application_mode
    assert driver_class.__name__.startswith("Blanking")
