import { Stack, Text } from '@mantine/core';
import { paragraphsOf } from '../validation';
import classes from './blog.module.css';

/**
 * A post's text as paragraphs split on blank lines. Rendered as React text only: markup in a
 * post shows as typed and never runs.
 */
export function BlogParagraphs({ content }: { content: string }) {
  return (
    <Stack gap="md">
      {paragraphsOf(content).map((paragraph, index) => (
        <Text key={index} component="p" m={0} className={classes.prose}>
          {paragraph}
        </Text>
      ))}
    </Stack>
  );
}
