"""The registry of games, by slug."""

from core.engine.game import GameSpec

from .army import SPEC as ARMY
from .bigshot import SPEC as BIGSHOT
from .million import SPEC as MILLION
from .stadium import SPEC as STADIUM

GAMES: dict[str, GameSpec] = {spec.slug: spec for spec in (BIGSHOT, ARMY, STADIUM, MILLION)}


def get_spec(slug: str) -> GameSpec:
    try:
        return GAMES[slug]
    except KeyError:
        raise ValueError(f"no game {slug!r}; the games are: {', '.join(GAMES)}") from None
