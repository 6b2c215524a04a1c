import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '@/test-utils/session';
import { render, renderRoutes } from '@/test-utils/render';
import AuthPage from './auth-page';
import { PasswordField } from './password-input';

describe('PasswordField', () => {
  it('tells assistive technology the field is invalid, and why', () => {
    render(<PasswordField label="Password" error="Password must be at least 6 characters" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ');
    const texts = described.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toContain('Password must be at least 6 characters');
  });

  it('is valid, and described by its description only, without an error', () => {
    render(<PasswordField label="Password" description="At least 6 characters" />);
    const input = screen.getByLabelText('Password');
    expect(input).not.toHaveAttribute('aria-invalid');
    const described = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toBe('At least 6 characters');
  });

  it('marks the sign-up passwords invalid when the form refuses them', async () => {
    setSession('anonymous');
    renderRoutes([{ path: '/auth', element: <AuthPage /> }], '/auth?tab=signup');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.type(screen.getByLabelText('Confirm password'), 'abd');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/at least 6 characters/i);
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
  });
});
