import {
  Accordion,
  Button,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconCreditCard,
  IconHelpCircle,
  IconMessageCircle,
  IconReceiptRefund,
  IconSearch,
  IconShoppingBag,
  IconTag,
  IconTruckDelivery,
  IconUserCircle,
} from '@tabler/icons-react';
import { useMemo, useRef, useState, type ComponentType, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FAQ } from '../content/faq';
import { filterFaq } from '../faq-search';
import { POLICY } from '@/lib/policy';
import classes from './pages.module.css';
import { Prose } from './prose';
import { formatCountOf } from '@/lib/formatters';

const ICONS: Record<string, ComponentType<{ size?: number }>> = {
  'general-questions': IconHelpCircle,
  buying: IconShoppingBag,
  selling: IconTag,
  'shipping-delivery': IconTruckDelivery,
  'payments-fees': IconCreditCard,
  'returns-refunds': IconReceiptRefund,
  'account-settings': IconUserCircle,
};

/** /faq: category tiles that jump to their section, a search that filters, one answer open. */
export function FaqPage() {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const results = useMemo(() => filterFaq(FAQ, query), [query]);
  const resultsRef = useRef<HTMLDivElement>(null);
  const searching = query.trim() !== '';
  const matches = results.reduce((count, category) => count + category.questions.length, 0);

  function handleSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    resultsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Stack gap="md" className={classes.hero}>
          <Title order={1}>Frequently Asked Questions</Title>
          <Text size="lg" c="dimmed" maw={620}>
            Answers about buying, selling, shipping and payments on Rethread.
          </Text>
          <form onSubmit={handleSearch} role="search" aria-label="FAQ">
            <Group gap="sm" align="flex-end" wrap="nowrap" maw={620}>
              <TextInput
                label="Search questions"
                placeholder="Try “shipping” or “refund”"
                leftSection={<IconSearch size={16} aria-hidden />}
                value={query}
                onChange={(event) => setQuery(event.currentTarget.value)}
                style={{ flex: 1 }}
                size="md"
              />
              <Button type="submit" size="md">
                Search
              </Button>
            </Group>
          </form>
        </Stack>

        {!searching && (
          <nav aria-label="FAQ categories">
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="md">
              {FAQ.map((category) => {
                const Icon = ICONS[category.id] ?? IconHelpCircle;
                return (
                  <a key={category.id} href={`#${category.id}`} className={classes.tile}>
                    <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
                      <Icon size={20} />
                    </ThemeIcon>
                    <Text fw={600}>{category.title}</Text>
                    <Text size="sm" c="dimmed">
                      {category.description}
                    </Text>
                  </a>
                );
              })}
            </SimpleGrid>
          </nav>
        )}

        <div ref={resultsRef} className={classes.section}>
          {searching && (
            <Text role="status" c="dimmed" mb="md">
              {matches === 0
                ? `No questions match "${query.trim()}"`
                : `${formatCountOf(matches, 'question matches', 'questions match')} "${query.trim()}"`}
            </Text>
          )}
          <Stack gap="xl">
            {results.map((category) => (
              <section
                key={category.id}
                id={category.id}
                className={classes.section}
                aria-labelledby={`${category.id}-title`}
              >
                <Title order={2} size="h3" id={`${category.id}-title`} mb="sm">
                  {category.title}
                </Title>
                <Accordion
                  variant="separated"
                  order={3}
                  radius="md"
                  value={category.questions.some((q) => q.id === open) ? open : null}
                  onChange={setOpen}
                >
                  {category.questions.map((item) => (
                    <Accordion.Item key={item.id} value={item.id}>
                      <Accordion.Control>
                        <Text fw={500}>{item.question}</Text>
                      </Accordion.Control>
                      <Accordion.Panel>
                        <Stack gap="sm">
                          <Prose blocks={item.blocks} />
                        </Stack>
                      </Accordion.Panel>
                    </Accordion.Item>
                  ))}
                </Accordion>
              </section>
            ))}
          </Stack>
        </div>

        <Stack align="center" gap="sm" ta="center" py="lg" className={classes.hero}>
          <Title order={2} size="h3">
            Still have questions?
          </Title>
          <Text c="dimmed">Our support team replies within {POLICY.supportReply}.</Text>
          <Button component={Link} to="/contact" leftSection={<IconMessageCircle size={18} aria-hidden />}>
            Contact Support
          </Button>
        </Stack>
      </Stack>
    </Container>
  );
}
