import { Container, MantineProvider, Stack } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { PostCard } from '@/entities/post/post-card';
import { postKeys, type StylePost } from '@/entities/post/post';
import { ProductCard, SellerLine } from '@/entities/product/product-card';
import { ProductBadge } from '@/entities/product/product-badge';
import cardClasses from '@/entities/product/product-card.module.css';
import { ProductImage } from '@/entities/product/product-image';
import { itemCount, productKeys, type Product, type ProductBadge as Badge } from '@/entities/product/product';
import { blogKeys, type BlogPost } from '@/features/blog/api';
import { BlogCard } from '@/features/blog/components/blog-card';
import { BlogCover, LIST_COVER_SIZES } from '@/features/blog/components/blog-cover';
import BlogListPage from '@/features/blog/components/blog-list-page';
import { HomeHero } from '@/features/catalog/components/home-hero';
import MarketplacePage from '@/features/catalog/components/marketplace-page';
import { filtersFromParams, filtersToParams } from '@/features/catalog/filters';
import { ProductGallery } from '@/features/catalog/components/product-gallery';
import { ProductFrame } from '@/features/catalog/components/product-page';
import { ProductHeadline } from '@/features/catalog/components/product-summary';
import FeedPage from '@/features/social/components/feed-page';
import { formatDate, formatRelativeAge } from '@/lib/formatters';
import { cssVariablesResolver, theme } from './theme';

/**
 * The first view's templates, rendered at build time from the components the React pages
 * use; vite.config.ts's first-view plugin writes them into the build (`first-view.json`) and
 * entrypoints/http/pages/first_view.py fills them into index.html. A component is given
 * placeholders for what the server fills: `{name}` for text (which the server escapes) and,
 * where a part has variants (a photo or none), `{{name}}` for another template's markup, cut
 * out of the page where the part rendered alone is found. Values a component formats or
 * tests (a price, an id in a link, a date) are sentinels, replaced by their placeholder after
 * rendering. Each cut and replacement must find what it looks for, so a component that
 * stops showing a field fails the build rather than leaving the server a stale template.
 */

/** Sentinels: values a component formats, found again in its markup. */
const ID = 987_654_321;
const PRICE = '987654.32';
const RATING = 9.9;
const USER = 192_837_465;
const LIKES = 424_243;
const COMMENTS = 535_354;
const CREATED = '2001-02-03T04:05:06Z';
const TOTAL = 97_531;

/** Anything the providers add around a page (hoisted image preloads, Mantine's global
 * classes, which `firstViewStyle` keeps once): every template is its own markup only. */
const AROUND = /<link rel="preload"[^>]*>|<style data-mantine-styles="classes">[\s\S]*?<\/style>/g;

/** No garbage collection: its timers would keep the build's process alive for minutes. */
const queryClient = () => new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } });

/**
 * The first view's controls (sort, filters, a listing's menu, hearts) do nothing until the
 * app takes over, so each says so: `aria-disabled` tells a screen reader, and a browser test
 * waits for the app's own control instead of clicking a dead one. Nothing changes on screen
 * (Mantine styles `:disabled`, not `aria-disabled`); links stay real links.
 */
const CONTROL = /<(button|input|select|textarea)\b(?![^>]*\saria-disabled=)/g;
export const inertControls = (markup: string) => markup.replace(CONTROL, '<$1 aria-disabled="true"');

function render(element: ReactElement, path = '/', client = queryClient()): string {
  return inertControls(
    renderToStaticMarkup(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} withCssVariables={false}>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    ).replace(AROUND, ''),
  );
}

/** `markup` with each sentinel replaced by its placeholder; each must be there. */
function replace(markup: string, found: [string, string][]): string {
  return found.reduce((done, [sentinel, placeholder]) => {
    if (!done.includes(sentinel))
      throw new Error(`first view: no "${sentinel}" for ${placeholder} in ${done}`);
    return done.split(sentinel).join(placeholder);
  }, markup);
}

/** `outer` with `inner` (a part rendered alone) cut out for `{{name}}`: found exactly once. */
function hole(outer: string, inner: string, name: string): string {
  const parts = outer.split(inner);
  if (parts.length !== 2)
    throw new Error(`first view: {{${name}}} found ${parts.length - 1} times in ${outer}`);
  return parts.join(`{{${name}}}`);
}

/** Mantine's Avatar initials of a one-word name (a placeholder is one word). */
const initials = (name: string) => `>${name.slice(0, 2).toUpperCase()}<`;

// -- the marketplace and a product page ---------------------------------------------------

const SELLER = {
  id: 1,
  username: '{seller}',
  displayName: '',
  avatarUrl: null,
  rating: RATING,
  ratingCount: 1,
  verified: false,
  away: false,
  awayNotice: null,
};

const PRODUCT: Product = {
  id: ID,
  title: '{title}',
  description: '{description}',
  price: PRICE,
  brand: '{brand}',
  size: '{size}',
  condition: '{condition}',
  category: '{category}',
  images: ['{src}'],
  thumbnails: ['{src}'],
  status: 'available',
  badge: null,
  sellerId: 1,
  createdAt: CREATED,
  watchCount: 0,
  seller: SELLER,
};
const PRICE_SHOWN = '$987,654.32';

const listingValues = (markup: string): string =>
  replace(markup, [
    [PRICE_SHOWN, '{price}'],
    [String(ID), '{id}'],
  ]);

const BADGES: Badge[] = ['just_listed', 'price_drop', 'reserved', 'verified'];
const badge = (value: Badge) =>
  render(<ProductBadge badge={value} className={cardClasses.badge} size="sm" />);

/** A listing card; its badge (when it has one) is `{{badge}}`, one of the `badge_*` templates. */
function card(): string {
  const markup = render(<ProductCard product={{ ...PRODUCT, badge: 'just_listed' }} eager />);
  const cover = render(<ProductImage src="{src}" alt="{title}" eager />);
  const seller = render(<SellerLine product={PRODUCT} />);
  return listingValues(
    hole(hole(hole(markup, cover, 'cover'), seller, 'seller'), badge('just_listed'), 'badge'),
  );
}

/** MarketplacePage without filters, its results one card (cut out for `{{cards}}`). */
function marketplace(): string {
  const client = queryClient();
  const search = filtersToParams(filtersFromParams(new URLSearchParams())).toString();
  client.setQueryData([...productKeys.all, 'search', search], {
    pages: [{ items: [PRODUCT], nextCursor: null, total: TOTAL }],
    pageParams: [null],
  });
  const page = render(<MarketplacePage />, '/marketplace', client);
  const cards = hole(page, render(<ProductCard product={PRODUCT} eager />), 'cards');
  return replace(cards, [[itemCount({ total: TOTAL }), '{count}']]);
}

/** ProductPage's first screen: the breadcrumbs, the photo and the headline beside it. */
function product(): string {
  const page = render(
    <ProductFrame
      product={PRODUCT}
      summary={
        <Stack gap="md">
          <ProductHeadline product={PRODUCT} />
        </Stack>
      }
    />,
  );
  return replace(hole(page, render(<ProductGallery product={PRODUCT} />), 'gallery'), [
    [PRICE_SHOWN, '{price}'],
  ]);
}

// -- the blog and the feed: their pages, given one item ------------------------------------

const AUTHOR = { id: USER, username: '{author}', displayName: '', avatarUrl: null };

const BLOG_POST: BlogPost = {
  id: 1,
  title: '{title}',
  slug: '{slug}',
  excerpt: '{excerpt}',
  content: '',
  imageUrl: '{src}',
  imageMediumUrl: '{medium}',
  published: true,
  createdAt: CREATED,
  updatedAt: CREATED,
  userId: 1,
  user: AUTHOR,
};

const blogCover = (imageUrl: string | null) =>
  render(
    <BlogCover
      imageUrl={imageUrl}
      mediumUrl="{medium}"
      sizes={LIST_COVER_SIZES}
      title="{title}"
      ratio={4 / 3}
      eager
    />,
  );

const dated = (markup: string): string =>
  replace(markup, [
    [formatDate(CREATED), '{date}'],
    [CREATED, '{datetime}'],
  ]);

function blog(): string {
  const client = queryClient();
  client.setQueryData(blogKeys.list(false), {
    pages: [{ items: [BLOG_POST], nextCursor: null }],
    pageParams: [null],
  });
  const page = render(<BlogListPage />, '/blog', client);
  return hole(page, render(<BlogCard post={BLOG_POST} eager />), 'cards');
}

const LOOK: StylePost = {
  id: ID,
  userId: USER,
  imageUrl: '{src}',
  thumbnailUrl: '{thumbnail}',
  mediumUrl: '{medium}',
  content: '{caption}',
  createdAt: CREATED,
  user: {
    ...AUTHOR,
    bio: null,
    height: null,
    followerCount: 0,
    followingCount: 0,
    rating: 0,
    ratingCount: 0,
    verified: false,
    instagramHandle: null,
    createdAt: CREATED,
    role: 'user',
  },
  hashtags: [],
  taggedProducts: [],
  likeCount: LIKES,
  saveCount: 0,
  commentCount: COMMENTS,
  liked: false,
  saved: false,
  isFollowingAuthor: false,
};

function postCard(): string {
  return replace(render(<PostCard post={LOOK} eager />), [
    [initials('{author}'), '>{initials}<'],
    [formatRelativeAge(CREATED), '{age}'],
    [String(ID), '{id}'],
    [String(USER), '{userId}'],
    [String(LIKES), '{likes}'],
    [String(COMMENTS), '{comments}'],
    // The photo's words: its caption, or whose look it is when it has none.
    ['alt="{caption}"', 'alt="{alt}"'],
  ]);
}

function feed(): string {
  const client = queryClient();
  client.setQueryData(postKeys.feed({ following: false, hashtag: null }), {
    pages: [{ items: [LOOK], nextCursor: null }],
    pageParams: [null],
  });
  const page = render(<FeedPage />, '/feed', client);
  return hole(page, render(<PostCard post={LOOK} eager />), 'cards');
}

/** Each page's template and the templates the server fills into it (its style is theirs). */
export const FIRST_VIEW_PAGES: Record<string, string[]> = {
  home: [],
  product: ['gallery', 'noGallery'],
  marketplace: [
    'card',
    'photo',
    'noPhoto',
    'sellerRated',
    'sellerNew',
    ...BADGES.map((value) => `badge_${value}`),
  ],
  blog: ['blogCard', 'cover', 'noCover'],
  feed: ['postCard'],
};

/** Template name → markup: every template the server fills. */
export function firstViewTemplates(): Record<string, string> {
  const unrated = { ...PRODUCT, seller: { ...SELLER, ratingCount: 0 } };
  return {
    home: render(
      <Container size="xl" py="xl">
        <HomeHero products={[]} loading />
      </Container>,
    ),
    product: product(),
    gallery: render(<ProductGallery product={PRODUCT} />),
    noGallery: render(<ProductGallery product={{ ...PRODUCT, images: [], thumbnails: [] }} />),
    marketplace: marketplace(),
    card: card(),
    ...Object.fromEntries(BADGES.map((value) => [`badge_${value}`, badge(value)])),
    photo: render(<ProductImage src="{src}" alt="{title}" eager />),
    noPhoto: render(<ProductImage src={undefined} alt="{title}" />),
    sellerRated: replace(render(<SellerLine product={PRODUCT} />), [
      [initials('{seller}'), '>{initials}<'],
      [RATING.toFixed(1), '{rating}'],
    ]),
    sellerNew: replace(render(<SellerLine product={unrated} />), [[initials('{seller}'), '>{initials}<']]),
    blog: blog(),
    blogCard: dated(
      replace(hole(render(<BlogCard post={BLOG_POST} eager />), blogCover('{src}'), 'cover'), [
        [initials('{author}'), '>{initials}<'],
      ]),
    ),
    cover: blogCover('{src}'),
    noCover: blogCover(null),
    feed: feed(),
    postCard: postCard(),
  };
}

/** Mantine's global classes (`hiddenFrom`, `visibleFrom`), which a template may use. */
export function mantineGlobalClasses(): string {
  const markup = renderToStaticMarkup(
    <MantineProvider theme={theme} withCssVariables={false}>
      {null}
    </MantineProvider>,
  );
  return /<style data-mantine-styles="classes">([\s\S]*?)<\/style>/.exec(markup)?.[1] ?? '';
}

/** The theme's CSS variables (its colours, fonts, radius), which MantineProvider otherwise
 * writes into the page when the app starts. */
export function mantineThemeVariables(): string {
  const markup = renderToStaticMarkup(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} withGlobalClasses={false}>
      {null}
    </MantineProvider>,
  );
  return /<style data-mantine-styles="true"[^>]*>([\s\S]*?)<\/style>/.exec(markup)?.[1] ?? '';
}
