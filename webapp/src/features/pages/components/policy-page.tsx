import { Container, Grid, Stack, Text, Title } from '@mantine/core';
import type { PolicyDocument } from '../content/policies';
import { POLICY } from '@/lib/policy';
import type { StaticPageKey } from '../static-pages';
import classes from './pages.module.css';
import { Prose } from './prose';
import { RelatedHelp } from './related-help';

/** A policy page: title, date, intro, numbered sections; the other help pages at the side. */
export function PolicyPage({ page, document }: { page: StaticPageKey; document: PolicyDocument }) {
  return (
    <Container size="lg" py="xl">
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="xl" component="article">
            <Stack gap="xs">
              <Title order={1}>{document.title}</Title>
              <Text size="sm" c="dimmed">
                Last updated: <time dateTime="2023-05-09">{POLICY.updated}</time>
              </Text>
              <Stack gap="sm" mt="sm">
                <Prose blocks={document.intro} size="lg" />
              </Stack>
            </Stack>
            {document.sections.map((section) => (
              <Stack key={section.heading} gap="sm" component="section" className={classes.section}>
                <Title order={2} size="h3">
                  {section.heading}
                </Title>
                <Prose blocks={section.body} />
              </Stack>
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <div className={classes.aside}>
            <RelatedHelp current={page} />
          </div>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
