"""One parse of each stylesheet for the whole server, not one per session.

Every Textual app parses its CSS (the app's file and each widget class's DEFAULT_CSS) into rule
sets and keeps them in a cache of its own. Rules are read, never changed, once parsed (one app
already applies the same rule set to many widgets), so apps with the same theme variables can
share them: a player's session at a table holds less (the manual's "Measured choices"), and a
new session skips the parsing.
"""

from __future__ import annotations

from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet

from tui.textual_private import original, replace, stylesheet_variables

TEXTUAL_PARSE_RULES = original(Stylesheet, "_parse_rules")
_parsed: dict[tuple, list[RuleSet]] = {}


def _parse_rules_once(
    self: Stylesheet,
    css: str,
    read_from,
    is_default_rules: bool = False,
    tie_breaker: int = 0,
    scope: str = "",
) -> list[RuleSet]:
    key = (
        css,
        read_from,
        is_default_rules,
        tie_breaker,
        scope,
        tuple(sorted(stylesheet_variables(self).items())),
    )
    rules = _parsed.get(key)
    if rules is None:
        rules = _parsed[key] = TEXTUAL_PARSE_RULES(
            self, css, read_from, is_default_rules, tie_breaker, scope
        )
    return rules


def install() -> None:
    """Share parsed rules between every stylesheet from now on (process-wide)."""
    replace(Stylesheet, "_parse_rules", _parse_rules_once)
