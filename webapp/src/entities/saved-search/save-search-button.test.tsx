import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { render } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import { SaveSearchButton } from './save-search-button';
import type { SavedSearch } from './saved-search';

const saved: SavedSearch = {
  id: 4,
  name: 'levis jacket',
  newCount: 0,
  createdAt: '2026-11-27T10:00:00Z',
  openedAt: '2026-11-27T10:00:00Z',
  query: {
    q: 'levis jacket',
    brand: [],
    category: [],
    size: [],
    condition: [],
    minPrice: null,
    maxPrice: null,
  },
};

function show(q: string) {
  return (
    <MemoryRouter>
      <SaveSearchButton query={{ q }} />
    </MemoryRouter>
  );
}

beforeEach(() => {
  document.cookie = 'csrftoken=t';
  setSession('authenticated', makeUser());
});

describe('SaveSearchButton', () => {
  it('confirms a new saved search (201) with "Search saved" and no offer to save it again', async () => {
    fakeServer({ 'POST /api/saved-searches': () => json(saved, 201) });
    render(show('levis jacket'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save this search' }));
    expect(await screen.findByText('Search saved')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Saved' });
    expect(link).toHaveAttribute('href', '/saved-searches?open=4');
    await waitFor(() => expect(link).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Save this search' })).not.toBeInTheDocument();
  });

  it('says "Already saved", linking to that saved search, when the server answers 200 with it', async () => {
    const server = fakeServer({ 'POST /api/saved-searches': () => json(saved, 200) });
    const { rerender } = render(show('levis jacket'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save this search' }));
    const link = await screen.findByRole('link', { name: 'Already saved' });
    expect(link).toHaveAttribute('href', '/saved-searches?open=4');
    await waitFor(() => expect(link).toHaveFocus());
    // Nothing says a second copy was saved, and there is no button to save one.
    expect(screen.queryByText('Search saved')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save this search' })).not.toBeInTheDocument();
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    // Another search can be saved again.
    rerender(show('levis jacket, size M'));
    expect(screen.getByRole('button', { name: 'Save this search' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Already saved' })).not.toBeInTheDocument();
  });
});
