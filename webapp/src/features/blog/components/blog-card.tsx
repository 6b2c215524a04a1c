import { Badge, Card, Stack, Text, Title } from '@mantine/core';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { BlogPost } from '../api';
import { BlogByline } from './blog-byline';
import { BlogCover, LIST_COVER_SIZES } from './blog-cover';
import classes from './blog.module.css';

/** A post in the list: photo first, then title, excerpt, author and date. Memoised: the
 *  list re-renders as cards arrive; react-query keeps an unchanged post the same object. */
export const BlogCard = memo(function BlogCard({ post, eager = false }: { post: BlogPost; eager?: boolean }) {
  return (
    <Card component="article" padding="lg" className={classes.card} aria-label={post.title}>
      <Card.Section pos="relative">
        <BlogCover
          imageUrl={post.imageUrl}
          mediumUrl={post.imageMediumUrl}
          sizes={LIST_COVER_SIZES}
          title={post.title}
          ratio={4 / 3}
          eager={eager}
        />
        {!post.published && (
          <Badge className={classes.draftBadge} color="yellow" variant="filled" c="dark.8">
            Draft
          </Badge>
        )}
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flex: 1 }}>
        <Title order={2} size="h4" lineClamp={2}>
          <Link to={`/blog/${post.slug}`} className={classes.stretchedLink}>
            {post.title}
          </Link>
        </Title>
        {post.excerpt && (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {post.excerpt}
          </Text>
        )}
        <div className={classes.byline}>
          <BlogByline author={post.user} date={post.createdAt} />
        </div>
      </Stack>
    </Card>
  );
});
