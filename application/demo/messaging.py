"""Demo conversations: buyers and sellers chatting, so /messages looks lived in.

Each thread is a short, realistic exchange about one of the seller's listings (shown as the
thread's context). Everything is read except the newest message of a few threads, so maya
and sofia log in to unread badges, a red dot and matching notifications in the bell. Each
message records its ``message_sent`` activity (the sender, at the message's time) in the same
transaction, as sending one does, so the admin's analytics count them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from application.ports import Clock, UnitOfWork
from domain.analytics import Activity, ActivityKind
from domain.catalog import Category
from domain.messaging import Message
from domain.notifications import new_notification


@dataclass(frozen=True)
class Thread:
    buyer: str
    seller: str
    hours_ago: float  # when the first message was sent
    category: Category  # the kind of listing the thread is about (any, when none)
    lines: tuple[tuple[str, str], ...]  # (who: "b" or "s", text)
    last_unread: bool = False


THREADS = (
    Thread("sofia", "maya", 74, Category.DRESSES, (
        ("b", "Hi Maya! Is the {title} still available?"),
        ("s", "Hi Sofia, yes it is! It's in great shape, barely worn."),
        ("b", "Lovely. Could you tell me the measurements, bust and length?"),
        ("s", "Sure: 17 inches across the bust and 44 inches long. Happy to send more photos."),
        ("b", "That would be great, especially of the label and the seams."),
        ("s", "Just added two more photos to the listing. I can ship tomorrow morning."),
    ), last_unread=True),
    Thread("sofia", "theo", 50, Category.BOTTOMS, (
        ("b", "Hey Theo, do the {title} run true to size?"),
        ("s", "They run about half a size big. I'm usually a 10 and these fit me perfectly."),
        ("b", "Perfect, thanks! I'll think about it tonight."),
    )),
    Thread("jamal", "maya", 30, Category.ACCESSORIES, (
        ("b", "Hi! Would you ship the {title} to Chicago?"),
        ("s", "Of course, shipping is a flat $5.00 anywhere in the US."),
        ("b", "Great. Any chance you could do a little lower on the price?"),
    ), last_unread=True),
    Thread("emma", "maya", 96, Category.TOPS, (
        ("b", "Is there any damage on the {title}? The third photo looks like a mark."),
        ("s", "Good eye! It's just the light, there are no marks or stains."),
        ("b", "Thanks for checking, I appreciate it."),
        ("s", "Anytime! Let me know if you have other questions."),
    )),
    Thread("sofia", "priya", 20, Category.DRESSES, (
        ("s", "Hi Sofia, thanks for watching my {title}! I just lowered the price."),
        ("b", "Oh nice, thank you for letting me know!"),
        ("s", "It pairs really well with the linen trousers in my shop too."),
    ), last_unread=True),
    Thread("maya", "lucas", 140, Category.FOOTWEAR, (
        ("b", "Hi Lucas, are the {title} comfy enough to walk in all day?"),
        ("s", "Yes! They're broken in, and the soles still look almost new."),
        ("b", "Good to know, thanks!"),
    )),
)
MINUTES_BETWEEN = (7, 19, 4, 33, 12, 58, 9, 26)


class MessagingDemo:
    def __init__(self, uow: UnitOfWork, clock: Clock) -> None:
        self.uow = uow
        self.clock = clock

    async def seed(self) -> int:
        """Add the demo threads (skipping any whose people are missing); returns how many
        messages were written."""
        now = self.clock.now()
        async with self.uow:
            messages: list[Message] = []
            for thread in THREADS:
                messages.extend(await self._thread(thread, now))
            messages.sort(key=lambda m: m.created_at)
            await self.uow.messages.add_many(messages)
            await self.uow.activity.record_many([
                Activity(ActivityKind.MESSAGE_SENT, m.sender_id, m.created_at) for m in messages])
            await self.uow.notifications.add_many([
                new_notification(user_id=m.receiver_id, kind="message",
                                 title=f"New message from {await self._name(m.sender_id)}",
                                 body=m.content, link=f"/messages/{m.sender_id}",
                                 now=m.created_at)
                for m in messages if not m.read])
            await self.uow.commit()
        return len(messages)

    async def _name(self, user_id: int) -> str:
        user = await self.uow.users.get(user_id)
        return user.display_name if user else "a member"

    async def _thread(self, thread: Thread, now: datetime) -> list[Message]:
        buyer = await self.uow.users.get_by_login(thread.buyer)
        seller = await self.uow.users.get_by_login(thread.seller)
        if buyer is None or seller is None or buyer.id is None or seller.id is None:
            return []
        listing = None
        for category in (thread.category, None):
            found = await self.uow.listings.newest_by_seller(seller.id, 1, category)
            listing = listing or (found[0] if found else None)
        title = listing.title if listing else "piece"
        at = now - timedelta(hours=thread.hours_ago)
        made = []
        for index, (who, text) in enumerate(thread.lines):
            sender, receiver = (buyer, seller) if who == "b" else (seller, buyer)
            last = index == len(thread.lines) - 1
            assert sender.id is not None and receiver.id is not None
            made.append(Message(
                id=None, sender_id=sender.id, receiver_id=receiver.id,
                content=text.format(title=title), message_type="text", created_at=at,
                read=not (last and thread.last_unread),
                product_id=listing.id if listing and index == 0 else None))
            at += timedelta(minutes=MINUTES_BETWEEN[index % len(MINUTES_BETWEEN)])
        return made
