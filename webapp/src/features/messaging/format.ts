import { formatDateTime } from '@/lib/formatters';

const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

function sameDay(a: Date, b: Date): boolean {
  return a.toDateString() === b.toDateString();
}

/** A bubble's time: '3:05 PM' today, 'Nov 20, 3:05 PM' before (formatDateTime). */
export function formatBubbleTime(value: string, now: Date = new Date()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return sameDay(date, now) ? time.format(date) : formatDateTime(date, now);
}

/** A conversation row's time: '3:05 PM' today, 'Nov 20' before. */
export function formatMessageTime(value: string, now: Date = new Date()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return sameDay(date, now) ? time.format(date) : day.format(date);
}

export type OfferTone = 'accepted' | 'declined' | 'countered' | 'offer';

/** Spec §2 Messages: the wording (Accepted, Declined, Countered) drives colour and icon. */
export function offerTone(content: string): OfferTone {
  if (/accepted/i.test(content)) return 'accepted';
  if (/declined|rejected/i.test(content)) return 'declined';
  if (/counter/i.test(content)) return 'countered';
  return 'offer';
}
