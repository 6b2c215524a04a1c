import { Tooltip } from '@mantine/core';
import { useRef, useState, type PointerEvent, type ReactNode } from 'react';

/**
 * `label` over `children` while a mouse is on them, as Mantine's Tooltip shows it (mouse
 * only: not on touch, not on focus; the children carry their own accessible name).
 *
 * Mantine's Tooltip sets up floating-ui from its first render, and its reference ref renders
 * it a second time, synchronously, in the commit: a page of feed cards has 28 tooltips, and
 * they were about a quarter of the page's start-up work (docs/performance.md "Lighthouse").
 * This one renders a plain wrapper and mounts the Tooltip, aimed at the wrapper, the first
 * time a mouse comes over it.
 */
export function HoverTooltip({ label, children }: { label: ReactNode; children: ReactNode }) {
  const wrapper = useRef<HTMLSpanElement>(null);
  // null until a mouse first comes: no Tooltip is mounted before that.
  const [opened, setOpened] = useState<boolean | null>(null);
  const mouse = (open: boolean) => (event: PointerEvent) => {
    if (event.pointerType === 'mouse') setOpened(open);
  };
  return (
    <span
      ref={wrapper}
      style={{ display: 'inline-flex' }}
      onPointerEnter={mouse(true)}
      onPointerLeave={mouse(false)}
    >
      {children}
      {opened !== null && <Tooltip label={label} target={wrapper} opened={opened} />}
    </span>
  );
}
