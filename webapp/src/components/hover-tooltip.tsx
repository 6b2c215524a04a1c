import { Tooltip } from '@mantine/core';
import { useState, type PointerEvent, type ReactElement, type ReactNode } from 'react';

/**
 * `label` over `children` (one element) while a mouse is on it, as Mantine's Tooltip shows
 * it: mouse only, not on touch or focus (the child carries its own accessible name).
 *
 * Mantine's Tooltip sets up floating-ui from its first render, and its reference ref renders
 * it a second time, synchronously, in the commit: a page of feed cards has 28 tooltips, and
 * they were about a quarter of the page's start-up work (docs/decisions/page-start-up.md).
 * This one renders the child in a box-less wrapper (`display: contents`: the layout is the
 * child's alone) and mounts the Tooltip, aimed at the child, the first time a mouse comes.
 */
export function HoverTooltip({ label, children }: { label: ReactNode; children: ReactElement }) {
  // Both stay null until a mouse first comes: no Tooltip is mounted before that.
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const mouse = (open: boolean) => (event: PointerEvent<HTMLSpanElement>) => {
    if (event.pointerType !== 'mouse') return;
    const child = event.currentTarget.firstElementChild;
    if (open && child instanceof HTMLElement) setTarget(child);
    setOpened(open);
  };
  return (
    <span style={{ display: 'contents' }} onPointerEnter={mouse(true)} onPointerLeave={mouse(false)}>
      {children}
      {target && <Tooltip label={label} target={target} opened={opened} />}
    </span>
  );
}
