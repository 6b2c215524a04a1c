import { Button, Group, Rating, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';

interface ReviewFormProps {
  who: string;
  pending: boolean;
  onSubmit: (review: { rating: number; comment: string }) => void;
}

/** 1–5 stars and an optional comment; hidden from the other party until both reviewed. */
export function ReviewForm({ who, pending, onSubmit }: ReviewFormProps) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1) {
      setError('Please choose 1 to 5 stars');
      return;
    }
    onSubmit({ rating, comment: comment.trim() });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={`Review ${who}`}>
      <Stack gap="xs">
        <Text size="sm" fw={500}>Leave a review for {who}</Text>
        <Rating value={rating} onChange={(value) => { setRating(value); setError(undefined); }}
          aria-label="Stars" />
        {error && <Text size="xs" c="red">{error}</Text>}
        <Textarea label="Comment (optional)" maxLength={1000} autosize minRows={2} value={comment}
          onChange={(event) => setComment(event.currentTarget.value)} />
        <Text size="xs" c="dimmed">
          Your review stays hidden until {who} reviews you too, or for 14 days.
        </Text>
        <Group>
          <Button type="submit" size="xs" loading={pending}>Submit Review</Button>
        </Group>
      </Stack>
    </form>
  );
}
