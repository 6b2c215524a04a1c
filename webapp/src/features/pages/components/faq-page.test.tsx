import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test-utils/render';
import StaticPage from './static-page';

const routes = [
  { path: '/faq', element: <StaticPage page="faq" /> },
  { path: '/contact', element: <p>Contact page</p> },
];

describe('FAQ page', () => {
  it('has a tile per category that jumps to its section', () => {
    renderRoutes(routes, '/faq');
    const nav = screen.getByRole('navigation', { name: 'FAQ categories' });
    const tiles = Array.from(nav.querySelectorAll('a'));
    expect(tiles).toHaveLength(7);
    for (const tile of tiles) {
      const id = tile.getAttribute('href')!.slice(1);
      expect(document.getElementById(id)).not.toBeNull();
    }
  });

  it('keeps one question open at a time, across categories', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/faq');
    const first = screen.getByRole('button', { name: 'What is Rethread?' });
    const second = screen.getByRole('button', { name: 'How much is shipping?' });
    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');
  });

  it('filters questions as you search and says when nothing matches', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/faq');
    const search = screen.getByRole('textbox', { name: 'Search questions' });
    await user.type(search, 'return shipping');
    expect(screen.getByRole('button', { name: 'Who pays for return shipping?' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'What is Rethread?' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'FAQ categories' })).toBeNull();
    await user.clear(search);
    await user.type(search, 'unicorn');
    expect(screen.getByText('No questions match "unicorn"')).toBeInTheDocument();
    expect(screen.queryAllByRole('button', { expanded: false })).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('No questions match "unicorn"')).toBeInTheDocument();
  });

  it('links Contact Support to /contact', () => {
    renderRoutes(routes, '/faq');
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');
  });
});
