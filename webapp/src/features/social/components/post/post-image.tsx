import { AspectRatio, Avatar, Group, Image, Tooltip, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { StylePostDetail } from '@/entities/post/post';
import { describeSpot } from '@/entities/post/spot';
import { displayNameOf } from '@/entities/user/user';
import classes from './post-image.module.css';

/** The photo with a dot on each tagged item that has a position (each links to the item),
 *  and thumbnails: the photo and the tagged items' photos. */
export function PostImage({ post }: { post: StylePostDetail }) {
  const [shown, setShown] = useState(true);
  const spots = post.taggedProducts.filter((item) => item.x !== null && item.y !== null);
  const alt = post.content || `Outfit posted by ${displayNameOf(post.user)}`;
  return (
    <div>
      <div className={classes.frame}>
        <AspectRatio ratio={4 / 5}>
          <Image src={post.imageUrl} alt={alt} radius="lg" />
        </AspectRatio>
        {shown &&
          spots.map((item) => (
            <Tooltip key={item.id} label={`${item.title} · $${item.price}`} withArrow opened={undefined}>
              <Link
                to={`/product/${item.id}`}
                className={classes.spot}
                aria-label={`Tagged: ${item.title}, $${item.price}, at ${describeSpot(item.x ?? 0, item.y ?? 0)}`}
                style={{ left: `${(item.x ?? 0) * 100}%`, top: `${(item.y ?? 0) * 100}%` }}
              />
            </Tooltip>
          ))}
      </div>
      <Group gap="xs" mt="sm">
        <UnstyledButton
          aria-label={shown ? 'Hide tags on the photo' : 'Show tags on the photo'}
          aria-pressed={shown}
          onClick={() => setShown((value) => !value)}
          className={classes.thumb}
          data-active={shown || undefined}
        >
          <Avatar src={post.thumbnailUrl} alt="The whole look" radius="md" size={56} />
        </UnstyledButton>
        {post.taggedProducts.map((item) => (
          <Link key={item.id} to={`/product/${item.id}`} aria-label={`Tagged item: ${item.title}`}>
            <Avatar src={item.smallUrl ?? item.thumbnailUrl} alt={item.title} radius="md" size={56} />
          </Link>
        ))}
      </Group>
    </div>
  );
}
