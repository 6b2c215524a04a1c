/** The local-storage flag that opens the welcome tour once (set by registration and "Take a Tour"). */
export const FIRST_TIME_KEY = 'rethread:first-time';

export function markFirstVisit(): void {
  try {
    window.localStorage.setItem(FIRST_TIME_KEY, 'true');
  } catch {
    // Storage can be unavailable (private mode); the tour is a nicety.
  }
}

/** True once after the flag was set: reading it clears it. */
export function consumeFirstVisit(): boolean {
  try {
    const isSet = window.localStorage.getItem(FIRST_TIME_KEY) !== null;
    if (isSet) window.localStorage.removeItem(FIRST_TIME_KEY);
    return isSet;
  } catch {
    return false;
  }
}
