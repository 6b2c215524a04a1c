import { Center, Loader } from '@mantine/core';

/** The centered spinner shown while a page or the session loads. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="40vh" role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}
