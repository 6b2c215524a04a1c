"""Demo blog: a handful of published posts by the demo people, and one draft each.

Posts are dated over the past weeks so the blog looks lived-in; drafts are recent. Given a
media store and the garment drawings, each published post gets a drawn cover photo of what
its text is about (the silk blouse post shows a cream blouse) stored under
``/media/``; without them posts have no image and the webapp shows its placeholder.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from application.ports import Clock, UnitOfWork
from application.ports.media import GarmentLook, GarmentPictures, MediaStore
from domain.blog import BlogContent, BlogPost

Progress = Callable[[str, int, int], None]


def _prose(text: str) -> str:
    """Source lines are wrapped for reading; a paragraph is one line, blank lines between."""
    return "\n\n".join(" ".join(part.split()) for part in text.strip().split("\n\n"))


@dataclass(frozen=True)
class DemoPost:
    author: str
    days_ago: int
    photo: tuple[GarmentLook, ...]  # what the cover shows: one garment, or a flat-lay
    title: str
    excerpt: str
    content: str


PUBLISHED = [
    DemoPost("maya", 34, (GarmentLook("jeans", "mid-wash denim", surface=0, pose=3),),
             "How to Read a Vintage Levi's Label",
             "Red tabs, care tags and button stamps: the three clues I check before I buy "
             "a pair of secondhand 501s.",
             _prose("""
Every Saturday I go through the denim racks at three thrift stores, and after a few hundred
pairs you start to see patterns. The label tells you most of what you need to know before
you ever try a pair on.

Start with the red tab. A capital E ("LEVI'S") usually means the pair was made before 1971;
a small e means later. It is not proof on its own, because the tab was reproduced for years,
but it narrows things down quickly.

Next, turn the waistband and look for the care tag. Pairs from the 1980s and 1990s often
have a white paper-like tag with the lot number, the size and the country of manufacture.
"Made in USA" pairs from before 2003 are the ones collectors chase, and they fit a little
higher in the rise than today's cuts.

Finally, check the back of the top button. A one- or two-digit number stamped there is a
factory code. It won't give you a year, but combined with the tag it helps you tell a true
vintage pair from a modern reissue.

My rule: if the label, the tab and the button tell the same story, the price is fair, and
the fabric has no thin spots in the crotch or knees, it comes home with me.
""")),
    DemoPost("priya", 27, (
        GarmentLook("blouse", "white", pose=2), GarmentLook("jeans", "ecru", pose=4),
        GarmentLook("sneaker", "white", accent="navy"),
        GarmentLook("bag", "black", accent="black")),
             "A Capsule Wardrobe From Twelve Secondhand Pieces",
             "Two pairs of trousers, three knits, one dress and a coat: the small wardrobe "
             "that got me through a whole year without buying new.",
             _prose("""
Last January I set myself a challenge: one year, no new clothes, and a wardrobe small enough
to fit on a single rail. It took some trial and error, but I ended up with twelve pieces I
actually wear.

The base is neutral. Two pairs of trousers (charcoal wool and ecru cotton), three knits (a
navy crewneck, an oatmeal cardigan and a black rib turtleneck) and two shirts in white and
pale blue. Everything goes with everything, which is the whole point.

On top of that I added one dress that works for weddings and dinners, one trench coat, one
wool coat, a pair of loafers and a pair of white sneakers. Every single piece came from
Rethread or a charity shop, and the whole lot cost less than one new designer coat.

The surprise was how little I missed. Getting dressed took two minutes, packing for trips
was trivial, and when something did wear out I knew exactly what I was looking for, so I
searched for that one item instead of browsing for hours.

If you want to try it, start by listing what you already reach for every week. Those are
your core pieces. Sell the rest here and let someone else love them.
""")),
    DemoPost("theo", 19, (GarmentLook("sneaker", "white", accent="red", surface=2, pose=5),),
             "Spotting Fake Sneakers: A Checklist Before You Buy",
             "Stitching, box labels, smell and weight. My quick checklist for buying "
             "secondhand sneakers without getting burned.",
             _prose("""
I have bought and sold a lot of sneakers over the years, and the fakes keep getting better.
These are the checks I go through before I pay for any pair, online or in person.

Ask for photos of the box label and the size tag inside the tongue. The style code on both
should match, and a quick search of that code should show the same colourway. A mismatch is
the fastest red flag there is.

Look at the stitching around the toe box and the heel. Genuine pairs have even, tight
stitches with a consistent distance from the edge. Wandering lines or loose threads are a
warning sign, although a well-worn genuine pair can have a loose thread or two.

Check the shape. Fakes often get the heel curve or the toe height slightly wrong. Compare
the seller's photos side by side with official product shots taken from the same angle.

Finally, if something feels off, ask questions. Honest sellers are happy to send extra
photos. And if a pair turns out to be counterfeit anyway, Buyer Protection has you covered:
report it within three days of delivery and you get your money back.
""")),
    DemoPost("lucas", 12, (GarmentLook("jacket", "olive", accent="tan", surface=4, pose=6),),
             "Caring for Waxed Jackets So They Last Decades",
             "A waxed cotton jacket can outlive its first three owners. Here is how I "
             "clean, re-wax and store mine.",
             _prose("""
Waxed cotton jackets are one of the best secondhand buys around. They were built for farmers
and fishermen, and a twenty-year-old jacket is often just getting comfortable. The trick is
a little care once a year.

Never put one in the washing machine and never use hot water or detergent: it strips the wax
and ruins the waterproofing. Instead, brush off dried mud with a soft brush and wipe the
outside with a sponge and cold water.

Once a year, usually at the end of autumn, I re-wax. Warm the tin of wax in a bowl of hot
water until it is soft, then work it into the fabric with a cloth, paying extra attention to
the seams, the shoulders and the cuffs. A hair dryer helps the wax sink in evenly.

Hang the jacket somewhere warm overnight so the wax settles, then wipe off any excess. It
will feel a little tacky for a few days, which is normal.

Store it on a wide hanger, never folded in a plastic bag, and it will keep its shape. When
you eventually pass it on, the next owner will get a jacket with years of life left in it.
""")),
    DemoPost("emma", 5, (GarmentLook("blouse", "cream", accent="cream", surface=1, pose=1),),
             "My Best Thrift Find: A $12 Silk Blouse",
             "It was hanging between two polyester shirts at the back of the rack. "
             "The story of my favourite find, and what I look for now.",
             _prose("""
I almost walked past it. Squeezed between two shiny polyester shirts at the back of a
charity shop, there was a cream blouse with mother-of-pearl buttons. I pulled it out because
of the buttons, and then I felt the fabric: heavy, cool silk.

The tag had been cut out, so there was no brand and no care label. The seams were French
seams, though, and the buttonholes were hand finished. Someone had made it carefully, and
someone else had looked after it for years.

It cost twelve dollars. I hand washed it in cold water with a little hair shampoo, dried it
flat in the shade and ironed it on the lowest setting with a cloth on top. It came out
looking new.

Since then I shop by touch first. I run my hand along the rack and stop when something feels
different. Natural fibres such as silk, wool, linen and good cotton stand out immediately,
and they are usually the pieces that last.

The blouse is now the thing I wear whenever I want to feel put together, and every time
someone asks where it is from I get to say: secondhand.
""")),
]

DRAFT_TITLES = {
    "maya": "Denim Fits Explained: 501 vs 505 vs 550",
    "theo": "Five Sneakers Worth Buying Secondhand This Year",
    "priya": "Packing a Carry-On From a Capsule Wardrobe",
    "lucas": "Workwear Brands That Age Beautifully",
    "sofia": "Summer Dresses Under $30",
    "jamal": "Building a Tall-Size Wardrobe Secondhand",
    "emma": "Mending 101: Buttons, Hems and Small Holes",
}

DRAFT_CONTENT = _prose("""
Notes for a post I'm still writing. The outline so far:

First, what I look for when I shop for this. Second, the mistakes I made early on. Third, a
few favourite finds from the past months with photos.

Still to do: take photos, check the prices and ask a friend to read it before I publish.
""")


class BlogDemo:
    def __init__(self, uow: UnitOfWork, clock: Clock, media: MediaStore | None = None,
                 pictures: GarmentPictures | None = None) -> None:
        self.uow = uow
        self.clock = clock
        self.media = media
        self.pictures = pictures

    async def _cover(self, photo: tuple[GarmentLook, ...], variant: int) -> str | None:
        """The post's cover: the garment its text is about, or a flat-lay of several."""
        if self.media is None or self.pictures is None:
            return None
        if len(photo) == 1:
            drawn = (await self.pictures.draw(photo[0])).cover
        else:
            drawn = (await self.pictures.draw_outfit(list(photo), variant)).photo
        return (await self.media.save_listing_image(drawn)).url

    async def seed(self, progress: Progress) -> None:
        """Write the demo posts; authors missing from the database are skipped."""
        now = self.clock.now()
        total = len(PUBLISHED) + len(DRAFT_TITLES)
        done = 0
        covers = [await self._cover(demo.photo, index) for index, demo in enumerate(PUBLISHED)]
        async with self.uow:
            for index, demo in enumerate(PUBLISHED):
                image = covers[index]
                await self._write(demo.author, BlogContent(
                    demo.title, demo.content, excerpt=demo.excerpt, image_url=image,
                    published=True), now - timedelta(days=demo.days_ago, hours=index * 3))
                done += 1
                progress("blog posts", done, total)
            for index, (author, title) in enumerate(DRAFT_TITLES.items()):
                await self._write(author, BlogContent(title, DRAFT_CONTENT),
                                  now - timedelta(hours=index + 1))
                done += 1
                progress("blog posts", done, total)
            await self.uow.commit()

    async def _write(self, username: str, content: BlogContent, at: datetime) -> None:
        author = await self.uow.users.get_by_login(username)
        if author is None or author.id is None:
            return
        cleaned = content.cleaned()
        errors = cleaned.errors()
        assert not errors, (cleaned.title, errors)
        await self.uow.blogs.add(BlogPost.write(author.id, cleaned, at))
