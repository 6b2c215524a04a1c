import { Anchor, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { POLICY } from '@/lib/policy';

/** A short reassurance under the actions: what Buyer Protection covers. */
export function BuyerProtectionNote() {
  return (
    <Paper radius="lg" p="md" bg="var(--mantine-color-default-hover)">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" radius="xl" size="lg" aria-hidden>
          <IconShieldCheck size={20} />
        </ThemeIcon>
        <Stack gap={2}>
          <Text fw={600} size="sm">
            Buyer Protection
          </Text>
          <Text size="sm" c="dimmed">
            Your payment is held until the item arrives; you have {POLICY.inspection} after delivery to check
            it matches the listing.
          </Text>
          <Anchor component={Link} to="/buyer-protection" size="sm">
            How it works
          </Anchor>
        </Stack>
      </Group>
    </Paper>
  );
}
