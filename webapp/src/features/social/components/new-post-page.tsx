import limits from '@fixtures/form-limits.json';
import {
  ActionIcon,
  AspectRatio,
  Avatar,
  Button,
  Container,
  FileButton,
  Grid,
  Group,
  Image,
  Paper,
  Stack,
  TagsInput,
  Text,
  Textarea,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPhotoPlus, IconPin, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { hashtagProblem } from '@/entities/post/hashtag';
import { useCreatePost } from '@/entities/post/post';
import { describeSpot, stepSpot } from '@/entities/post/spot';
import type { Product } from '@/entities/product/product';
import { submitWith } from '@/lib/form';
import { MAX_PHOTO_MB, photoProblem, photoUploadError } from '@/lib/photo-file';
import { READ_FAILED, readAsDataUrl } from '@/lib/read-file';
import { ProductPicker } from './new-post/product-picker';
import classes from './post/post-image.module.css';

// The server's limits (domain/posts.py), through the shared fixture.
const CAPTION = limits.posts.content;
const MAX_TAGS = limits.posts.taggedProducts.max;
const MAX_HASHTAGS = limits.posts.hashtags.max;

interface Tag {
  product: Pick<Product, 'id' | 'title' | 'thumbnails'>;
  x: number | null;
  y: number | null;
}

interface Values {
  image: string;
  content: string;
  hashtags: string[];
  tags: Tag[];
}

/** /post/new: photo, caption (with #words), hashtag chips, up to 5 tagged listings, each
 *  optionally pinned to a spot on the photo: "Pin on photo" puts a pin in the centre and
 *  focuses it; a click on the photo or the arrow keys move it (Shift: small steps), Enter or
 *  Escape sets it, Delete removes it. Every move is announced in a polite live region. */
export default function NewPostPage() {
  const navigate = useNavigate();
  const create = useCreatePost();
  const [placing, setPlacing] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [hashtagDraft, setHashtagDraft] = useState('');
  const pins = useRef(new Map<number, HTMLButtonElement>());
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { image: '', content: '', hashtags: [], tags: [] },
    validate: {
      image: (value) => (value ? null : 'An image is required'),
      content: (value) =>
        value.length > CAPTION.max ? `Caption must be at most ${CAPTION.max} characters` : null,
      hashtags: (value) => value.map(hashtagProblem).find(Boolean) ?? null,
    },
  });
  const { values } = form;

  // A photo the server would refuse is refused as it is picked, with the reason under the
  // button (it stays until another photo is chosen), not after uploading it.
  async function pickFile(file: File | null) {
    if (!file) return;
    const problem = file.type.startsWith('image/')
      ? await photoProblem(file)
      : 'Only image files can be uploaded';
    if (problem) return form.setFieldError('image', problem);
    try {
      form.setFieldValue('image', await readAsDataUrl(file));
    } catch {
      form.setFieldError('image', READ_FAILED);
    }
  }

  useEffect(() => {
    if (placing !== null) pins.current.get(placing)?.focus();
  }, [placing]);

  // A chip that breaks the rule is not added: it stays in the box, with the rule's message.
  function setHashtags(chips: string[]) {
    const bad = chips.find((chip) => hashtagProblem(chip));
    form.setFieldValue(
      'hashtags',
      chips.filter((chip) => !hashtagProblem(chip)),
    );
    if (bad !== undefined) setHashtagDraft(bad);
  }
  const hashtagError = hashtagProblem(hashtagDraft) ?? form.errors.hashtags;

  function titleOf(id: number) {
    return values.tags.find((tag) => tag.product.id === id)?.product.title ?? 'item';
  }

  function pin(id: number, x: number | null, y: number | null) {
    form.setFieldValue(
      'tags',
      values.tags.map((tag) => (tag.product.id === id ? { ...tag, x, y } : tag)),
    );
  }

  function startPlacing(tag: Tag) {
    const x = tag.x ?? 0.5;
    const y = tag.y ?? 0.5;
    if (tag.x === null) pin(tag.product.id, x, y);
    setPlacing(tag.product.id);
    setAnnouncement(
      `Pin for ${tag.product.title} is at ${describeSpot(x, y)}. Move it with the arrow keys ` +
        '(Shift for small steps) or click the photo where the item is. Press Enter when done, Delete to remove it.',
    );
  }

  function place(event: MouseEvent<HTMLDivElement>) {
    if (placing === null || event.detail === 0) return; // detail 0: a keyboard "click"
    const box = event.currentTarget.getBoundingClientRect();
    const x = Math.round(Math.min(1, Math.max(0, (event.clientX - box.left) / box.width)) * 100) / 100;
    const y = Math.round(Math.min(1, Math.max(0, (event.clientY - box.top) / box.height)) * 100) / 100;
    pin(placing, x, y);
    setAnnouncement(`Pin for ${titleOf(placing)} set at ${describeSpot(x, y)}.`);
    setPlacing(null);
  }

  function pinKey(event: KeyboardEvent<HTMLButtonElement>, tag: Tag) {
    const id = tag.product.id;
    const [x, y] = [tag.x ?? 0.5, tag.y ?? 0.5];
    const moved = stepSpot(x, y, event.key, event.shiftKey);
    if (moved) {
      event.preventDefault();
      pin(id, moved[0], moved[1]);
      setPlacing(id);
      setAnnouncement(`${tag.product.title}: ${describeSpot(moved[0], moved[1])}`);
    } else if (event.key === 'Enter' || event.key === 'Escape') {
      event.preventDefault();
      setPlacing(null);
      setAnnouncement(`Pin for ${tag.product.title} set at ${describeSpot(x, y)}.`);
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      pin(id, null, null);
      setPlacing(null);
      setAnnouncement(`Pin for ${tag.product.title} removed.`);
    }
  }

  const submit = submitWith(
    form,
    (v: Values) =>
      create
        .mutateAsync({
          content: v.content.trim(),
          image: v.image,
          hashtags: v.hashtags.map((tag) => tag.replace(/^#/, '')),
          taggedProductIds: v.tags.map((tag) => tag.product.id),
          tagPositions: v.tags.flatMap((tag) =>
            tag.x !== null && tag.y !== null ? [{ productId: tag.product.id, x: tag.x, y: tag.y }] : [],
          ),
        })
        .catch((error: unknown) => {
          // A 413 (the photo over the server's limit) is said under the photo button.
          throw photoUploadError(error, 'image');
        }),
    {
      fallback: 'Failed to publish your post. Please try again.',
      fieldPaths: { taggedProductIds: 'tags', tagPositions: 'tags' },
      onSuccess: (post) => navigate(`/post/${post.id}`),
    },
  );

  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        New style post
      </Title>
      <form onSubmit={submit} noValidate>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="xs">
              {values.image ? (
                // A pointer shortcut: the keyboard places pins with the arrow keys (pinKey).
                <div
                  className={classes.frame}
                  onClick={place}
                  role="presentation"
                  data-placing={placing !== null || undefined}
                  style={{ cursor: placing !== null ? 'crosshair' : undefined }}
                >
                  <AspectRatio ratio={4 / 5}>
                    <Image src={values.image} alt="Your photo" radius="lg" />
                  </AspectRatio>
                  {values.tags
                    .filter((t) => t.x !== null && t.y !== null)
                    .map((tag) => (
                      <button
                        key={tag.product.id}
                        type="button"
                        className={classes.spot}
                        title={tag.product.title}
                        ref={(node) => {
                          if (node) pins.current.set(tag.product.id, node);
                          else pins.current.delete(tag.product.id);
                        }}
                        aria-label={`Pin for ${tag.product.title} at ${describeSpot(tag.x ?? 0, tag.y ?? 0)}. Arrow keys move it.`}
                        data-active={placing === tag.product.id || undefined}
                        onClick={(event) => {
                          event.stopPropagation();
                          if (event.detail !== 0) setPlacing(tag.product.id);
                        }}
                        onKeyDown={(event) => pinKey(event, tag)}
                        style={{ left: `${(tag.x ?? 0) * 100}%`, top: `${(tag.y ?? 0) * 100}%` }}
                      />
                    ))}
                </div>
              ) : (
                <Paper withBorder radius="lg" p="xl" style={{ borderStyle: 'dashed' }}>
                  <Stack align="center" gap="xs" py="xl">
                    <IconPhotoPlus size={40} stroke={1.4} />
                    <Text fw={600}>Add a photo of your look</Text>
                    <Text size="sm" c="dimmed">
                      JPEG, PNG, WebP or GIF, up to {MAX_PHOTO_MB} MB
                    </Text>
                  </Stack>
                </Paper>
              )}
              <FileButton
                onChange={(file) => void pickFile(file)}
                accept="image/*"
                inputProps={{ 'aria-label': 'Photo for the post' }}
              >
                {(props) => (
                  <Button variant="light" leftSection={<IconPhotoPlus size={16} />} {...props}>
                    {values.image ? 'Change photo' : 'Choose photo'}
                  </Button>
                )}
              </FileButton>
              {form.errors.image && (
                <Text c="red" size="sm" role="alert">
                  {form.errors.image}
                </Text>
              )}
              {placing !== null && (
                <Text size="sm" c="brand">
                  Click the photo where the item is, or move the pin with the arrow keys. Enter when done.
                </Text>
              )}
              <VisuallyHidden role="status" aria-live="polite">
                {announcement}
              </VisuallyHidden>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="md">
              <Textarea
                label="Caption"
                placeholder="Tell people about this look. #words become hashtags."
                rows={4}
                {...form.getInputProps('content')}
              />
              <TagsInput
                label="Hashtags"
                placeholder="Type a tag and press Enter"
                maxTags={MAX_HASHTAGS}
                description="Letters, numbers and underscores"
                splitChars={[',', ' ', '#']}
                value={values.hashtags}
                onChange={setHashtags}
                searchValue={hashtagDraft}
                onSearchChange={setHashtagDraft}
                error={hashtagError}
              />
              <ProductPicker
                taggedIds={values.tags.map((t) => t.product.id)}
                full={values.tags.length >= MAX_TAGS}
                onPick={(product) =>
                  form.setFieldValue('tags', [...values.tags, { product, x: null, y: null }])
                }
              />
              {values.tags.length > 0 && (
                <Stack gap="xs" aria-label="Tagged items">
                  {values.tags.map((tag) => (
                    <Group key={tag.product.id} justify="space-between" wrap="nowrap">
                      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                        <Avatar
                          src={tag.product.thumbnails[0]}
                          alt={tag.product.title}
                          radius="sm"
                          size={36}
                        />
                        <div style={{ minWidth: 0 }}>
                          <Text size="sm" truncate>
                            {tag.product.title}
                          </Text>
                          {tag.x !== null && tag.y !== null && (
                            <Text size="xs" c="dimmed">
                              Pinned at {describeSpot(tag.x, tag.y)}
                            </Text>
                          )}
                        </div>
                      </Group>
                      <Group gap={4} wrap="nowrap">
                        <UnstyledButton
                          disabled={!values.image}
                          onClick={() => startPlacing(tag)}
                          aria-label={`${tag.x !== null ? 'Move pin' : 'Pin on photo'}: ${tag.product.title}`}
                        >
                          <Group gap={4}>
                            <IconPin size={16} />
                            <Text size="xs">{tag.x !== null ? 'Move pin' : 'Pin on photo'}</Text>
                          </Group>
                        </UnstyledButton>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={`Remove ${tag.product.title}`}
                          onClick={() => {
                            if (placing === tag.product.id) setPlacing(null);
                            form.setFieldValue(
                              'tags',
                              values.tags.filter((t) => t.product.id !== tag.product.id),
                            );
                          }}
                        >
                          <IconX size={16} />
                        </ActionIcon>
                      </Group>
                    </Group>
                  ))}
                </Stack>
              )}
              {form.errors.tags && (
                <Text c="red" size="sm" role="alert">
                  {form.errors.tags}
                </Text>
              )}
              <Group justify="flex-end">
                <Button variant="default" onClick={() => navigate(-1)}>
                  Cancel
                </Button>
                <Button type="submit" loading={form.submitting}>
                  Publish
                </Button>
              </Group>
            </Stack>
          </Grid.Col>
        </Grid>
      </form>
    </Container>
  );
}
