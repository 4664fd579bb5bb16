"""Keys that come in one read (a paste, fast typing, a link that batches keys) take effect in the order typed.

Textual types a character into the focused widget at once, but runs a key's
binding only once the key has bubbled up to the app, through a queue per
widget, and a message the widget posts (an entry line's Submitted) goes the
same slow way to the screen: of "rrbb enter 1 2" typed at once, the 1 and 2
went into the guess box before the enter moved on to the pegs.  `KeysInOrder`
makes a widget run its keys' bindings itself and post its messages straight
to the screen, and take its next key only once the screen and the app have
done what the binding asked; `hand_on_keys` gives the keys still queued at a
widget that lost the focus to the widget that has it now.
"""

from __future__ import annotations

import asyncio

from textual import events
from textual.message import Message
from textual.message_pump import MessagePump
from textual.widget import Widget


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
        await caught_up(self.screen)  # the edits sent before, taken in first
        await self.app.run_action(active.binding.action, active.node)
        await caught_up(self.screen)  # what the binding posted, handled (a focus moved)...
        await caught_up(self.app)  # ...and done: keys queued here meanwhile are the new focus's

    def post_message(self: Widget, message: Message) -> bool:
        """What the widget tells of itself (Submitted, RowSelected) goes straight to the screen, ahead of the
        keys still queued here."""
        if message.bubble and getattr(message, "control", None) is self and self.is_attached:
            return self.screen.post_message(message)
        return super().post_message(message)  # type: ignore[misc]
