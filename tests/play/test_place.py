"""One person's place at a table (play.place), without any front end: what they see, what they
send, why a move or a key does nothing, take-backs and hints."""

import re

from core.engine.search import Weighing
from core.games.bigshot import actions as A
from play import place as place_module
from play import table as table_module
from play.games.bigshot import PROMPTS
from play.place import NO_HINTS, WATCHING, Place
from play.table import LocalTable, Seat


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def ann_and_ben(**options) -> LocalTable:
    """Ann and Ben, both people, at Big Shot (seed 3: Ben rolls first)."""
    return LocalTable.new("bigshot", [Seat("Ann"), Seat("Ben")], seed=3, options=options)


def test_a_spectator_sends_nothing_and_is_told_why():
    table = ann_and_ben()
    watcher = Place(table, PROMPTS, None)
    assert watcher.submit(A.ROLL) == WATCHING
    assert table.view(None).version == 0
    assert watcher.why_key_does_nothing("Roll") == WATCHING
    assert watcher.status("Big Shot", "round 1", " · watching").endswith("Ben to roll · watching")


def test_a_move_out_of_turn_is_refused_in_the_rules_words_and_the_refusal_is_kept():
    table = ann_and_ben()
    ann, ben = Place(table, PROMPTS, 0), Place(table, PROMPTS, 1)
    assert ann.submit(A.ROLL) == "It is not your turn." == ann.message
    assert table.view(None).version == 0  # nothing changed
    assert ann.why_key_does_nothing("Roll") == "Wait for your turn: Ben is to roll."
    assert ben.status("Big Shot", "round 1", "") == "Big Shot · round 1 · Ben (you) to roll"
    assert ben.submit(A.ROLL) is None and ben.message == ""
    assert table.view(None).version == 1


def test_the_status_says_a_search_bot_is_thinking_on_its_move_and_a_quick_bot_is_not():
    seats = [Seat("Ann"), Seat("Ben", "search")]  # seed 3: Ben rolls first
    ann = Place(LocalTable.new("bigshot", seats, seed=3), PROMPTS, 0)
    assert ann.status("Big Shot", "round 1", "") == "Big Shot · round 1 · Ben to roll · thinking…"
    seats = [Seat("Ann"), Seat("Ben", "heuristic")]
    ann = Place(LocalTable.new("bigshot", seats, seed=3), PROMPTS, 0)
    assert ann.status("Big Shot", "round 1", "") == "Big Shot · round 1 · Ben to roll"


def test_a_key_whose_move_the_rules_refuse_says_the_rules_reason():
    table = ann_and_ben()
    ben = Place(table, PROMPTS, 1)
    told = ben.why_key_does_nothing("Pass", sent=A.PASS)
    assert told == "Pass: not now. There is no bidding now."


def test_a_refusal_stays_while_the_game_is_as_it_was_and_goes_once_both_have_passed():
    table, clock = ann_and_ben(), Clock()
    ann, ben = Place(table, PROMPTS, 0, clock), Place(table, PROMPTS, 1)
    ann.submit(A.ROLL)
    clock.now += 2 * place_module.REFUSAL_SECONDS  # long enough, but the game is as it was
    ann.look()
    assert ann.message == "It is not your turn."
    ben.submit(A.ROLL)  # the game moves on
    ann.look()
    assert ann.message == ""


def test_a_refusal_given_just_now_stays_though_the_game_moved_on():
    table, clock = ann_and_ben(), Clock()
    ann, ben = Place(table, PROMPTS, 0, clock), Place(table, PROMPTS, 1)
    ann.submit(A.ROLL)
    ben.submit(A.ROLL)
    clock.now += place_module.REFUSAL_SECONDS / 2
    ann.look()
    assert ann.message == "It is not your turn."


def test_hot_seat_follows_the_person_who_must_act_and_hides_money_between_them():
    table = ann_and_ben(hidden_money=True)
    keyboard = Place(table, PROMPTS)
    assert keyboard.viewer is None  # with money hidden the first turn hands over
    assert keyboard.needs_hand_over(table.view(None))
    assert keyboard.next_at_keyboard() == 1  # Ben rolls first
    open_table = ann_and_ben()
    shared = Place(open_table, PROMPTS)
    assert shared.viewer == 0 and not shared.needs_hand_over(open_table.view(None))


def test_take_back_returns_the_move_and_the_bots_replies_and_says_so():
    table = LocalTable.new("bigshot", [Seat("Ann"), Seat("Bot", "heuristic")], seed=4)
    ann = Place(table, PROMPTS, 0)
    while table.actor() != 0:  # the bot plays up to Ann's first move
        version, action = table.bot_choice(table.actor())
        table.act(table.actor(), action, version)
    ann.look()
    before = table.view(None).version
    move = ann.view.legal[0]
    assert ann.submit(move) is None
    while table.actor() == 1:
        version, action = table.bot_choice(1)
        table.act(1, action, version)
    assert ann.may_take_back()
    told = ann.take_back()
    assert told is not None and told.startswith(f"Taken back: {move}")
    assert table.view(None).version == before
    assert Place(table, PROMPTS, None).take_back() is None  # a spectator has nothing to take back


def at_a_bid(table: LocalTable) -> LocalTable:
    """`table` played on by heuristic bots until someone must bid or pass."""
    bots = [table.match.spec.bots["heuristic"](seat) for seat in range(len(table.seats))]
    while (seat := table.actor()) is not None and table.view(seat).phase != "bid":
        view = table.view(seat)
        table.act(seat, bots[seat].choose(view, view.legal))
    return table


async def test_a_hint_at_a_decision_worth_weighing_says_how_its_playouts_came_out():
    table = at_a_bid(ann_and_ben())
    seat = table.actor()
    action, told = await Place(table, PROMPTS, seat).hint()
    weighed = await table.hint(seat)  # the same search again: its count of playouts bounds it
    assert isinstance(weighed, Weighing) and action == weighed.best
    assert re.fullmatch(
        r"Hint: .+: \d of the \d cubes up are yours(; the bid stands at \d+)?; "
        r"it won \d+% of its 8 playouts, against \d+% to .+\.",
        told,
    )
    assert "pass" in told and table.assisted


async def test_a_hint_thinks_within_its_time_and_with_too_few_playouts_says_the_bot_s_move(
    monkeypatch,
):
    monkeypatch.setattr(table_module, "HINT_SECONDS", 0.0)  # spent after the first playouts
    table = at_a_bid(ann_and_ben())
    seat = table.actor()
    view = table.view(seat)
    suggestion = table.match.spec.bots["heuristic"](0).choose(view, view.legal)
    assert await table.hint(seat) == suggestion  # one playout each: not weighed
    action, told = await Place(table, PROMPTS, seat).hint()
    assert action == suggestion and told.startswith("Hint: a bot would ")
    assert "playouts" not in told


async def test_a_hint_names_a_legal_move_and_marks_the_game_assisted():
    table = ann_and_ben()
    ben = Place(table, PROMPTS, 1)
    action, told = await ben.hint()
    assert action in ben.view.legal and told == "Hint: a bot would roll the die."
    assert table.assisted
    table.hints = False  # as at a shared table
    assert await ben.hint() == (None, NO_HINTS)
