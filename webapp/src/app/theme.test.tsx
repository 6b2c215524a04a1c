import { Rating } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { render } from '@/test-utils/render';

describe('theme', () => {
  it('draws review stars in a colour that reads on white, and outlines the empty ones', () => {
    const { container } = render(<Rating value={3} readOnly aria-label="3 stars" />);
    const root = container.querySelector('.mantine-Rating-root') as HTMLElement;
    expect(root.style.getPropertyValue('--rating-color')).toBe('var(--mantine-color-orange-8)');
    const stars = container.querySelectorAll('svg');
    expect(stars.length).toBeGreaterThanOrEqual(5);
    // Every star carries the theme's class (rating.module.css outlines the empty ones).
    const classes = [...stars].map((star) => star.getAttribute('class') ?? '');
    expect(classes.every((name) => /star/.test(name))).toBe(true);
  });
});
