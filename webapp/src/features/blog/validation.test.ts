import { describe, expect, it } from 'vitest';
import { messageCases } from '@/test-utils/form-messages';
import {
  hasErrors,
  isImageUrl,
  paragraphsOf,
  validateBlog,
  type BlogField,
  type BlogFormValues,
} from './validation';

const valid: BlogFormValues = {
  title: 'Denim care basics',
  slug: 'denim-care-basics',
  excerpt: '',
  imageUrl: '',
  content: 'Wash cold and dry flat.',
  published: false,
};

describe('validateBlog (spec §5 messages)', () => {
  it.each(messageCases<BlogFormValues>('blog'))(
    'words %s as the server does (form-messages.json)',
    (_name, { values, field, message }) => {
      expect(validateBlog({ ...values, published: false })[field as BlogField]).toBe(message);
    },
  );

  it('accepts a valid post', () => {
    expect(hasErrors(validateBlog(valid))).toBe(false);
  });

  it('reports every problem at once', () => {
    expect(
      validateBlog({
        title: 'ab',
        slug: 'Bad Slug!',
        excerpt: 'x'.repeat(301),
        imageUrl: 'javascript:alert(1)',
        content: 'short',
        published: true,
      }),
    ).toEqual({
      title: 'Title must be at least 3 characters',
      slug: 'Slug can only contain lowercase letters, numbers, and hyphens',
      excerpt: 'Excerpt must be less than 300 characters',
      imageUrl: 'Image URL must be a valid URL',
      content: 'Content must be at least 10 characters',
    });
  });

  it('limits the title to 100 characters and the slug to 3-100', () => {
    const errors = validateBlog({ ...valid, title: 't'.repeat(101), slug: 'ab' });
    expect(errors.title).toBe('Title must be less than 100 characters');
    expect(errors.slug).toBe('Slug must be at least 3 characters');
    expect(validateBlog({ ...valid, slug: 'a'.repeat(101) }).slug).toBe(
      'Slug must be less than 100 characters',
    );
    expect(validateBlog({ ...valid, slug: '-abc' }).slug).toBe(
      'Slug cannot start or end with a hyphen or repeat hyphens',
    );
  });

  it('measures trimmed text', () => {
    expect(validateBlog({ ...valid, title: '  ab  ' }).title).toBe('Title must be at least 3 characters');
    expect(validateBlog({ ...valid, content: '   123456789   ' }).content).toBe(
      'Content must be at least 10 characters',
    );
  });
});

describe('isImageUrl', () => {
  it.each([
    ['https://images.example.com/a.jpg', true],
    ['http://example.com/a.png', true],
    ['/media/blog/a.jpg', true],
    ['/api/users/1', false],
    ['/media/../api', false],
    ['//evil.example/a.png', false],
    ['javascript:alert(1)', false],
    ['data:image/png;base64,AAAA', false],
    ['https://exa mple.com/a.png', false],
    ['not a url', false],
  ])('%s -> %s', (url, ok) => {
    expect(isImageUrl(url)).toBe(ok);
  });
});

describe('paragraphsOf', () => {
  it('splits on blank lines and drops empty paragraphs', () => {
    expect(paragraphsOf('One\nstill one\n\nTwo\r\n\r\n\n  \nThree  ')).toEqual([
      'One\nstill one',
      'Two',
      'Three',
    ]);
  });
});
