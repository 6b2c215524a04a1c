import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import SettingsPage from './settings-page';

beforeEach(() => {
  document.cookie = 'csrftoken=t';
  setSession('authenticated', makeUser({ id: 3, username: 'maya' }));
  fakeServer({
    'GET /api/users/3/bundle-discounts': () => json({ tiers: [] }),
    'GET /api/blocks': () => json([]),
  });
});

describe('SettingsPage', () => {
  it('draws every section heading the same size, whichever part of the app the section comes from', async () => {
    renderRoutes([{ path: '/settings', element: <SettingsPage /> }], '/settings');
    await screen.findByRole('heading', { name: 'Vacation mode', level: 2 });
    const headings = screen.getAllByRole('heading', { level: 2 });
    const names = headings.map((heading) => heading.textContent);
    expect(names).toEqual(
      expect.arrayContaining(['Profile', 'Bundle discounts', 'Blocked members', 'Vacation mode', 'Email']),
    );
    const sizes = new Set(headings.map((heading) => heading.style.getPropertyValue('--title-fz')));
    expect([...sizes]).toEqual(['var(--mantine-h3-font-size)']);
  });
});
