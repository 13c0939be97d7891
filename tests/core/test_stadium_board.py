"""Stadium's city and cards as data, checked against the properties RULINGS.md asks the design to
keep, and the placement generator against the building rules of the city's shape."""

from collections import Counter

from core.games.stadium.board import (
    BLOCKS,
    CARDS,
    HEIGHT,
    LAND,
    LOTS,
    STADIUM,
    STREET,
    WIDTH,
    bit,
    cell_kind,
    mask,
    street_sides,
)
from core.games.stadium.placement import fitting, placements_of

LAND_CELLS = {(r, c) for r in range(HEIGHT) for c in range(WIDTH) if cell_kind(r, c) == LAND}


def test_the_city_is_as_designed():
    assert (WIDTH, HEIGHT, len(BLOCKS), len(LOTS)) == (31, 24, 11, 181)
    assert sum(lot.acres for lot in LOTS) == len(LAND_CELLS) == 429
    acres = Counter()
    for lot in LOTS:
        acres[lot.zone] += lot.acres
    assert acres == {1: 230, 2: 94, 3: 105}


def test_lots_are_one_to_four_acres_and_cover_the_land_once_each_inside_one_block():
    seen = Counter(cell for lot in LOTS for cell in lot.cells)
    assert set(seen) == LAND_CELLS and set(seen.values()) == {1}
    blocks = {block.id: block for block in BLOCKS}
    for lot in LOTS:
        assert 1 <= lot.acres <= 4
        assert set(lot.cells) <= blocks[lot.block].cells and lot.zone == blocks[lot.block].zone
        linked = {lot.cells[0]}  # each lot is one piece of land
        for _ in lot.cells:
            linked |= {c for c in lot.cells for r, k in linked
                       if abs(c[0] - r) + abs(c[1] - k) == 1}
        assert linked == set(lot.cells)


def test_every_crown_lot_fronts_a_street_and_opens_at_its_minimum():
    crown = [lot for lot in LOTS if lot.crown]
    assert sorted(lot.crown for lot in crown) == list(range(1, 17))
    for lot in crown:
        assert street_sides(lot.cells), lot.crown
        assert lot.minimum == round(15_000 * lot.acres, -4)  # $15,000 an acre, to $10,000
    assert all(lot.minimum == 0 for lot in LOTS if not lot.crown)


def test_a_larger_building_always_earns_more_per_acre():
    assert len(CARDS) == 21 and STADIUM.acres == 81 and STADIUM.price == 1_000_000
    for kind in ("residential", "commercial"):
        cards = sorted((c for c in CARDS if c.kind == kind), key=lambda c: c.acres)
        for smaller, larger in zip(cards, cards[1:]):
            if larger.acres > smaller.acres:
                assert larger.income * smaller.acres > smaller.income * larger.acres


def test_the_stadium_fits_in_at_least_two_blocks_and_nowhere_near_a_crown_lot():
    spots = placements_of(STADIUM.id)
    assert len({p.block for p in spots}) >= 2
    crown = mask(cell for lot in LOTS if lot.crown for cell in lot.cells)
    assert all(p.cells & crown == 0 for p in spots)


def test_every_placement_is_on_one_block_of_land_and_faces_a_street_with_its_figures_edge():
    blocks = {block.id: block for block in BLOCKS}
    for card in CARDS:
        spots = placements_of(card.id)
        assert spots, card.id
        for p in spots:
            cells = {(r, c) for r in range(p.row, p.row + card.height)
                     for c in range(p.col, p.col + card.width)}
            assert cells <= blocks[p.block].cells and mask(cells) == p.cells
            edge = p.row + card.height if p.facing == "S" else p.row - 1
            assert all(cell_kind(edge, c) == STREET for c in range(p.col, p.col + card.width))


def test_a_card_is_never_turned_a_quarter_and_a_half_turn_faces_it_north():
    # Townhouses come as 2x1 and 1x2 cards: each keeps its own footprint
    wide, tall = placements_of("R2h"), placements_of("R2v")
    assert all(bin(p.cells).count("1") == 2 for p in wide + tall)
    assert all(p.cells >> 1 & p.cells for p in wide)  # two cells side by side
    assert not any(p.cells >> 1 & p.cells for p in tall)  # one above the other
    assert {p.facing for p in wide} == {"S", "N"}


def test_only_placements_inside_the_cells_a_player_may_build_on_fit():
    lot = next(lot for lot in LOTS if lot.acres == 4 and len({r for r, _ in lot.cells}) == 2
               and street_sides(lot.cells))
    buildable = mask(lot.cells)
    fits = fitting("R1", buildable)
    assert fits and all(p.cells & ~buildable == 0 for p in fits)
    assert fitting("R16", buildable) == []  # 16 acres do not fit on 4
    assert fitting("R1", 0) == []
    one = fits[0]
    assert fitting("R1", buildable & ~one.cells) == [p for p in fits if p.cells != one.cells]
    assert bit(one.row, one.col) == one.cells


def test_the_venture_deck_is_the_reference_twenty_each_saying_when_it_applies():
    from core.games.stadium.board import VENTURES

    assert [v.id for v in VENTURES] == list(range(1, 21))
    assert {v.when for v in VENTURES} == {"now", "this_turn", "next_turn", "next_building"}
    money = [v for v in VENTURES if v.effect in ("receive", "pay")]
    assert sum(v.amount for v in money if v.effect == "receive") == 200_000
    assert all(v.amount > 0 for v in money) and all(str(f"{v.amount:,}") in v.text for v in money)
    investor = next(v for v in VENTURES if v.effect == "receive_per_turn")
    assert (investor.amount, investor.limit) == (1_000, 40_000)
