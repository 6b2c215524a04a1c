import { ActionIcon, Indicator, type MantineBreakpoint } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

interface HeaderIconLinkProps {
  to: string;
  label: string;
  icon: ReactNode;
  /** Shows a red dot when true. */
  dot?: boolean;
  visibleFrom?: MantineBreakpoint;
}

/** An icon-only header link with an accessible name and an optional red dot. */
export function HeaderIconLink({ to, label, icon, dot = false, visibleFrom }: HeaderIconLinkProps) {
  return (
    <Indicator color="red" size={9} offset={6} disabled={!dot} visibleFrom={visibleFrom}>
      <ActionIcon component={Link} to={to} variant="subtle" color="gray" size="lg" aria-label={label}>
        {icon}
      </ActionIcon>
    </Indicator>
  );
}
