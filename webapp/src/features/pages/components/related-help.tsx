import { Anchor, Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { POLICY } from '@/lib/policy';
import { STATIC_PAGES, type StaticPageKey } from '../static-pages';

const HELP_LINKS: StaticPageKey[] = [
  'faq',
  'buyer-protection',
  'shipping-info',
  'returns',
  'payment-policy',
  'terms-of-service',
  'privacy-policy',
];

/** The side card on policy pages: the other help pages and a way to reach support. */
export function RelatedHelp({ current }: { current: StaticPageKey }) {
  return (
    <Card padding="lg" component="aside" aria-labelledby="related-help-title">
      <Stack gap="sm">
        <Title order={2} size="h5" id="related-help-title">
          More help
        </Title>
        <Stack gap={6} component="nav" aria-label="Help pages">
          {HELP_LINKS.filter((key) => key !== current).map((key) => (
            <Anchor key={key} component={Link} to={`/${key}`} size="sm">
              {STATIC_PAGES[key].title}
            </Anchor>
          ))}
        </Stack>
        <Text size="sm" c="dimmed" mt="xs">
          Can&apos;t find an answer? Our team replies within {POLICY.supportReply}.
        </Text>
        <Button
          component={Link}
          to="/contact"
          variant="light"
          leftSection={<IconMessageCircle size={18} aria-hidden />}
        >
          Contact Support
        </Button>
      </Stack>
    </Card>
  );
}
