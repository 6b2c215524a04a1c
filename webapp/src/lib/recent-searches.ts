/** The visitor's last searches, kept in this browser only (never sent to the server). */
const KEY = 'rethread:recent-searches';
const KEEP = 5;

export function recentSearches(): string[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(stored)
      ? stored.filter((item): item is string => typeof item === 'string').slice(0, KEEP)
      : [];
  } catch {
    return [];
  }
}

export function rememberSearch(q: string): void {
  const text = q.trim().replace(/\s+/g, ' ');
  if (!text) return;
  const next = [text, ...recentSearches().filter((item) => item.toLowerCase() !== text.toLowerCase())].slice(
    0,
    KEEP,
  );
  try {
    window.localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // private mode or a full quota: recent searches are a convenience
  }
}
