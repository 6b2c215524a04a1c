import { Button, Group, Input, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId } from 'react';
import { useItemLabel } from '@/components/item-label';
import { submitWith } from '@/lib/form';
import { POLICY } from '@/lib/policy';
import { StarRatingInput } from './star-rating-input';

export interface ReviewValues {
  rating: number;
  comment: string;
}

interface ReviewFormProps {
  who: string;
  onSubmit: (review: ReviewValues) => Promise<unknown>;
  onDone: () => void;
}

/** 1–5 stars and an optional comment; hidden from the other party until both reviewed. */
export function ReviewForm({ who, onSubmit, onDone }: ReviewFormProps) {
  const form = useForm<ReviewValues>({
    mode: 'controlled',
    initialValues: { rating: 0, comment: '' },
    validate: { rating: (value) => (value >= 1 && value <= 5 ? null : 'Please choose 1 to 5 stars') },
  });
  const starsError = useId();
  const itemLabel = useItemLabel();
  return (
    <form
      onSubmit={submitWith(form, onSubmit, { fallback: 'Failed to submit review.', onSuccess: onDone })}
      noValidate
      aria-label={`Review ${who}`}
    >
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          Leave a review for {who}
        </Text>
        <Input.Wrapper error={form.errors.rating} errorProps={{ id: starsError }}>
          <StarRatingInput
            label="Stars"
            value={form.values.rating}
            onChange={(value) => form.setFieldValue('rating', value)}
            describedBy={form.errors.rating ? starsError : undefined}
            invalid={Boolean(form.errors.rating)}
          />
        </Input.Wrapper>
        <Textarea
          label="Comment (optional)"
          maxLength={1000}
          autosize
          minRows={2}
          {...form.getInputProps('comment')}
        />
        <Text size="xs" c="dimmed">
          Your review stays hidden until {who} reviews you too, or for {POLICY.reviewWindow}.
        </Text>
        <Group>
          <Button type="submit" size="xs" loading={form.submitting} aria-label={itemLabel('Submit Review')}>
            Submit Review
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
