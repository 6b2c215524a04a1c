import { VisuallyHidden } from '@mantine/core';
import type { ComponentProps } from 'react';

/** What a screen reader hears after the name of a link that opens a new tab. */
export const NEW_TAB_NOTE = '(opens in a new tab)';

/**
 * A link that opens in a new tab and says so: "(opens in a new tab)" ends its accessible
 * name (hidden text, or after its `aria-label`), and the new page cannot reach back to this
 * one (`rel="noopener noreferrer"`). Every `target="_blank"` link is one of these, drawn by
 * Mantine's `component` prop when it should look like something else:
 *
 *   <Anchor component={NewTabLink} href={url}>1Z999</Anchor>
 *   <Button component={NewTabLink} href="/orders/9/label">Print Label</Button>
 */
export function NewTabLink({ children, 'aria-label': label, ...props }: ComponentProps<'a'>) {
  return (
    <a
      {...props}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label ? `${label} ${NEW_TAB_NOTE}` : undefined}
    >
      {children}
      {!label && (
        <>
          {' '}
          <VisuallyHidden>{NEW_TAB_NOTE}</VisuallyHidden>
        </>
      )}
    </a>
  );
}
