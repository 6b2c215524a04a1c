import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import classes from './home-page.module.css';

/** A first home page: the catalog feature adds brands, Most Watched and Trending Styles. */
export default function HomePage() {
  return (
    <Container size="lg" py="xl">
      <section className={classes.hero} aria-labelledby="home-hero-title">
        <Stack gap="md" maw={560}>
          <Title id="home-hero-title" order={1} className={classes.title}>
            The trusted marketplace for secondhand fashion with a social twist
          </Title>
          <Text size="lg" c="dimmed">
            Buy and sell pre-loved pieces, follow sellers and share your style.
          </Text>
          <Text fw={700} size="xl" c="brand">
            Save an average of 30% on top brands
          </Text>
          <Group>
            <Button component={Link} to="/marketplace" size="md">
              Shop now
            </Button>
            <Button component={Link} to="/create-listing" size="md" variant="outline">
              Start selling
            </Button>
          </Group>
        </Stack>
      </section>
    </Container>
  );
}
