import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import ForgotPasswordPage from './forgot-password-page';

const routes = [{ path: '/forgot-password', element: <ForgotPasswordPage /> }];
const SENT = 'If an account uses that email, we have sent it a link to reset the password.';

afterEach(() => vi.unstubAllGlobals());

describe('ForgotPasswordPage', () => {
  it('hands the focus to the answer that replaces the form and its button', async () => {
    document.cookie = 'csrftoken=t';
    fakeServer({ 'POST /api/password-reset': () => json({ message: SENT }) });
    setSession('anonymous');
    const user = userEvent.setup();
    renderRoutes(routes, '/forgot-password');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    const answer = await screen.findByRole('status');
    expect(answer).toHaveTextContent('Check your email');
    expect(answer).toHaveTextContent(SENT);
    await waitFor(() => expect(answer).toHaveFocus());
  });
});
