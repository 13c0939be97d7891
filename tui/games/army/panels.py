"""The side panels: what the game waits for (titled Auction during an auction), and the Ledger."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from rich.style import Style
from rich.text import Text

from core.engine.decisions import AuctionView, BuyOrDecline, Debt, HowMany, Placement, TradeOffer
from core.engine.views import actor_name, viewer_acts
from core.games.army.board import GROUPS, SITE_GROUPS, SQUARES
from core.games.army.cards import CARD_FINE, DECK_NAMES
from core.games.army.frames import LiftOrKeep
from core.games.army.view import ArmyView
from play.games.army import PROMPTS

from ...screens.trade import OFFER_CUTS, offer_text
from ...widgets.auction import auction_lines
from ...widgets.panel import KEY, TextPanel, key_hints
from .look import CARD, EMPTY, GROUP_LETTERS, TINY, group_style, money, seat_label

GROUP_ORDER = SITE_GROUPS + ("garrison", "utility")


@dataclass(frozen=True)
class Entry:
    """What the person at the keyboard has typed but not sent, and the last refusal."""

    amount: int = 0
    message: str = ""


class DecisionPanel(TextPanel):
    """Whose move it is, what they decide, and the keys that decide it."""

    def show(self, view: ArmyView, entry: Entry, compact: bool) -> None:
        self.set_title("Auction" if view.phase == "auction" else "Turn")
        width = self.content_size.width
        self.show_fitting(
            lambda: self.describe(view, entry, compact),
            *(partial(self.describe, view, entry, compact, lines * width) for lines in OFFER_CUTS),
        )

    def describe(
        self, view: ArmyView, entry: Entry, compact: bool = False, cut: int | None = None
    ) -> Text:
        """What the game waits for; a trade offer's sides cut to `cut` cells if given."""
        text = Text()
        phase = view.phase
        mine, actor = viewer_acts(view), actor_name(view)
        you = "You" if mine else actor
        keys = PROMPTS.of(view).hints()
        if phase == "over" and view.result is not None:
            text.append(view.result.reason, "bold")
        elif phase == "roll":
            jailed = view.prison_turn[view.turn]
            if jailed >= 0:
                text.append(
                    f"{'You are' if mine else actor + ' is'} in Prison, turn {jailed + 1} of 3.\n"
                )
            else:
                text.append("Your turn: throw the dice.\n" if mine else f"{actor}'s turn.\n")
        elif phase == "end":
            text.append(
                "Your throw is done. Build, trade or mortgage now, or end your turn.\n"
                if mine
                else f"{actor} is finishing the turn.\n"
            )
        elif phase == "buy":
            buy = view.waiting(BuyOrDecline)
            price = SQUARES[buy.square].price
            text.append(f"{you} may buy {SQUARES[buy.square].name} for {money(price)}.\n")
            if mine and view.cash[buy.buyer] < price:
                text.append("Mortgage or sell to afford it.\n", EMPTY)
        elif phase == "auction":
            self._auction(text, view, entry, mine, compact)
            keys = [("⏎" if compact else "Enter", "bid"), *keys]
        elif phase == "choice":
            text.append(f"{you}: pay a {money(CARD_FINE)} fine or take a Combat card?\n")
        elif phase == "debt":
            debt = view.waiting(Debt)
            debtor, creditor, amount, reason = debt.debtor, debt.creditor, debt.amount, debt.reason
            to = "the bank" if creditor >= len(view.players) else view.players[creditor]
            owed = f"{you} owe{'' if mine else 's'} {to} {money(amount)} ({reason})"
            cash = view.cash[debtor]
            at_most = (
                f"{money(view.max_raise(debtor))} in all: {money(cash)} cash + "
                f"{money(view.max_raise(debtor) - cash)} from the bank"
            )
            if compact:  # seven lines of 23: the keys as hints, so that none falls off
                text.append(f"{owed}.\n", "bold")
                text.append(f"{at_most}.\n")
                keys = [("s", "sell"), ("m", "mortgage"), ("o", "trade"), *keys]
            else:
                text.append(f"{owed}; ", "bold")
                text.append(f"{at_most}.\n")
                if mine:
                    text.append(
                        "Sell (s) or mortgage (m) the deed under the cursor, or trade (o).\n", EMPTY
                    )
        elif phase == "trade":
            offer = view.waiting(TradeOffer)
            text.append(f"{view.players[offer.proposer]} offers a trade:\n")
            text.append_text(offer_text(view.players, offer, cut))
            keys += [("c", "counter")]
        elif phase == "lift":
            square = view.waiting(LiftOrKeep).square
            text.append(
                f"{you} received {SQUARES[square].name}, mortgaged (10% paid). Lift it "
                f"now for {money(SQUARES[square].mortgage)}?\n"
            )
        elif phase == "want":
            want = view.waiting(HowMany)
            piece, least, most = want.piece, want.least, want.most
            text.append(
                f"The bank is short of {piece}s: how many do {'you' if mine else actor} want?\n"
            )
            if mine:
                text.append("You want: ", "bold")
                text.append(f" {entry.amount} ", KEY)
                text.append(f" ({least} to {most})\n")
            keys = [("0-9", "number"), ("⏎" if compact else "Enter", "say it")]
        elif phase == "place":
            text.append(f"{you} bought a {view.waiting(Placement).piece}: put it on a site.\n")
            keys = [("←→", "site"), ("⏎" if compact else "Enter", "put it there")]
        if mine and keys:
            text.append_text(key_hints(*keys, compact=compact, width=self.content_size.width))
        elif not mine and view.to_act and phase not in ("over", "auction"):
            text.append(f"Waiting for {actor}.", EMPTY)
        if entry.message:
            text.append("\n")
            text.append(entry.message, "bold red")
        text.rstrip()
        return text

    def _auction(self, text: Text, view: ArmyView, entry: Entry, mine: bool, compact: bool) -> None:
        auction = view.waiting(AuctionView)
        if auction.square >= 0:
            sq = SQUARES[auction.square]
            text.append(f"For sale: {sq.name}", "bold")
            text.append(f" (price {money(sq.price)})\n" if not compact else "\n")
        else:
            text.append(f"For sale: a {auction.piece}\n", "bold")
        auction_lines(
            text,
            view.players,
            auction,
            money,
            entry.amount if mine else None,
            view.cash[view.viewer] if mine and view.viewer is not None else 0,
            compact,
        )


MORTGAGED_NAME = Style(strike=True, dim=True)


class LedgerPanel(TextPanel):
    """Each player's cash, net worth, deeds by group, buildings, Get-out cards and rent."""

    def show(self, view: ArmyView, compact: bool) -> None:
        rows = max(1, self.content_size.height)
        self.show_text(self.describe(view, compact, rows, self.content_size.width))

    def describe(self, view: ArmyView, compact: bool, rows: int, width: int) -> Text:
        seats = len(view.players)
        per_seat = max(1, min(3, (rows - 1) // seats))
        name_width, money_width = (6, 7) if compact else (11, 8)
        text = Text()
        text.append(f"{'':{name_width}}{'cash':>{money_width}}{'worth':>{money_width}}\n", EMPTY)
        for seat in range(seats):
            label = seat_label(view, seat)
            label.truncate(name_width, pad=True)
            if seat in view.to_act:
                label.stylize("bold")
            text.append_text(label)
            if not view.active[seat]:
                text.append("  bankrupt\n", EMPTY)
                continue
            text.append(
                f"{money(view.cash[seat], compact):>{money_width}}"
                f"{money(view.net_worth[seat], compact):>{money_width}}"
            )
            cards = "".join(
                DECK_NAMES[deck][0] for deck in (0, 1) if view.card_holder[deck] == seat
            )
            if cards:  # " CT" for both: the line still fits the panel
                text.append(f" {cards}", CARD)
            text.append("\n")
            if per_seat >= 2:
                text.append("  ")
                text.append_text(self._holdings(view, seat, width - 2))
                text.append("\n")
            if per_seat >= 3:
                paid, received = view.rent_totals[seat]
                text.append(f"  rent paid {money(paid)}, got {money(received)}\n", EMPTY)
        text.rstrip()
        return text

    @staticmethod
    def _holdings(view: ArmyView, seat: int, width: int) -> Text:
        """The buildings, then the deeds by group, each colour group after its letter, each
        deed named as on the compact board on its group's colour (struck through when
        mortgaged): "3▪ 1▲ b:Rea Wat  p:Hus": names and letters, not colour alone. What does
        not fit the line is counted: "+4"."""
        text = Text(no_wrap=True)
        stores, barracks = view.buildings(seat)
        if stores:
            text.append(f"{stores}▪ ")
        if barracks:
            text.append(f"{barracks}▲ ")
        groups = [[s for s in GROUPS[g] if view.owner[s] == seat] for g in GROUP_ORDER]
        deeds = [s for owned in groups for s in owned]
        if not deeds:
            text.append("no deeds", EMPTY)
        for shown, square in enumerate(deeds):
            group = SQUARES[square].group
            new_group = not shown or group != SQUARES[deeds[shown - 1]].group
            gap = ("  " if shown else "") if new_group else " "
            letter = f"{GROUP_LETTERS[group]}:" if new_group and group in GROUP_LETTERS else ""
            after = len(deeds) - shown - 1  # deeds still to come after this one
            if (
                text.cell_len
                + len(gap)
                + len(letter)
                + len(TINY[square])
                + (after and len(f" +{after}"))
                > width
            ):
                text.append(f" +{after + 1}", EMPTY)
                break
            text.append(gap)
            text.append(letter, EMPTY)
            style = group_style(square) + (MORTGAGED_NAME if view.mortgaged[square] else Style())
            text.append(TINY[square], style)
        return text
