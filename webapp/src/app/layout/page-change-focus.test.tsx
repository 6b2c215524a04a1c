import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, Navigate, Outlet, useSearchParams } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { usePageMeta } from '@/lib/page-meta';
import { renderRoutes } from '@/test-utils/render';
import { PageChangeFocus } from './page-change-focus';

/** The layout's parts that matter here: a header's links outside `main`, then the page. */
function Shell() {
  const main = useRef<HTMLElement>(null);
  return (
    <>
      <a href="#main">Skip to content</a>
      <PageChangeFocus main={main} />
      <nav aria-label="Main">
        <Link to="/">Home</Link>
        <Link to="/marketplace">Shop</Link>
        <Link to="/product/1">Denim jacket</Link>
        <Link to="/listing/1">Slow jacket</Link>
        <Link to="/auth">Log in</Link>
        <Link to="/messages">Messages</Link>
        <Link to="/settings#email">Email settings</Link>
      </nav>
      <main ref={main} tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

function Page({ title, children }: { title: string; children?: ReactNode }) {
  usePageMeta({ title });
  return (
    <>
      <h1>{title}</h1>
      {children}
    </>
  );
}

/** The shop: its filter is the query string. */
function Marketplace() {
  const [params, setParams] = useSearchParams();
  usePageMeta({ title: 'Shop' });
  return (
    <>
      <h1>Rethread Marketplace</h1>
      <input
        aria-label="Brand"
        value={params.get('brand') ?? ''}
        onChange={(e) => setParams({ brand: e.target.value })}
      />
    </>
  );
}

/** A page named by its data: no heading, and the kind of page as its title, until it arrives. */
function Product({ delay = 80 }: { delay?: number }) {
  const [title, setTitle] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setTitle('Denim jacket'), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  usePageMeta(title ? { title } : { title: 'Product', pending: true });
  return title ? <h1>{title}</h1> : <p>Loading…</p>;
}

/** A conversation list that stays while the conversation beside it changes. */
function Messages() {
  usePageMeta({ title: 'Messages' });
  return (
    <>
      <h1>Messages</h1>
      <Link to="/messages/2">Maya</Link>
      <Link to="/messages/3">Theo</Link>
    </>
  );
}

const routes = [
  {
    element: <Shell />,
    children: [
      { path: '/', element: <Page title="Home" /> },
      { path: '/marketplace', element: <Marketplace /> },
      { path: '/product/:id', element: <Product /> },
      { path: '/listing/:id', element: <Product delay={400} /> },
      {
        path: '/auth',
        element: (
          <Page title="Log in">
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the page takes the focus itself */}
            <input aria-label="Username" autoFocus />
          </Page>
        ),
      },
      { path: '/messages/:id?', element: <Messages /> },
      { path: '/settings', element: <Page title="Settings" /> },
      { path: '/account', element: <Navigate to="/settings" replace /> },
    ],
  },
];

const announced = () => screen.getByRole('status');

describe('PageChangeFocus', () => {
  it('leaves the first load alone', async () => {
    renderRoutes(routes, '/');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(document.activeElement).toBe(document.body);
    expect(announced()).toHaveTextContent('');
  });

  it('counts a redirect before the visitor did anything as the first load', async () => {
    const { router } = renderRoutes(routes, '/account');
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    expect(router.state.location.pathname).toBe('/settings');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(document.activeElement).toBe(document.body);
    expect(announced()).toHaveTextContent('');
  });

  it('moves the focus to the new page’s h1 and says its title', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/');
    await user.click(screen.getByRole('link', { name: 'Shop' }));
    const heading = screen.getByRole('heading', { level: 1, name: 'Rethread Marketplace' });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('tabindex', '-1');
    await waitFor(() => expect(announced()).toHaveTextContent('Shop · Rethread'));
    // The next Tab goes on into the page, not back to "Skip to content".
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Brand' })).toHaveFocus();
  });

  it('keeps the focus in a filter that changes only the query', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/');
    await user.click(screen.getByRole('link', { name: 'Shop' }));
    await waitFor(() => expect(announced()).toHaveTextContent('Shop · Rethread'));
    const brand = screen.getByRole('textbox', { name: 'Brand' });
    await user.click(brand);
    await user.keyboard('Levi');
    expect(router.state.location.search).toBe('?brand=Levi');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(brand).toHaveFocus();
  });

  it('holds `main` while the page loads, then its h1, and says the title it gets', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/');
    await user.click(screen.getByRole('link', { name: 'Denim jacket' }));
    expect(screen.getByRole('main')).toHaveFocus();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Denim jacket' });
    await waitFor(() => expect(heading).toHaveFocus());
    await waitFor(() => expect(announced()).toHaveTextContent('Denim jacket · Rethread'));
  });

  it('shows the kind of page in the tab while it loads, and says only the title it gets', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/');
    await user.click(screen.getByRole('link', { name: 'Slow jacket' }));
    expect(document.title).toBe('Product · Rethread');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(announced()).toHaveTextContent('');
    await screen.findByRole('heading', { level: 1, name: 'Denim jacket' });
    await waitFor(() => expect(announced()).toHaveTextContent('Denim jacket · Rethread'));
  });

  it('leaves the focus where the person put it while the page loaded', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/');
    await user.click(screen.getByRole('link', { name: 'Denim jacket' }));
    const elsewhere = screen.getByRole('link', { name: 'Messages' });
    act(() => elsewhere.focus());
    await screen.findByRole('heading', { level: 1, name: 'Denim jacket' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(elsewhere).toHaveFocus();
  });

  it('lets a page that takes the focus itself keep it', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/');
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    await waitFor(() => expect(announced()).toHaveTextContent('Log in · Rethread'));
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveFocus();
  });

  it('keeps the focus on a control that stays in the page, and still says the title', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/');
    await user.click(screen.getByRole('link', { name: 'Messages' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toHaveFocus());
    const maya = screen.getByRole('link', { name: 'Maya' });
    await user.click(maya);
    expect(router.state.location.pathname).toBe('/messages/2');
    expect(announced()).toHaveTextContent('');
    await waitFor(() => expect(announced()).toHaveTextContent('Messages · Rethread'));
    expect(maya).toHaveFocus();
  });

  it('leaves a link to a part of a page to the part', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/');
    const link = screen.getByRole('link', { name: 'Email settings' });
    await user.click(link);
    await waitFor(() => expect(announced()).toHaveTextContent('Settings · Rethread'));
    expect(link).toHaveFocus();
  });
});
