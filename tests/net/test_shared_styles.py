"""The server parses each stylesheet once: apps with the same theme share the parsed rules."""

from textual.css.stylesheet import Stylesheet

from net.render import shared_styles

shared_styles.install()  # as the server does
CSS = "Button { background: $primary; width: 12; }"


def rules(variables: dict[str, str]):
    sheet = Stylesheet(variables=variables)
    sheet.add_source(CSS, read_from=("app.tcss", ""))
    sheet.parse()
    return sheet.rules


def test_two_apps_with_one_theme_share_one_parse_and_another_theme_gets_its_own():
    first, second = rules({"primary": "red"}), rules({"primary": "red"})
    assert first[0] is second[0]
    blue = rules({"primary": "blue"})
    assert blue[0] is not first[0]
    assert blue[0].styles.background != first[0].styles.background
    assert first[0].styles.width == blue[0].styles.width
