import { List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHeartHandshake, IconPigMoney, IconRecycle, IconShieldCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

const POINTS: { icon: ReactNode; text: string }[] = [
  { icon: <IconRecycle size={18} />, text: 'Every resale keeps a garment in use and out of landfill.' },
  { icon: <IconPigMoney size={18} />, text: 'Save an average of 30% on top brands.' },
  {
    icon: <IconShieldCheck size={18} />,
    text: 'Buyer Protection holds your payment until your item arrives.',
  },
  { icon: <IconHeartHandshake size={18} />, text: 'Follow sellers, share your style and make offers.' },
];

/** The "why Rethread" side of the sign-in page. */
export function AuthMarketingPanel() {
  return (
    <Stack gap="lg" component="section" aria-labelledby="auth-marketing-title">
      <Title id="auth-marketing-title" order={2}>
        Fashion that deserves a second life
      </Title>
      <Text c="dimmed" size="lg">
        Rethread is the trusted marketplace for secondhand fashion with a social twist. Buy pre-loved pieces,
        sell what you no longer wear, and make your wardrobe more sustainable.
      </Text>
      <List spacing="md" center>
        {POINTS.map(({ icon, text }) => (
          <List.Item
            key={text}
            icon={
              <ThemeIcon radius="xl" variant="light" aria-hidden>
                {icon}
              </ThemeIcon>
            }
          >
            {text}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
