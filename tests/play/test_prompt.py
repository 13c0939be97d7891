"""Each game's prompts (play.games): what every phase asks, and controls whose keys never mean
two moves at once, checked over seeded games at every decision; without any front end."""

from importlib import import_module

import pytest

from core.engine.bots import play_out
from core.games import get_spec
from core.games.army import actions as army
from core.games.million import actions as million
from play.games.army import PROMPTS as ARMY
from play.games.million import PROMPTS as MILLION

SLUGS = ["bigshot", "army", "stadium", "million"]


@pytest.mark.parametrize("slug", SLUGS)
def test_every_decision_is_asked_in_words_and_no_key_means_two_moves(slug):
    prompts = import_module(f"play.games.{slug}").PROMPTS
    spec = get_spec(slug)
    seen_phases: set[str] = set()
    answered: set[type] = set()

    class Checking:
        """A heuristic bot that checks the prompt of every decision it is given."""

        reads_view = True

        def __init__(self, seed: int) -> None:
            self.bot = spec.bots["heuristic"](seed)

        def choose(self, view, legal):
            prompt = prompts.of(view)
            assert prompt.asked, f"{view.phase} asks nothing"
            seen_phases.add(view.phase)
            keys = [c.key for c in prompt.controls if not c.aimed]
            assert len(keys) == len(set(keys)), f"a key means two moves in {view.phase}: {keys}"
            for control in prompt.controls:
                if not control.aimed:
                    assert control.action(legal) in legal
                    answered.add(control.kind)
            return self.bot.choose(view, legal)

    for seed in range(3):
        play_out(spec.start(["Ann", "Ben", "Cy"], seed, {}), [Checking(s) for s in range(3)], 3000)
    assert len(seen_phases) >= 3
    assert answered, "no control was ever open"


def test_a_control_sends_the_legal_move_of_its_kind_or_the_one_move_it_names():
    buy = next(c for c in ARMY.controls if c.kind is army.Buy)
    assert buy.action([army.Roll(), army.Buy()]) == army.Buy()
    assert buy.action([army.Roll()]) is None
    assert buy.fixed == army.Buy()  # a key with one meaning says why it does nothing by it
    skip_two = next(c for c in MILLION.controls if c.key == "2")
    assert skip_two.action([million.SkipPlayer(0)]) is None
    assert skip_two.action([million.SkipPlayer(1)]) == million.SkipPlayer(1)


def test_an_aimed_control_makes_its_move_at_what_the_cursor_is_on():
    build = next(c for c in ARMY.controls if c.kind is army.Build)
    assert build.aimed and build.fixed is None
    assert build.at(39) == army.Build(39)
    assert build.is_open([army.Build(1)]) and not build.is_open([army.EndTurn()])
