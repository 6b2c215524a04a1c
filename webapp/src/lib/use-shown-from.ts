import { em, px, useMantineTheme, type MantineBreakpoint } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * Is content with `visibleFrom={breakpoint}` on screen at the window's width (following it as
 * it changes)? Mantine hides such content below the breakpoint with CSS only, so React still
 * renders it, and on a phone the shop's hidden filter sidebar and layout toggle were a third
 * of its start-up work (the toggle measures itself as it mounts: docs/decisions/page-start-up.md). A component renders them only when this says they show. The query is
 * Mantine's own for `visibleFrom` (MantineClasses), so both switch at the same width; read
 * in the first render, so a laptop renders the content at once.
 */
export function useShownFrom(breakpoint: MantineBreakpoint | undefined): boolean {
  const theme = useMantineTheme();
  const width = breakpoint ? Number(px(theme.breakpoints[breakpoint])) : 0;
  const hidden = useMediaQuery(breakpoint ? `(max-width: ${em(width - 0.1)})` : 'not all', false, {
    getInitialValueInEffect: false,
  });
  return !breakpoint || !hidden;
}
