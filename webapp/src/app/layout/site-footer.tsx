import { ActionIcon, Anchor, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { NewTabLink } from '@/components/new-tab-link';
import { FOOTER_COLUMNS, SOCIAL_LINKS } from './footer-links';
import classes from './site-footer.module.css';
import { takeTour } from './tour-store';

function FooterLinkList({ title, links }: (typeof FOOTER_COLUMNS)[number]) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h6">
        {title}
      </Title>
      {links.map((link) => (
        <Anchor key={link.to} component={Link} to={link.to} c="dimmed" size="sm">
          {link.label}
        </Anchor>
      ))}
    </Stack>
  );
}

/** Four columns, social placeholders, legal links and "Take a Tour". */
export function SiteFooter() {
  return (
    <footer className={classes.footer}>
      <Container size="xl" py="xl">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
          <Stack gap="sm">
            <Text fw={800} size="xl" c="brand">
              Rethread
            </Text>
            <Text size="sm" c="dimmed">
              The trusted marketplace for secondhand fashion with a social twist
            </Text>
            <Group gap={4}>
              {SOCIAL_LINKS.map(({ label, href, Icon }) => (
                <ActionIcon
                  key={label}
                  component={NewTabLink}
                  href={href}
                  variant="subtle"
                  color="gray"
                  aria-label={label}
                >
                  <Icon size={18} />
                </ActionIcon>
              ))}
            </Group>
          </Stack>
          {FOOTER_COLUMNS.map((column) => (
            <FooterLinkList key={column.title} {...column} />
          ))}
        </SimpleGrid>
        <Group justify="space-between" mt="xl" pt="md" className={classes.bottom} gap="sm">
          <Text size="xs" c="dimmed">
            © {new Date().getFullYear()} Rethread. All rights reserved.
          </Text>
          <Group gap="md">
            <Anchor component={Link} to="/privacy-policy" size="xs" c="dimmed">
              Privacy
            </Anchor>
            <Anchor component={Link} to="/terms-of-service" size="xs" c="dimmed">
              Terms
            </Anchor>
            <Anchor component={Link} to="/contact" size="xs" c="dimmed">
              Contact
            </Anchor>
            <Anchor component="button" type="button" onClick={takeTour} size="xs">
              Take a Tour
            </Anchor>
          </Group>
        </Group>
      </Container>
    </footer>
  );
}
