"""The side panels: what the game waits for (titled Auction during an auction, Build while a
building is being placed), with what is under the cursor; and the Ledger."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial

from rich.text import Text

from core.engine.decisions import AuctionView, Debt, TradeOffer
from core.engine.views import actor_name, viewer_acts
from core.games.stadium import actions as A
from core.games.stadium.board import CARDS, LOTS, venture_of
from core.games.stadium.frames import ACRE_PRICE, BANK_BUILDING, CROWN, LandChoice, Speculation
from core.games.stadium.land import land_price
from core.games.stadium.view import StadiumView
from play.games.stadium import PROMPTS

from ...screens.trade import OFFER_CUTS, offer_text
from ...widgets.auction import auction_lines
from ...widgets.panel import TextPanel, key_hints
from .look import CODES, EMPTY, money, seat_label
from .look import CROWN as CROWN_STYLE


@dataclass(frozen=True)
class Placing:
    """The building being placed: its card, what it would cost, and why the game would refuse
    it where it stands (None: it fits)."""

    card: int
    price: int
    refused: str | None


@dataclass(frozen=True)
class Entry:
    """What the person at the keyboard is doing but has not sent, and the last refusal."""

    amount: int = 0
    message: str = ""
    placing: Placing | None = None
    under_cursor: str = ""
    demolish_here: bool = False  # the cursor is on a building the viewer may demolish now


def offer_keys(enter: str, tab: str, short: bool) -> list[tuple[str, str]]:
    """The keys for land on offer: buy the lot here, go to the `tab` one, or none (the only
    one when the player is `short` of cash for any)."""
    buy = [] if short else [(enter, "buy the lot here"), ("tab", tab)]
    return [*buy, ("x", "none")]


def bank_building_line(view: StadiumView, number: int, compact: bool) -> str:
    """A building of the Bank's on offer with its land, and its price."""
    building = view.building_by_id[number]
    card = CARDS[building.card]
    if compact:
        return f"Or the Bank's {CODES[card.name]} #{number}: {money(land_price(building), True)}."
    return (
        f"Or the Bank's {card.name} #{number} with its land: {money(land_price(building))} "
        f"(earns {money(card.income)} a turn)."
    )


def seller(view: StadiumView, auction: AuctionView) -> str:
    """Who sells at an auction: the Bank its Crown land and buildings, else the player whose
    debt waits under the auction."""
    if auction.piece in (CROWN, BANK_BUILDING):
        return "the Bank"
    debt = view.stack[-2]
    if not isinstance(debt, Debt):
        raise TypeError(f"a player's auction waits over {debt.kind}, not a debt")
    return view.players[debt.debtor]


def auction_item(view: StadiumView, auction: AuctionView) -> str:
    if auction.piece in (CROWN, "land"):
        lot = LOTS[auction.square]
        return f"{A.lot_name(lot.id)} ({lot.acres} acres, zone {lot.zone})"
    building = view.building_by_id[auction.square]
    card = CARDS[building.card]
    return f"{card.name} #{building.id} (+{money(card.income)} a turn)"


class TurnPanel(TextPanel):
    """Whose move it is, what they decide, and the keys that decide it."""

    def show(self, view: StadiumView, entry: Entry, compact: bool) -> None:
        self.set_title(
            "Auction" if view.phase == "auction" else "Build" if entry.placing else "Turn"
        )
        bare = replace(entry, under_cursor="")  # what the cursor is on: the least needed
        width = self.content_size.width
        self.show_fitting(
            lambda: self.describe(view, entry, compact),
            lambda: self.describe(view, bare, compact),
            *(partial(self.describe, view, bare, compact, lines * width) for lines in OFFER_CUTS),
        )

    def describe(
        self, view: StadiumView, entry: Entry, compact: bool = False, cut: int | None = None
    ) -> Text:
        """What the game waits for; a trade offer's sides cut to `cut` cells if given."""
        text = Text()
        phase = view.phase
        mine, actor = viewer_acts(view), actor_name(view)
        you = "You" if mine else actor
        legal = {type(a) for a in view.legal}
        enter = "⏎" if compact else "Enter"
        keys = PROMPTS.of(view).hints()
        short = mine and legal == {A.NoLand}  # offered land, but none it can pay for
        too_little = (
            (", too little cash" if compact else ", but you have too little cash for any")
            if short
            else ""
        )
        if view.venture_shown and phase != "over":  # shown until the turn ends
            card = venture_of(view.venture_shown).text
            text.append("Venture: ", "bold")
            text.append((card.split(":")[0] if compact else card) + "\n", CROWN_STYLE)
        if view.die and phase in ("land", "main"):  # the roll stays said for the turn
            text.append(f"{you} rolled {view.die}.\n", EMPTY)
        if phase == "over" and view.result is not None:
            text.append(view.result.reason, "bold")
        elif phase == "roll":
            text.append("Your turn: roll the die.\n" if mine else f"{actor}'s turn.\n")
        elif phase == "land":
            zone = view.waiting(LandChoice).zone
            where = f"zone {zone}" if zone else "any zone"
            text.append(
                f"{you} may buy a lot in {where}, {money(ACRE_PRICE, True)} an acre{too_little}.\n"
                if compact
                else f"{you} may buy one lot of Bank land "
                f"in {where}, {money(ACRE_PRICE)} an acre{too_little}.\n"
            )
            for action in view.legal if mine else ():
                if type(action) is A.BuyBuilding:
                    text.append(bank_building_line(view, action.building, compact) + "\n")
            keys = offer_keys(enter, "next lot", short)
        elif phase == "draw":
            text.append(
                f"{you} rolled {view.die}: turn up an Auction card "
                f"({len(view.crown_left)} left) or pick a Venture card.\n"
            )
        elif phase == "speculate":
            text.append(
                f"{you} may buy another player's undeveloped lot at "
                f"{money(view.waiting(Speculation).price)} an acre{too_little}.\n"
            )
            keys = offer_keys(enter, "next", short)
        elif phase == "auction":
            auction = view.waiting(AuctionView)
            text.append(f"For sale by {seller(view, auction)}: ", "bold")
            text.append(auction_item(view, auction) + "\n")
            auction_lines(
                text,
                view.players,
                auction,
                lambda v: money(v, compact),
                entry.amount if mine else None,
                view.cash[view.viewer] if mine and view.viewer is not None else 0,
                compact,
            )
            keys = [(enter, "bid"), *keys]
        elif phase == "debt":
            debt = view.waiting(Debt)
            text.append(
                f"{you} owe{'' if mine else 's'} {money(debt.amount)} ({debt.reason}) "
                f"with {money(view.cash[debt.debtor])}: ",
                "bold",
            )
            text.append("auction land or buildings to the other players.\n")
            keys = keys or [("s", "auction what is here"), ("tab", "next")]  # or bankrupt
        elif phase == "trade":
            offer = view.waiting(TradeOffer)
            text.append(f"{view.players[offer.proposer]} offers a trade:\n")
            text.append_text(offer_text(view.players, offer, cut))
            keys += [("c", "counter")]
        elif phase == "main":
            self._main(text, view, entry, legal if mine else None, actor, compact)
            keys = self._main_keys(view, entry, legal, enter, compact)
        if mine and keys:
            text.append_text(key_hints(*keys, compact=compact, width=self.content_size.width))
            text.append("\n")
        elif not mine and view.to_act and phase not in ("over", "auction"):
            text.append(f"Waiting for {actor}.\n", EMPTY)
        if entry.under_cursor and phase != "over":
            text.append(entry.under_cursor + "\n", EMPTY)
        if entry.message:
            text.append(entry.message, "bold red")
        text.rstrip()
        return text

    @staticmethod
    def _main(
        text: Text, view: StadiumView, entry: Entry, legal: set | None, actor: str, compact: bool
    ) -> None:
        """The main part of a turn; `legal` the kinds of move open to the viewer, None when
        it is another's turn."""
        placing = entry.placing
        if placing is not None:
            card = CARDS[placing.card]
            text.append(f"{card.name} {card.width}x{card.height}", "bold")
            text.append(
                f" {money(placing.price, compact)}, +{money(card.income, compact)}/turn"
                + ("\n" if compact else f" ({card.kind})\n")
            )
            if placing.refused is None:
                text.append("Fits here.\n", "bold green")
            else:
                text.append(placing.refused[:1].upper() + placing.refused[1:] + ".\n", "bold red")
            return
        done = [
            what for what, flag in (("built", view.built), ("demolished", view.demolished)) if flag
        ]
        if legal is not None and done:
            text.append(f"You have {' and '.join(done)} this turn.\n")
        elif legal is not None:  # the small panel is 14 wide: its keys below say what may be done
            text.append("Your turn.\n" if compact else main_choices(view, legal))
        else:
            text.append(f"{actor} builds, trades or ends the turn.\n")

    @staticmethod
    def _main_keys(
        view, entry: Entry, legal: set, enter: str, compact: bool
    ) -> list[tuple[str, str]]:
        if entry.placing is not None:
            return [
                ("←↑↓→", "move"),
                ("[ ]", "card"),
                ("f", "turn"),
                (enter, "build"),
                ("esc", "cancel"),
            ]
        keys = []
        if A.Build in legal:
            keys.append(("b", "build"))
        if A.Demolish in legal:
            keys.append(
                (
                    "d",
                    "demolish"
                    if compact
                    else "demolish here"
                    if entry.demolish_here
                    else "demolish one of yours",
                )
            )
        if view.offer_partners:
            keys.append(("o", "trade"))
        keys.append(("e", "end turn"))
        return keys


def main_choices(view: StadiumView, legal: set) -> str:
    """What the player whose turn it is may do now, in a sentence."""
    choices = [
        what
        for what, may in (
            ("build one building", A.Build in legal),
            ("demolish one", A.Demolish in legal),
            ("trade", bool(view.offer_partners)),
        )
        if may
    ]
    if view.round == 1:
        return "Nobody builds in their first turn: " + (
            f"{', '.join(choices)} or end your turn.\n" if choices else "end your turn.\n"
        )
    return (
        (", ".join(choices) + " or end your turn.\n").capitalize()
        if choices
        else "End your turn.\n"
    )


class LedgerPanel(TextPanel):
    """Each player's cash, assets, income per turn, acres by zone, buildings and held cards."""

    def show(self, view: StadiumView, compact: bool) -> None:
        self.show_text(self.describe(view, compact))

    def describe(self, view: StadiumView, compact: bool) -> Text:
        text = Text()
        if not compact:
            text.append(f"{'':12}{'cash':>11}{'assets':>12}{'income':>9}  acres z1/z2/z3\n", EMPTY)
        cash = [money(view.cash[seat], True) for seat in range(len(view.players))]
        # compact: the name takes what the panel leaves beside the widest sum
        room = max(6, (self.content_size.width or 0) - 1 - max(map(len, cash)))
        for seat in range(len(view.players)):
            label = seat_label(view, seat)
            label.truncate(room if compact else 12, pad=True)
            if seat in view.to_act:
                label.stylize("bold")
            text.append_text(label)
            if not view.active[seat]:
                text.append(" bankrupt\n", EMPTY)
                continue
            if compact:
                text.append(f" {cash[seat]:>{max(map(len, cash))}}\n")
                continue
            acres = "/".join(map(str, view.acres_by_zone(seat)))
            text.append(
                f"{money(view.cash[seat]):>11}{money(view.assets[seat]):>12}"
                f"{money(view.income(seat)):>9}  {acres}"
            )
            buildings = len(view.buildings_of(seat))
            if buildings:
                text.append(f" · {buildings} bldg")
            text.append("\n")
            if view.held[seat]:
                text.append("  holds: ")
                text.append(
                    ", ".join(venture_of(v).text.split(":")[0] for v in view.held[seat]) + "\n",
                    CROWN_STYLE,
                )
        text.rstrip()
        return text
