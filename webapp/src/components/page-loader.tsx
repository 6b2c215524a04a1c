import { Center, Loader } from '@mantine/core';

/**
 * The centered spinner shown while a page, the session or a list inside a page loads
 * (`inline`: only as tall as the spinner needs, for a list under a page's own controls).
 */
export function PageLoader({ label = 'Loading', inline = false }: { label?: string; inline?: boolean }) {
  return (
    <Center {...(inline ? { py: 'xl' } : { mih: '40vh' })} role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}
