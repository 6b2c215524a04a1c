import { Anchor, Avatar, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatDate } from '@/lib/formatters';
import type { BlogAuthor } from '../api';

interface BlogBylineProps {
  author: BlogAuthor;
  date: string;
  /** On the post page the name links to the profile; in a card the whole card is the link. */
  linkAuthor?: boolean;
  size?: 'sm' | 'md';
}

/** Author avatar and name, then the date as 'Jan 5, 2025'. */
export function BlogByline({ author, date, linkAuthor = false, size = 'sm' }: BlogBylineProps) {
  const name = author.displayName || author.username;
  return (
    <Group gap="xs" wrap="nowrap">
      <Avatar src={author.avatarUrl} name={name} color="brand" size={size === 'sm' ? 28 : 40} alt={name} />
      <div>
        {linkAuthor ? (
          <Anchor
            component={Link}
            to={`/profile/${author.id}`}
            fw={600}
            size={size}
            pos="relative"
            style={{ zIndex: 2 }}
          >
            {name}
          </Anchor>
        ) : (
          <Text fw={600} size={size}>
            {name}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          <time dateTime={date}>{formatDate(date)}</time>
        </Text>
      </div>
    </Group>
  );
}
