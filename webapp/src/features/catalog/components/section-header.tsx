import { Button, Group, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

interface SectionHeaderProps {
  id: string;
  title: string;
  subtitle?: string;
  linkLabel?: string;
  linkTo?: string;
}

/** A home-page section title with an optional "see more" link on the right. */
export function SectionHeader({ id, title, subtitle, linkLabel, linkTo }: SectionHeaderProps) {
  return (
    <Group justify="space-between" align="end" mb="md" wrap="nowrap">
      <div>
        <Title order={2} id={id} size="h3">
          {title}
        </Title>
        {subtitle && (
          <Text c="dimmed" size="sm">
            {subtitle}
          </Text>
        )}
      </div>
      {linkLabel && linkTo && (
        // flex none: a long subtitle wraps instead of cutting the link to "Shop a→" on a phone.
        <Button
          component={Link}
          to={linkTo}
          variant="subtle"
          rightSection={<IconArrowRight size={16} />}
          px="xs"
          style={{ flex: 'none' }}
        >
          {linkLabel}
        </Button>
      )}
    </Group>
  );
}
