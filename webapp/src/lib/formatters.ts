/**
 * `make` once, on first use. Building an Intl formatter loads locale data: 10-15 ms each on
 * this machine's Chromium (4x that on Lighthouse's phone), at module start-up on every page
 * that imported this file until they were made lazily.
 */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const monthYear = once(() => new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' }));
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_MS = 86_400_000;

/** `$1,234.50`, `-$3.00` (en-US currency); the API sends money as decimal strings, some
 * places as numbers. Written out rather than through Intl.NumberFormat: the first page of
 * the shop, a product and the home page format prices in their first render, and making
 * the formatter was a long task of its own there. */
export function formatMoney(value: number | string): string {
  const amount = typeof value === 'string' ? Number(value) : value;
  if (!Number.isFinite(amount)) return '—';
  const cents = Math.round(Math.abs(amount) * 100);
  const dollars = formatCount(Math.floor(cents / 100));
  const sign = amount < 0 && cents > 0 ? '-' : '';
  return `${sign}$${dollars}.${String(cents % 100).padStart(2, '0')}`;
}

/** `1,234` (en-US grouping): counts of items shown in a page's first render. Written out
 * for the reason given at formatMoney: `toLocaleString` makes an Intl formatter on each call
 * (15-20 ms, 60-80 ms at Lighthouse's 4x, in the shop's first render of its results). */
export function formatCount(value: number): string {
  const sign = value < 0 ? '-' : '';
  return (
    sign +
    Math.abs(Math.trunc(value))
      .toString()
      .replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  );
}

/** `1 item`, `1,234 items`, `2 people`: a count with its noun, grouped as formatCount does.
 * The plural is the noun with an `s` unless given (`formatCountOf(n, 'person', 'people')`). */
export function formatCountOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${formatCount(count)} ${count === 1 ? noun : plural}`;
}

function toDate(value: string | Date): Date | undefined {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** 'Jan 5, 2025' (spec: 'MMM d, yyyy') in the reader's time zone; 'Unknown date' when the
 * value does not parse. Written out for the reason given at formatMoney (the blog's cards). */
export function formatDate(value: string | Date): string {
  const date = toDate(value);
  return date ? `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}` : 'Unknown date';
}

const dateTime = once(
  () =>
    new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }),
);
const dateTimeYear = once(
  () =>
    new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);

/** 'Nov 28, 9:45 PM' in the reader's time zone, 'Jan 2, 2027, 9:45 PM' when not in `now`'s
 * year: the webapp's one way to show a moment the server sends (a deadline, a timeline's
 * line, a sign-in). Texts the server writes say the moment in UTC instead (it does not know
 * the reader's zone): 'Nov 28, 21:45 UTC', its `format_moment`. */
export function formatDateTime(value: string | Date, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return 'Unknown date';
  return (date.getFullYear() === now.getFullYear() ? dateTime() : dateTimeYear()).format(date);
}

const shortDay = once(
  () => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
);

/** '2026-11-22' (a UTC calendar day, as the server counts days) -> 'Nov 22'; the text as it
 *  is when it is not a day. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : shortDay().format(date);
}

/** 'January 2025', for "Member since". */
export function formatMonthYear(value: string | Date): string {
  const date = toDate(value);
  return date ? monthYear().format(date) : 'Unknown date';
}

/** Style post ages: Today, Yesterday, Nd ago (< 7 days), Nw ago (< 30 days), Nmo ago. */
export function formatRelativeAge(value: string | Date, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return 'Unknown date';
  const days = Math.max(0, Math.floor((now.getTime() - date.getTime()) / DAY_MS));
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days}d ago`;
  if (days < 30) return `${Math.floor(days / 7)}w ago`;
  return `${Math.floor(days / 30)}mo ago`;
}

/** Seller ratings with one decimal, 0.0 when there is none. */
export function formatRating(value: number | null | undefined): string {
  return (value ?? 0).toFixed(1);
}

export const NO_REVIEWS = 'No reviews yet';

/** '4.5 (2 reviews)'; 'No reviews yet' until the first review (never a misleading ★0.0). */
export function formatReviews(rating: number | null | undefined, count: number | null | undefined): string {
  if (!count) return NO_REVIEWS;
  return `${formatRating(rating)} (${formatCountOf(count, 'review')})`;
}
