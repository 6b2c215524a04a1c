import { Paper, type PaperProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface SettingsSectionProps extends PaperProps {
  /** The id of the section's heading, which names it for screen readers. */
  titleId: string;
  id?: string;
  children: ReactNode;
}

/** One section of the settings pages: the frame they all share (border, radius, padding by
 *  screen size), named by its heading. */
export function SettingsSection({ titleId, children, ...rest }: SettingsSectionProps) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby={titleId}
      {...rest}
    >
      {children}
    </Paper>
  );
}
