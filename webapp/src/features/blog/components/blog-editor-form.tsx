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
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage, fieldErrors, isApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCurrentUser } from '@/entities/session/session-store';
import { useSaveBlog, type BlogPost } from '../api';
import { slugify } from '../slugify';
import {
  hasErrors,
  validateBlog,
  type BlogField,
  type BlogFormErrors,
  type BlogFormValues,
} from '../validation';
import { BlogArticle } from './blog-post-page';
import classes from './blog.module.css';

type Mode = 'edit' | 'preview';

/** After a failed submit, put the keyboard on the first field that needs fixing. */
function focusFirstInvalid(form: HTMLFormElement) {
  setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
}

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
  const [values, setValues] = useState(() => initialValues(post));
  const [errors, setErrors] = useState<BlogFormErrors>({});
  const [slugEdited, setSlugEdited] = useState(!isNew);
  const [mode, setMode] = useState<Mode>('edit');

  function update(changes: Partial<BlogFormValues>) {
    setValues((current) => ({ ...current, ...changes }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(changes)) delete next[key as BlogField];
      return next;
    });
  }

  function text(name: BlogField) {
    return {
      name,
      value: values[name],
      error: errors[name],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        const { value } = event.currentTarget;
        if (name === 'title' && !slugEdited) update({ title: value, slug: slugify(value) });
        else update({ [name]: value });
        if (name === 'slug') setSlugEdited(true);
      },
    };
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const found = validateBlog(values);
    setErrors(found);
    if (hasErrors(found)) {
      setMode('edit');
      focusFirstInvalid(form);
      return;
    }
    try {
      const saved = await save.mutateAsync({
        title: values.title.trim(),
        slug: values.slug.trim(),
        excerpt: values.excerpt.trim(),
        imageUrl: values.imageUrl.trim(),
        content: values.content.trim(),
        published: values.published,
      });
      notifySuccess(isNew ? 'Blog post created' : 'Blog post updated');
      navigate(`/blog/${saved.slug}`);
    } catch (error) {
      const message = errorMessage(error, error instanceof Error ? error.message : 'Please try again.');
      notifyError(message, isNew ? 'Failed to create blog post' : 'Failed to update blog post');
      const fromServer: BlogFormErrors = fieldErrors(error);
      if (isApiError(error, 409) && !fromServer.slug) fromServer.slug = message;
      setErrors(fromServer);
      if (hasErrors(fromServer)) {
        setMode('edit');
        focusFirstInvalid(form);
      }
    }
  }

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
            <TextInput label="Title" placeholder="Five ways to style a slip dress" required {...text('title')} />
            <TextInput
              label="Slug"
              description={`Your post's address: /blog/${values.slug || 'your-post'}`}
              placeholder="five-ways-to-style-a-slip-dress"
              required
              {...text('slug')}
            />
            <Textarea
              label="Excerpt"
              description="Optional. A sentence or two for the blog list (up to 300 characters)."
              rows={2}
              {...text('excerpt')}
            />
            <TextInput
              label="Cover image URL"
              description="Optional. An https:// link to a photo."
              placeholder="https://"
              inputMode="url"
              {...text('imageUrl')}
            />
            <Textarea
              label="Content"
              description="Separate paragraphs with a blank line."
              required
              classNames={{ input: classes.contentInput }}
              rows={14}
              {...text('content')}
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
            onChange={(event) => update({ published: event.currentTarget.checked })}
          />
        </Paper>

        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => navigate(isNew ? '/blog' : `/blog/${post.slug}`)}
          >
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {isNew ? 'Create Post' : 'Save Changes'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
