import { createContext, useCallback, useContext, type ReactNode } from 'react';

const ItemContext = createContext<string | null>(null);

/**
 * Names the item a card's controls act on ("offer on Wool coat", "Wool coat (order
 * 42-K3Z0QF)"). A list of cards repeats the same buttons (Accept, More actions, Mark as
 * Shipped...), and a screen reader's list of controls shows only their names: inside this,
 * `useItemLabel` adds the item to each name.
 */
export function ItemLabelProvider({ item, children }: { item: string; children: ReactNode }) {
  return <ItemContext.Provider value={item}>{children}</ItemContext.Provider>;
}

/**
 * A control's accessible name on a card: its visible words first (as heard and as spoken to
 * voice control), then the card's item: `aria-label={itemLabel('Accept')}` reads "Accept, offer
 * on Wool coat". Outside a card it answers undefined, so the visible words stay the name.
 */
export function useItemLabel(): (visible: string) => string | undefined {
  const item = useContext(ItemContext);
  return useCallback((visible: string) => (item ? `${visible}, ${item}` : undefined), [item]);
}
