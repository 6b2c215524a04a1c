import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import StaticPage from './static-page';

const routes = [{ path: '/contact', element: <StaticPage page="contact" /> }];

beforeEach(() => {
  setSession('anonymous');
  document.cookie = 'csrftoken=t';
});

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await user.type(screen.getByLabelText(new RegExp(`^${label}`)), value);
  }
}

describe('Contact page', () => {
  it('checks every field before sending', async () => {
    const server = fakeServer({});
    const user = userEvent.setup();
    renderRoutes(routes, '/contact');
    await fill(user, { Name: 'S', Email: 'nope', Subject: 'Hi', Message: 'short' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email')).toBeInTheDocument();
    expect(screen.getByText('Subject must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Message must be at least 10 characters')).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });

  it('sends the message and confirms', async () => {
    setSession('authenticated', makeUser());
    const server = fakeServer({ 'POST /api/contact': () => json({ id: 1 }, 201) });
    const user = userEvent.setup();
    renderRoutes(routes, '/contact');
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Ann Lee');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ann@example.com');
    await fill(user, { Subject: 'Order question', Message: 'Where is my parcel, please?' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Thanks, your message is on its way')).toBeInTheDocument();
    expect(await server.requests[0].json()).toEqual({
      name: 'Ann Lee',
      email: 'ann@example.com',
      subject: 'Order question',
      message: 'Where is my parcel, please?',
    });
  });

  it('shows the server message when sending fails', async () => {
    fakeServer({
      'POST /api/contact': () => json({ message: 'You have sent several messages recently.' }, 429),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/contact');
    await fill(user, {
      Name: 'Sofia',
      Email: 'sofia@example.com',
      Subject: 'Order question',
      Message: 'Where is my parcel, please?',
    });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
    expect(screen.getByText('You have sent several messages recently.')).toBeInTheDocument();
  });
});
