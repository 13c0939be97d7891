"""Views are plain data: every view a seat (or a spectator) is shown reads back equal from JSON,
what a seat may not see is absent from its JSON, and malformed JSON is refused clearly."""

import dataclasses
import json

import pytest

from core.engine.views import view_from_json, view_to_json
from core.games import SLUGS, get_spec

NAMES = ["Ann", "Ben", "Cat", "Dan"]


def round_trip(spec, view):
    data = json.loads(json.dumps(view_to_json(view)))
    return view_from_json(spec.views, data)


def seen_views(slug: str, seed: int, options: dict, every: int):
    """Every `every`-th position of a game between bots, as each seat and a spectator see it."""
    spec = get_spec(slug)
    state = spec.start(NAMES, seed, {**spec.sim_options, **options})
    bots = [spec.bots["heuristic"](seed * 31 + seat) for seat in range(4)]
    steps = 0
    while True:
        if steps % every == 0 or state.is_over():
            yield from (state.view(seat) for seat in (*range(4), None))
        if state.is_over():
            return
        seat = state.to_act()[0]
        view = state.view(seat)
        state.step(seat, bots[seat].choose(view, view.legal))
        steps += 1


@pytest.mark.parametrize(
    "slug, options",
    [
        ("bigshot", {}),
        ("bigshot", {"hidden_money": True}),
        ("army", {"round_limit": 40}),
        ("stadium", {"round_limit": 40}),
        ("million", {"round_limit": 40}),
    ],
)
def test_every_view_of_a_game_reads_back_equal_from_json(slug, options):
    spec = get_spec(slug)
    kinds = set()
    for seed in range(2):
        # the whole history goes to JSON and back each time: longer games less often
        for view in seen_views(slug, seed, options, every=11 if slug == "bigshot" else 19):
            back = round_trip(spec, view)
            assert back == view
            assert tuple(back.log) == tuple(view.log) and back.legal == view.legal
            kinds.add(view.to_act and getattr(view, "phase", None))
    assert len(kinds) >= 3  # several kinds of decision went through, not only the first


@pytest.mark.parametrize("slug", SLUGS)
def test_every_view_is_made_with_exactly_its_fields(slug):
    """Views are made from a dict of their fields without a check of the names (the rules make
    one for every decision): each game's views hold every field and nothing else."""
    for view in seen_views(slug, 1, {"round_limit": 15} if slug != "bigshot" else {}, every=5):
        assert set(vars(view)) == {field.name for field in dataclasses.fields(view)}


def test_a_seat_s_json_holds_no_hidden_money():
    spec = get_spec("bigshot")
    for view in seen_views("bigshot", 5, {"hidden_money": True}, every=5):
        if view.viewer is None or view.result is not None:
            continue
        data = view_to_json(view)
        mine = set(view.seat_colours[view.viewer])
        assert all(cash is None for colour, cash in enumerate(data["cash"]) if colour not in mine)
        assert all(entry["source"] in mine or entry["target"] in mine for entry in data["ledger"])
        assert data["round_ends"] == []  # every colour's balance at each round's end: hidden
        assert round_trip(spec, view) == view


def test_army_decisions_are_named_fields_in_json():
    frames = {}
    for view in seen_views("army", 2, {"round_limit": 40}, every=1):
        if view.pending is not None:
            frames.setdefault(view.pending.kind, view_to_json(view)["stack"][-1])
    assert frames["buy"].keys() == {"kind", "buyer", "square"}
    assert {"kind", "square", "piece", "high", "bidder", "minimum"} <= frames["auction"].keys()
    if "debt" in frames:
        assert frames["debt"].keys() == {"kind", "debtor", "creditor", "amount", "reason"}


@pytest.mark.parametrize("slug", sorted(SLUGS))
def test_malformed_view_json_is_refused_with_a_value_error(slug):
    spec = get_spec(slug)
    good = view_to_json(spec.start(NAMES, 1).view(0))
    bad = [
        [],
        {**good, "round": "one"},
        {k: v for k, v in good.items() if k != "legal"},
        {**good, "legal": [{"kind": "no such action"}]},
        {**good, "ledger": [{"round": 1}]},
        {**good, "players": "Ann"},
    ]
    for data in bad:
        with pytest.raises(ValueError):
            view_from_json(spec.views, data)


@pytest.mark.parametrize(
    "slug, options",
    [
        ("bigshot", {}),
        ("army", {"round_limit": 40}),
        ("stadium", {"round_limit": 40}),
        ("million", {"round_limit": 40}),
    ],
)
def test_events_are_kinds_with_named_fields_and_the_log_is_their_sentences(slug, options):
    spec = get_spec(slug)
    kinds = set()
    for seed in range(3):
        *_, last = seen_views(slug, seed, options, every=10_000)
        sentences = spec.start(NAMES, seed).sentences
        for event in last.events:
            names, _ = sentences.table[event.kind]
            assert len(names) == len(event.args), event.kind
            fields = sentences.fields(event)
            assert fields["kind"] == event.kind and set(names) <= fields.keys()
            kinds.add(event.kind)
        assert last.log == tuple(sentences.text(e) for e in last.events)
        data = view_to_json(last)
        assert data["events"][0]["kind"] == last.events[0].kind
        assert data["log"] == list(last.log)  # readers without the rules get the sentences too
    assert len(kinds) >= 8


@pytest.mark.parametrize("slug", SLUGS)
def test_a_view_is_made_with_exactly_its_fields_and_never_changes(slug):
    """Views are filled at once, not field by field: a view still cannot be made with a field
    missing or unknown, nor changed once made."""
    view = get_spec(slug).start(NAMES, 1).view(0)
    fields = {f.name: getattr(view, f.name) for f in dataclasses.fields(view)}
    assert type(view)(**fields) == view
    for wrong in ({k: v for k, v in fields.items() if k != "cash"}, {**fields, "secret": 1}):
        with pytest.raises(TypeError, match="cash|secret"):
            type(view)(**wrong)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.cash = ()
