"""Stadium's city and cards as data, checked against the properties docs/rulings.md asks the
design to keep, and the placement generator against the building rules of the city's shape."""

from collections import Counter

from core.engine.data import read_json
from core.games.stadium.board import (
    BLOCKS,
    CARDS,
    HEIGHT,
    LAND,
    LOTS,
    PARK,
    STADIUM,
    STREET,
    WIDTH,
    bit,
    cell_kind,
    mask,
    street_sides,
)
from core.games.stadium.placement import (
    figures_edge,
    fitting,
    lot_room,
    placement_at,
    placements_of,
)

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
            linked |= {
                c for c in lot.cells for r, k in linked if abs(c[0] - r) + abs(c[1] - k) == 1
            }
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


def test_every_placement_is_on_one_block_of_land_its_figures_edge_touching_a_street():
    blocks = {block.id: block for block in BLOCKS}
    for card in CARDS:
        spots = placements_of(card.id)
        assert spots, card.id
        for p in spots:
            cells = {
                (r, c)
                for r in range(p.row, p.row + card.height)
                for c in range(p.col, p.col + card.width)
            }
            assert cells <= blocks[p.block].cells and mask(cells) == p.cells
            step = {"S": (1, 0), "N": (-1, 0), "E": (0, 1), "W": (0, -1)}[p.facing]
            assert any(
                cell_kind(r + step[0], c + step[1]) == STREET
                for r, c in figures_edge(card, p.row, p.col, p.facing)
            )


def test_a_non_square_card_keeps_its_shape_and_a_square_one_faces_any_side():
    # Townhouses come as 2x1 and 1x2 cards: each keeps its own footprint
    wide, tall = placements_of("R2h"), placements_of("R2v")
    assert all(bin(p.cells).count("1") == 2 for p in wide + tall)
    assert all(p.cells >> 1 & p.cells for p in wide)  # two cells side by side
    assert not any(p.cells >> 1 & p.cells for p in tall)  # one above the other
    assert {p.facing for p in wide} == {p.facing for p in tall} == {"S", "N"}
    assert {p.facing for p in placements_of("R4")} == {"S", "N", "E", "W"}
    # east of the street in column 20: a square card faces west onto it
    assert placement_at("R4", 6, 21, "W") is not None
    assert placement_at("R4", 6, 21, "N") is None and placement_at("R2v", 6, 21, "W") is None


def test_touching_a_street_along_part_of_the_figures_edge_is_enough():
    # row 6, columns 10-13: north of it the street runs to column 12, the park is at 13
    assert [cell_kind(5, c) for c in range(10, 14)] == [STREET] * 3 + [PARK]
    assert placement_at("R16", 6, 10, "N") is not None
    assert placement_at("R9", 6, 11, "N") is not None  # two of its three acres


def test_every_lot_can_be_built_on_and_every_crown_lot_alone():
    """Issue 43: six Crown lots (their street on the east or west only) could never be built
    on; now every Crown lot holds some building by itself."""
    for lot in LOTS:
        room = lot_room(lot.id)
        assert room != "no building can ever stand on it", lot.id
        if lot.crown:
            assert room == "a building fits on it alone", lot.id


def test_only_placements_inside_the_cells_a_player_may_build_on_fit():
    lot = next(
        lot
        for lot in LOTS
        if lot.acres == 4 and len({r for r, _ in lot.cells}) == 2 and street_sides(lot.cells)
    )
    buildable = mask(lot.cells)
    fits = fitting("R1", buildable)
    assert fits and all(p.cells & ~buildable == 0 for p in fits)
    assert fitting("R16", buildable) == ()  # 16 acres do not fit on 4
    assert fitting("R1", 0) == ()
    one = fits[0]
    assert fitting("R1", buildable & ~one.cells) == tuple(p for p in fits if p.cells != one.cells)
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


def test_the_stadium_fits_in_the_blocks_the_design_says_it_does():
    """The design marks each block that can hold the Stadium (stadium_site_possible); the
    placements the city's shape allows agree."""
    design = read_json("core.games.stadium", "board.json")["blocks"]
    marked = {b["id"] for b in design if b["stadium_site_possible"]}
    assert marked == {p.block for p in placements_of(STADIUM.id)}
