import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { render } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import { EmailSettings } from './email-settings';

const settings = [
  { kind: 'offer_received', label: 'Offers on your listings', enabled: true },
  { kind: 'messages', label: 'Messages you have not read for 15 minutes', enabled: true },
];

beforeEach(() => {
  setSession('authenticated', makeUser());
  document.cookie = 'csrftoken=t';
});

describe('EmailSettings', () => {
  it('shows one switch per kind and saves a change', async () => {
    const server = fakeServer({
      'GET /api/user/notification-settings': () => json({ settings }),
      'PUT /api/user/notification-settings': () =>
        json({ settings: [settings[0], { ...settings[1], enabled: false }] }),
    });
    const user = userEvent.setup();
    render(<EmailSettings />);
    const messages = await screen.findByRole('switch', { name: 'Messages you have not read for 15 minutes' });
    expect(messages).toBeChecked();
    await user.click(messages);
    await waitFor(() => expect(messages).not.toBeChecked());
    const sent = server.requests.find((r) => r.method === 'PUT');
    expect(await sent?.json()).toEqual({ settings: { messages: false } });
  });

  it('keeps the switch usable while it saves, so the focus stays on it', async () => {
    let answer: (response: Response) => void = () => undefined;
    const server = fakeServer({
      'GET /api/user/notification-settings': () => json({ settings }),
      'PUT /api/user/notification-settings': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    render(<EmailSettings />);
    const messages = await screen.findByRole('switch', { name: 'Messages you have not read for 15 minutes' });
    messages.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    // A browser moves the focus off a disabled control, to the page.
    expect(messages).toBeEnabled();
    expect(messages).toHaveFocus();
    await user.keyboard(' ');
    expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
    answer(json({ settings: [settings[0], { ...settings[1], enabled: false }] }));
    await waitFor(() => expect(messages).not.toBeChecked());
    expect(messages).toHaveFocus();
  });

  it('offers to try again when the settings fail to load', async () => {
    fakeServer({ 'GET /api/user/notification-settings': () => json({ message: 'Boom' }, 500) });
    render(<EmailSettings />);
    expect(await screen.findByText('Failed to load your email settings')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
