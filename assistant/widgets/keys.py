"""Keys that come in one read (a paste, fast typing, a link that batches keys) take effect in the order typed.

Textual types a character into the focused widget at once, but runs a key's
binding only once the key has bubbled up to the app, through a queue per
widget, and a message the widget posts (an entry line's Submitted) goes the
same slow way to the screen: of "rrbb enter 1 2" typed at once, the 1 and 2
went into the guess box before the enter moved on to the pegs.  `KeysInOrder`
makes a widget run its keys' bindings itself and post its messages straight
to the screen, and take its next key only once the screen and the app have
done what the binding asked; `hand_on_keys` gives the keys still queued at a
widget that lost the focus to the widget that has it now, and `run_binding`
the keys typed behind one that opened a dialog (ctrl+o, f7) to the dialog.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from textual import events
from textual.message import Message
from textual.message_pump import MessagePump
from textual.widget import Widget

if TYPE_CHECKING:
    from textual.binding import ActiveBinding
    from textual.screen import Screen


async def caught_up(pump: MessagePump) -> None:
    """Wait until `pump` (the screen, the app) has handled every message sent to it so far (they queue in order)."""
    done = asyncio.get_running_loop().create_future()
    if pump.call_later(done.set_result, None):  # False: it is closing, nothing will come
        await done


def hand_on_keys(before: Widget, focused: Widget) -> None:
    """The keys sent to `before` while it had the focus and not yet taken: `focused`'s now, in the order typed."""
    if isinstance(before._pending_message, events.Key):  # the next message, taken out to be looked at
        focused._forward_event(before._pending_message)
        before._pending_message = None
    queue = before._message_queue
    pending = [queue.get_nowait() for _ in range(queue.qsize())]
    for message in pending:
        if isinstance(message, events.Key):
            focused._forward_event(message)
        else:
            queue.put_nowait(message)


async def run_binding(widget: Widget, active: ActiveBinding) -> None:
    """Run a key's binding for `widget` in the order typed: after the edits sent before it, and, when it opens a
    dialog, with the keys typed behind it (still queued here) handed to the dialog once it has its focus."""
    await caught_up(widget.screen)  # the edits sent before, taken in first
    await widget.app.run_action(active.binding.action, active.node)
    await caught_up(widget.screen)  # what the binding posted, handled (a focus moved)...
    await caught_up(widget.app)  # ...and done: keys queued here meanwhile are the new focus's
    dialog = widget.app.screen
    if dialog is not widget.screen:
        await caught_up(dialog)  # mounted, its focus taken
        if dialog.focused is not None:
            hand_on_keys(widget, dialog.focused)


class KeysFollowTheFocus:
    """Mixin for a screen (a puzzle's, a dialog): the keys typed before its focus moved and not yet taken (a burst:
    "rrbb enter 1 2") follow the focus."""

    def set_focus(
        self: Screen, widget: Widget | None, scroll_visible: bool = True, from_app_focus: bool = False
    ) -> None:
        before = self.focused
        super().set_focus(widget, scroll_visible, from_app_focus)  # type: ignore[misc]
        if before is not None and self.focused is not None and self.focused is not before:
            hand_on_keys(before, self.focused)


class KeysInOrder:
    """Mixin for a focusable widget whose keys act on the screen or move the focus, one key after the other
    (put first, before the widget's class)."""

    async def _on_key(self: Widget, event: events.Key) -> None:
        if self.check_consume_key(event.key, event.character):
            return  # typed, at once, by the widget's own handler
        active = self.screen.active_bindings.get(event.key)
        if active is None or not active.enabled:
            return
        event.stop()
        event.prevent_default()
        await run_binding(self, active)

    def post_message(self: Widget, message: Message) -> bool:
        """What the widget tells of itself (Submitted, RowSelected) goes straight to the screen, ahead of the
        keys still queued here; what happens to it (a click) is its own."""
        if (
            message.bubble
            and not isinstance(message, events.Event)  # a click or a key sent to the widget is its own to handle
            and getattr(message, "control", None) is self
            and self.is_attached
        ):
            return self.screen.post_message(message)
        return super().post_message(message)  # type: ignore[misc]
