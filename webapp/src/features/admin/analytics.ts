import type { ActivityKind, AnalyticsSummary, DailyMetrics } from './api';

/** Spec §9: recent activity shows 10 items; daily activity shows 10 of the last 30 days. */
export const RECENT_ITEMS = 10;
export const DAILY_ROWS = 10;

/** Spec §9: active share = activeUsersToday / max(totalUsers, 1). */
export function activeShare(summary: Pick<AnalyticsSummary, 'activeUsersToday' | 'totalUsers'>): number {
  return summary.activeUsersToday / Math.max(summary.totalUsers, 1);
}

export function formatPercent(fraction: number): string {
  return `${(fraction * 100).toFixed(1)}%`;
}

/** The newest `count` days, newest first (the server sends 30, oldest first). */
export function latestDays(days: DailyMetrics[], count = DAILY_ROWS): DailyMetrics[] {
  return days.slice(-count).reverse();
}

export const ACTIVITY_LABELS: Record<ActivityKind, string> = {
  signup: 'Signed up',
  visit: 'Visited',
  listing_created: 'Listed an item',
  search: 'Searched',
  message_sent: 'Sent a message',
  offer_made: 'Made an offer',
  order_placed: 'Placed an order',
  sale_completed: 'Completed a sale',
  order_cancelled: 'Cancelled an order',
};
