import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatCountOf,
  formatDate,
  formatDateTime,
  formatDay,
  formatMoney,
  formatMonthYear,
  formatRating,
  formatRelativeAge,
  formatReviews,
} from './formatters';

describe('formatters', () => {
  it('formats money with a dollar sign and two decimals', () => {
    expect(formatMoney(12.5)).toBe('$12.50');
    expect(formatMoney('1234')).toBe('$1,234.00');
    expect(formatMoney('abc')).toBe('—');
    expect(formatMoney('1234567.891')).toBe('$1,234,567.89');
    expect(formatMoney(0.1 + 0.2)).toBe('$0.30');
    expect(formatMoney(-3)).toBe('-$3.00');
    expect(formatMoney('0')).toBe('$0.00');
    expect(formatMoney(999.999)).toBe('$1,000.00');
  });

  it("names a server's UTC day the same in every time zone, and leaves what is not a day", () => {
    expect(formatDay('2026-11-22')).toBe('Nov 22');
    expect(formatDay('2026-01-01')).toBe('Jan 1');
    expect(formatDay('someday')).toBe('someday');
  });

  it('groups counts by thousands as en-US does', () => {
    for (const value of [0, 7, 999, 1000, 12345, 999999, 1000000, 1234567890, -4321]) {
      expect(formatCount(value)).toBe(value.toLocaleString('en-US'));
    }
  });

  it('puts the noun after a count, singular only for exactly one', () => {
    expect(formatCountOf(1, 'item')).toBe('1 item');
    expect(formatCountOf(0, 'item')).toBe('0 items');
    expect(formatCountOf(2, 'report')).toBe('2 reports');
    expect(formatCountOf(1234, 'item')).toBe('1,234 items');
    expect(formatCountOf(1, 'person', 'people')).toBe('1 person');
    expect(formatCountOf(3, 'person', 'people')).toBe('3 people');
  });

  it('formats dates as "MMM d, yyyy"', () => {
    expect(formatDate('2025-01-05T12:00:00')).toBe('Jan 5, 2025');
    expect(formatDate('not a date')).toBe('Unknown date');
    expect(formatDate(new Date(2026, 11, 31, 23, 59))).toBe('Dec 31, 2026');
    expect(formatMonthYear('2025-01-05T12:00:00')).toBe('January 2025');
  });

  it("formats a moment in the reader's zone, with the year only when it is not this one", () => {
    const now = new Date(2026, 10, 20, 12, 0);
    expect(formatDateTime(new Date(2026, 11, 1, 1, 45), now)).toBe('Dec 1, 1:45 AM');
    expect(formatDateTime(new Date(2027, 0, 2, 21, 5).toISOString(), now)).toBe('Jan 2, 2027, 9:05 PM');
    expect(formatDateTime('soon', now)).toBe('Unknown date');
  });

  it('formats relative ages like the style feed', () => {
    const now = new Date('2025-03-31T12:00:00');
    const ago = (days: number) => new Date(now.getTime() - days * 86_400_000);
    expect(formatRelativeAge(ago(0), now)).toBe('Today');
    expect(formatRelativeAge(ago(1), now)).toBe('Yesterday');
    expect(formatRelativeAge(ago(6), now)).toBe('6d ago');
    expect(formatRelativeAge(ago(7), now)).toBe('1w ago');
    expect(formatRelativeAge(ago(29), now)).toBe('4w ago');
    expect(formatRelativeAge(ago(30), now)).toBe('1mo ago');
    expect(formatRelativeAge(ago(95), now)).toBe('3mo ago');
  });

  it('formats ratings with one decimal', () => {
    expect(formatRating(4.25)).toBe('4.3');
    expect(formatRating(null)).toBe('0.0');
  });
});

describe('formatReviews', () => {
  it('says there are no reviews instead of a 0.0 rating', () => {
    expect(formatReviews(0, 0)).toBe('No reviews yet');
    expect(formatReviews(null, undefined)).toBe('No reviews yet');
    expect(formatReviews(4.25, 1)).toBe('4.3 (1 review)');
    expect(formatReviews(5, 3)).toBe('5.0 (3 reviews)');
  });
});
