import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import classes from './home-page.module.css';

/** The closing call to action: list something in minutes. */
export function SellCta() {
  return (
    <section className={classes.cta} aria-labelledby="home-sell">
      <Group justify="space-between" gap="lg">
        <Stack gap={6} maw={560}>
          <Title order={2} id="home-sell" size="h3" c="white">
            Got pieces you no longer wear?
          </Title>
          <Text c="white">
            Snap up to 5 photos, set your price and reach shoppers looking for exactly that. Listing is free;
            buyers pay shipping.
          </Text>
        </Stack>
        <Button
          component={Link}
          to="/create-listing"
          size="md"
          variant="white"
          leftSection={<IconCamera size={18} />}
        >
          Start selling
        </Button>
      </Group>
    </section>
  );
}
