"""Every reach past Textual's public API, in one module.

Textual is pinned to a minor release (pyproject.toml) because a few things need more than its
public API: the SSH driver (its key parser, the app's queue and output), the server's shared
stylesheets, lean lines and updates of changed rows (net/render/shared_styles.py,
net/render/lean_strips.py, net/render/changed_rows.py), the first
frame painted without a tick (net/render/first_frame.py), and fixes for bugs found by fuzzing and
play (tui/textual_fixes.py). Each reach is named here and made here only: the private names
imported, the private attributes read or set, the methods replaced (`replace`) and the private
hooks our apps override. `REACHES` lists them with what each was written against;
tests/tui/test_textual_private.py checks every one against the Textual installed, so a release
that moves one fails there, by name, rather than somewhere in a session. `.ci/newest-textual`
runs the suite against the newest release as well, as a report.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from textual._compositor import ChopsUpdate, Compositor, CompositorUpdate
from textual._node_list import DuplicateIds
from textual._styles_cache import StylesCache
from textual._xterm_parser import XTermParser
from textual.app import App
from textual.binding import ActiveBinding
from textual.css.stylesheet import Stylesheet
from textual.message_pump import MessagePump
from textual.screen import Screen
from textual.strip import Strip
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import OptionList
from textual.widgets._toast import Toast, ToastHolder, ToastRack
from textual.widgets._toggle_button import ToggleButton

if TYPE_CHECKING:
    from textual.notifications import Notification

__all__ = [
    "Compositor",
    "DuplicateIds",
    "StylesCache",
    "Toast",
    "ToastHolder",
    "ToastRack",
    "ToggleButton",
    "XTermParser",
    "app_error",
    "background_screens",
    "changed_spans",
    "error_shown",
    "exiting",
    "forget_error_shown",
    "holding_frames",
    "notifications",
    "query_node",
    "unnotify",
    "index_to_line",
    "keep_stdio",
    "lay_out_now",
    "queued",
    "shown_active_bindings",
    "render_changes",
    "render_whole",
    "original",
    "replace",
    "screen_lines",
    "screen_stack",
    "spans_update",
    "stylesheet_variables",
    "uncached_extended_key_parser",
    "write_to_terminal",
]


@dataclass(frozen=True)
class Reach:
    """One private thing used: `owner.name`, a function or method with `signature` (as
    `inspect.signature` prints it), a property or cached property (`signature` "property"),
    or an attribute its instances set (`signature` None: `self.<name> =` is in its source)."""

    owner: Any
    name: str
    signature: str | None
    why: str


REACHES = (
    Reach(App, "_background_screens", "property", "BaseApp: no screen drawn under an opaque one"),
    Reach(App, "_screen_stack", "property", "BaseApp: whether the top screen is opaque"),
    Reach(
        App, "_handle_exception", "(self, error: 'Exception') -> 'None'", "BaseApp: late queries"
    ),
    Reach(App, "_on_notify", "(self, event: 'Notify') -> 'None'", "BaseApp: notices"),
    Reach(App, "_print_error_renderables", "(self) -> 'None'", "ServedApp: errors to the log"),
    Reach(App, "_capture_stdout", None, "net.transport.driver: a served app leaves stdout alone"),
    Reach(App, "_capture_stderr", None, "net.transport.driver: a served app leaves stderr alone"),
    Reach(
        MessagePump,
        "_message_queue",
        "property",
        "net.transport.driver: input waits for a busy app",
    ),
    Reach(
        Screen,
        "_refresh_layout",
        "(self, size: 'Size | None' = None, scroll: 'bool' = False) -> 'None'",
        "net.render.first_frame: the lobby laid out before its first frame",
    ),
    Reach(Screen, "_compositor", None, "net.render.first_frame: the whole first frame, rendered"),
    Reach(Screen, "_dirty_widgets", None, "net.render.first_frame: the widgets to draw next"),
    Reach(Widget, "_repaint_required", None, "net.render.first_frame: a widget with news"),
    Reach(
        XTermParser,
        "_parse_extended_key",
        "(self, sequence: 'str') -> 'list[events.Key] | None'",
        "net.transport.driver: a key cache per session (docs/serving.md, trap 1)",
    ),
    Reach(
        Stylesheet,
        "_parse_rules",
        "(self, css: 'str', read_from: 'CSSLocation', is_default_rules: 'bool' = False, "
        "tie_breaker: 'int' = 0, scope: 'str' = '') -> 'list[RuleSet]'",
        "net.render.shared_styles: rules parsed once per server",
    ),
    Reach(Stylesheet, "_variables", None, "net.render.shared_styles: the theme a parse depends on"),
    Reach(
        Strip,
        "__init__",
        "(self, segments: 'Iterable[Segment]', cell_length: 'int | None' = None) -> 'None'",
        "net.render.lean_strips: caches made on first use (its test compares the slots)",
    ),
    Reach(
        OptionList,
        "_on_click",
        "(self, event: 'events.Click') -> 'None'",
        "textual_fixes: a click on an option that is gone",
    ),
    Reach(
        OptionList,
        "_move_page",
        "(self, direction: '_widget_navigation.Direction') -> 'None'",
        "textual_fixes: paging before layout",
    ),
    Reach(OptionList, "_index_to_line", "property", "textual_fixes: paging before layout"),
    Reach(
        Timer,
        "__init__",
        "(self, event_target: 'MessageTarget', interval: 'float', *, name: 'str | None' = None, "
        "callback: 'TimerCallback | None' = None, repeat: 'int | None' = None, "
        "skip: 'bool' = True, pause: 'bool' = False) -> 'None'",
        "textual_fixes: a timer already due",
    ),
    Reach(App, "_driver", None, "BaseApp: the window's title written to the terminal"),
    Reach(App, "_notifications", None, "BaseApp: a notice shown again is not stacked"),
    Reach(
        App,
        "_unnotify",
        "(self, notification: 'Notification', refresh: 'bool' = True) -> 'None'",
        "BaseApp: a notice shown again is not stacked",
    ),
    Reach(App, "_exit", None, "BaseApp: a late query in an app that is closing"),
    Reach(App, "_exit_renderables", None, "ServedApp: an app's error to the server's log"),
    Reach(App, "_exception", None, "ServedApp: whether a session's app ended on an error"),
    Reach(
        Compositor,
        "render_partial_update",
        "(self) -> 'ChopsUpdate | None'",
        "net.render.changed_rows: an update renders only the rows it changed",
    ),
    Reach(Compositor, "_dirty_regions", None, "net.render.changed_rows: what changed"),
    Reach(
        Compositor,
        "_regions_to_spans",
        "(cls, regions: 'Iterable[Region]') -> 'Iterable[tuple[int, int, int]]'",
        "net.render.changed_rows: what changed, row by row",
    ),
    Reach(Compositor, "cuts", "property", "net.render.changed_rows: where each row is divided"),
    Reach(Compositor, "visible_widgets", "property", "net.render.changed_rows: what is shown"),
    Reach(
        ChopsUpdate,
        "__init__",
        "(self, chops: 'Sequence[Mapping[int, Strip | None]]', "
        "spans: 'list[tuple[int, int, int]]', chop_ends: 'list[list[int]]') -> 'None'",
        "net.render.changed_rows: the update made of the changed rows",
    ),
    Reach(
        Compositor,
        "render_strips",
        "(self, size: 'Size | None' = None) -> 'list[Strip]'",
        "tests: a screen's whole lines, drawn without sending",
    ),
    Reach(Toast, "remove", "(self) -> 'AwaitRemove'", "textual_fixes: notices left on screen"),
    Reach(
        ToastHolder, "remove", "(self) -> 'AwaitRemove'", "textual_fixes: notices left on screen"
    ),
    Reach(
        Screen,
        "_modal_binding_chain",
        "property",
        "key bar: the bindings that act, asked about only for the keys shown",
    ),
    Reach(App, "_batch_count", None, "textual_fixes: a frame made in a batch update"),
    Reach(Screen, "_compositor_refresh", "(self) -> 'None'", "textual_fixes: no frame in a batch"),
    Reach(App, "_end_batch", "(self) -> 'None'", "textual_fixes: a frame made in a batch update"),
    Reach(
        StylesCache,
        "get_inner_outer",
        "(cls, base_background: 'Color', background: 'Color') -> 'tuple[Style, Style]'",
        "textual_fixes: every widget's drawn lines kept after it is gone",
    ),
    Reach(
        App,
        "_check_action_state",
        "(self, action: 'str', default_namespace: 'DOMNode') -> 'bool | None'",
        "key bar: whether a binding acts",
    ),
)


# (class, name) -> Textual's own, for each method replaced (None: a hook the class lacked)
ORIGINALS: dict[tuple[type, str], Callable[..., Any] | None] = {}


def replace(owner: type, name: str, fixed: Callable[..., Any]) -> None:
    """Put `fixed` in place of `owner.name` (a reach listed above, or a hook Textual's class
    lacks), process-wide, once: Textual's own is kept in ORIGINALS."""
    if (owner, name) not in ORIGINALS:
        ORIGINALS[owner, name] = inspect.getattr_static(owner, name, None)
        setattr(owner, name, fixed)


def original(owner: type, name: str) -> Callable[..., Any]:
    """Textual's own `owner.name`, replaced or not."""
    found = ORIGINALS.get((owner, name)) or inspect.getattr_static(owner, name)
    return found


def holding_frames(app: App[Any]) -> bool:
    """Whether `app` is in a batch update, which draws nothing until it ends."""
    return bool(app._batch_count)


def background_screens(app: App[Any]) -> list[Screen[Any]]:
    """The screens Textual draws under the current one (it counts every one below)."""
    found: list[Screen[Any]] = App._background_screens.fget(app)  # type: ignore[attr-defined]
    return found


def screen_stack(app: App[Any]) -> list[Screen[Any]]:
    stack: list[Screen[Any]] = app._screen_stack
    return stack


def lay_out_now(screen: Screen[Any]) -> None:
    """Lay out what changed now, not on the next tick."""
    screen._refresh_layout()


def render_whole(screen: Screen[Any], under: list[Screen[Any]]) -> Any:
    """The whole screen, with `under` showing through, as one update to send."""
    return screen._compositor.render_update(full=True, screen_stack=under)


def changed_spans(compositor: Compositor) -> list[tuple[int, int, int]]:
    """The spans (row, first column, column past the last) changed since `compositor` last
    drew, taken from it as Textual's own update takes them."""
    regions = compositor._dirty_regions.copy()
    compositor._dirty_regions.clear()
    return list(compositor._regions_to_spans(regions)) if regions else []


def spans_update(
    compositor: Compositor, chops: list[dict[int, Strip | None]], spans: list[tuple[int, int, int]]
) -> CompositorUpdate:
    """The update that draws `spans` from `chops`, each row's pieces by where it is cut."""
    return ChopsUpdate(chops, spans, [cuts[1:] for cuts in compositor.cuts])


def shown_active_bindings(screen: Screen[Any]) -> dict[str, ActiveBinding]:
    """`Screen.active_bindings` for the keys some binding shows: the same bindings, in the same
    order, but no binding of a key that nothing shows is asked whether it acts (a game screen
    binds some 60 keys and shows a dozen; its key bar asked about all of them at nearly every
    move, about 2 of a move's 30 ms at a table of four: the manual's "Measured choices")."""
    chain = screen._modal_binding_chain
    shown = {key for _, bindings in chain for key, binding in bindings if binding.show}
    app = screen.app
    found: dict[str, ActiveBinding] = {}
    for namespace, bindings in chain:
        for key, binding in bindings:
            if key not in shown:
                continue
            state = app._check_action_state(binding.action, namespace)
            if state is False:
                continue  # disabled and not shown (None: shown but disabled)
            there = found.get(key)
            if there is None or (binding.priority and not there.binding.priority):
                found[key] = ActiveBinding(namespace, binding, bool(state), binding.tooltip)
    return found


def screen_lines(screen: Screen[Any]) -> list[Strip]:
    """The whole screen's lines as they are now, rendered without drawing anything."""
    lines: list[Strip] = screen._compositor.render_strips()
    return lines


def render_changes(screen: Screen[Any], under: list[Screen[Any]]) -> str:
    """What changed on `screen` since it was last drawn, rendered now as output (its widgets
    that were refreshed since, which Textual would draw on its next tick, and what moved as it
    was laid out): the output of `render_whole` and then this draws the screen as it is."""
    waiting = screen._dirty_widgets
    waiting.update(w for w in screen.walk_children(Widget) if w._repaint_required)
    compositor = screen._compositor
    compositor.update_widgets(waiting)
    waiting.clear()
    update = compositor.render_update(screen_stack=under)
    return (
        update.render_segments(screen.app.console) if isinstance(update, CompositorUpdate) else ""
    )


def keep_stdio(app: App[Any]) -> None:
    """The app leaves the process's stdout and stderr alone (docs/serving.md, trap 2)."""
    app._capture_stdout = sys.__stdout__  # type: ignore[assignment]
    app._capture_stderr = sys.__stderr__  # type: ignore[assignment]


def write_to_terminal(app: App[Any], data: str) -> None:
    """`data` sent to the app's terminal as it is (an escape sequence), if it has one yet."""
    driver = app._driver
    if driver is not None:
        driver.write(data)


def queued(pump: MessagePump) -> int:
    """How many messages wait in `pump`'s queue."""
    return pump._message_queue.qsize()


def uncached_extended_key_parser(parser: XTermParser) -> Callable[[str], Any]:
    """The parser's extended-key parsing, without Textual's class-wide cache."""
    parse: Callable[[str], Any] = XTermParser._parse_extended_key.__wrapped__.__get__(parser)
    return parse


def index_to_line(options: OptionList) -> dict[int, int]:
    """Which line each option starts on, once the list has laid them out."""
    lines: dict[int, int] = options._index_to_line
    return lines


def stylesheet_variables(stylesheet: Stylesheet) -> dict[str, str]:
    variables: dict[str, str] = stylesheet._variables
    return variables


def notifications(app: App[Any]) -> list[Notification]:
    """The notices the app shows now."""
    return list(app._notifications)


def unnotify(app: App[Any], notification: Notification) -> None:
    """Take `notification` off the screen (its place is redrawn with the next one)."""
    app._unnotify(notification, refresh=False)


def exiting(app: App[Any]) -> bool:
    """Whether the app has been asked to exit."""
    return bool(app._exit)


def error_shown(app: App[Any]) -> bool:
    """Whether the app has an error to show as it exits (Textual prints it on the terminal)."""
    return bool(app._exit_renderables)


def forget_error_shown(app: App[Any]) -> None:
    """Textual prints nothing of the app's error as it exits (it was logged instead)."""
    app._exit_renderables.clear()


def app_error(app: App[Any]) -> BaseException | None:
    """The error the app ended on, if it did."""
    return app._exception


def query_node(error: BaseException) -> Any:
    """The node a failed query (`query`, `query_one`...) was made on: Textual's traceback
    frames name the query method, whose `self` it is; None if none of them does."""
    node, trace = None, error.__traceback__
    while trace is not None:
        if trace.tb_frame.f_code.co_name.startswith("query"):
            node = trace.tb_frame.f_locals.get("self")
        trace = trace.tb_next
    return node
