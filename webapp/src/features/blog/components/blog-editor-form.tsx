import {
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '@/lib/api-client';
import { submitWith } from '@/lib/form';
import { notifySuccess } from '@/lib/notify';
import { useCurrentUser } from '@/entities/session/session-store';
import { useSaveBlog, type BlogInput, type BlogPost } from '../api';
import { slugify } from '../slugify';
import { validateBlog, type BlogFormValues } from '../validation';
import { BlogArticle } from './blog-post-page';
import classes from './blog.module.css';

type Mode = 'edit' | 'preview';

function initialValues(post?: BlogPost): BlogFormValues {
  return {
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    excerpt: post?.excerpt ?? '',
    imageUrl: post?.imageUrl ?? '',
    content: post?.content ?? '',
    published: post?.published ?? false,
  };
}

/** What the server is sent: trimmed text. */
function toInput(values: BlogFormValues): BlogInput {
  return {
    title: values.title.trim(),
    slug: values.slug.trim(),
    excerpt: values.excerpt.trim(),
    imageUrl: values.imageUrl.trim(),
    content: values.content.trim(),
    published: values.published,
  };
}

/** What the preview shows: the post as it will look, with the writer as author. */
function previewPost(values: BlogFormValues, post: BlogPost | undefined, author: BlogPost['user']): BlogPost {
  const now = new Date().toISOString();
  return {
    id: post?.id ?? 0,
    title: values.title.trim() || 'Untitled post',
    slug: values.slug,
    excerpt: values.excerpt.trim() || null,
    content: values.content,
    imageUrl: values.imageUrl.trim() || null,
    // The stored copy belongs to the saved cover only, not to a URL just typed.
    imageMediumUrl: post && values.imageUrl.trim() === post.imageUrl ? post.imageMediumUrl : null,
    published: values.published,
    createdAt: post?.createdAt ?? now,
    updatedAt: now,
    userId: author.id,
    user: author,
  };
}

/** The create/edit form with an Edit/Preview toggle; new posts get their slug from the title. */
export function BlogEditorForm({ post }: { post?: BlogPost }) {
  const isNew = post === undefined;
  const user = useCurrentUser();
  const navigate = useNavigate();
  const save = useSaveBlog(post?.id);
  const form = useForm<BlogFormValues, BlogInput>({
    mode: 'controlled',
    initialValues: initialValues(post),
    validate: validateBlog,
    transformValues: toInput,
  });
  const { values } = form;
  const [slugEdited, setSlugEdited] = useState(!isNew);
  const [mode, setMode] = useState<Mode>('edit');

  /** New posts take their slug from the title until the writer edits the slug. */
  const titleProps = {
    ...form.getInputProps('title'),
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.currentTarget;
      form.setFieldValue('title', value);
      if (!slugEdited) form.setFieldValue('slug', slugify(value));
    },
  };
  const slugProps = {
    ...form.getInputProps('slug'),
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      form.setFieldValue('slug', event.currentTarget.value);
      setSlugEdited(true);
    },
  };

  const handleSubmit = submitWith(form, save.mutateAsync, {
    fallback: (error) => (error instanceof Error ? error.message : 'Please try again.'),
    errorTitle: isNew ? 'Failed to create blog post' : 'Failed to update blog post',
    moreFieldErrors: (error, message): Record<string, string> =>
      isApiError(error, 409) ? { slug: message } : {},
    onInvalid: () => setMode('edit'),
    onSuccess: (saved) => {
      notifySuccess(isNew ? 'Blog post created' : 'Blog post updated');
      navigate(`/blog/${saved.slug}`);
    },
  });

  const author = user
    ? { id: user.id, username: user.username, displayName: user.displayName, avatarUrl: user.avatarUrl }
    : { id: 0, username: 'you', displayName: 'You', avatarUrl: null };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          <Title order={1}>{isNew ? 'New blog post' : 'Edit blog post'}</Title>
          <SegmentedControl
            aria-label="Editor mode"
            value={mode}
            onChange={(value) => setMode(value as Mode)}
            data={[
              { label: 'Edit', value: 'edit' },
              { label: 'Preview', value: 'preview' },
            ]}
          />
        </Group>

        {mode === 'edit' ? (
          <Stack gap="md">
            <TextInput label="Title" placeholder="Five ways to style a slip dress" required {...titleProps} />
            <TextInput
              label="Slug"
              description={`Your post's address: /blog/${values.slug || 'your-post'}`}
              placeholder="five-ways-to-style-a-slip-dress"
              required
              {...slugProps}
            />
            <Textarea
              label="Excerpt"
              description="Optional. A sentence or two for the blog list (up to 300 characters)."
              rows={2}
              {...form.getInputProps('excerpt')}
            />
            <TextInput
              label="Cover image URL"
              description="Optional. An https:// link to a photo."
              placeholder="https://"
              inputMode="url"
              {...form.getInputProps('imageUrl')}
            />
            <Textarea
              label="Content"
              description="Separate paragraphs with a blank line."
              required
              classNames={{ input: classes.contentInput }}
              rows={14}
              {...form.getInputProps('content')}
            />
          </Stack>
        ) : (
          <Paper withBorder radius="lg" p="xl" className={classes.preview} aria-label="Post preview">
            {values.content.trim() || values.title.trim() ? (
              <BlogArticle post={previewPost(values, post, author)} headingOrder={2} />
            ) : (
              <Text c="dimmed">Nothing to preview yet. Add a title and some content first.</Text>
            )}
          </Paper>
        )}

        <Paper withBorder radius="md" p="md">
          <Switch
            label="Published"
            description={
              values.published ? 'Everyone can read this post.' : 'Draft: only you can see this post.'
            }
            checked={values.published}
            onChange={(event) => form.setFieldValue('published', event.currentTarget.checked)}
          />
        </Paper>

        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate(isNew ? '/blog' : `/blog/${post.slug}`)}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            {isNew ? 'Create Post' : 'Save Changes'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
