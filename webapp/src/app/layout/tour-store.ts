import { create } from 'zustand';

interface TourState {
  /** How many times it opened: each opening starts again at the first step. */
  openings: number;
  opened: boolean;
  open: () => void;
  close: () => void;
}

/** The welcome tour's open state: opened after registration and by the footer's "Take a Tour". */
export const useTourStore = create<TourState>((set) => ({
  openings: 0,
  opened: false,
  open: () => set((state) => ({ openings: state.openings + 1, opened: true })),
  close: () => set({ opened: false }),
}));

/** "Take a Tour": from the top of the page (the tour points at the header), no reload. */
export function takeTour(): void {
  window.scrollTo({ top: 0, left: 0 });
  useTourStore.getState().open();
}
