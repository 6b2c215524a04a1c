import { Button, Group } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { copyLink } from '@/lib/copy-link';

/** Share Listing: copy this page's address (the one copy-link home in lib/). */
export const shareListing = copyLink;

/** The centred Share Listing button under the product actions (buyers and owners alike). */
export function ShareListingButton() {
  return (
    <Group justify="center">
      <Button variant="subtle" leftSection={<IconShare size={16} />} onClick={() => void shareListing()}>
        Share Listing
      </Button>
    </Group>
  );
}
