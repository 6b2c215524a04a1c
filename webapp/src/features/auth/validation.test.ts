import { describe, expect, it } from 'vitest';
import { messageCases } from '@/test-utils/form-messages';
import {
  hasErrors,
  missingPasswordError,
  passwordsMatchError,
  validateLogin,
  validateRegister,
  type LoginValues,
  type RegisterValues,
} from './validation';

const valid = {
  username: 'ann',
  displayName: 'Ann',
  email: 'ann@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
};

describe('auth validation', () => {
  it('uses the spec messages for login', () => {
    expect(validateLogin({ username: 'an', password: '12345' })).toEqual({
      username: 'Username or email must be at least 3 characters',
      password: 'Password must be at least 6 characters',
    });
    expect(hasErrors(validateLogin({ username: 'ann', password: '123456' }))).toBe(false);
  });

  it('uses the spec messages for registration', () => {
    expect(
      validateRegister({
        username: 'a',
        displayName: 'A',
        email: 'nope',
        password: '1',
        confirmPassword: '1',
      }),
    ).toEqual({
      username: 'Username must be at least 3 characters',
      displayName: 'Display name must be at least 2 characters',
      email: 'Please enter a valid email',
      password: 'Password must be at least 6 characters',
      confirmPassword: 'Password must be at least 6 characters',
    });
    expect(validateRegister({ ...valid, confirmPassword: 'secret2' }).confirmPassword).toBe(
      'Passwords do not match',
    );
    // A short confirmation that differs is told that it differs, not that it is short.
    expect(validateRegister({ ...valid, password: 'secret1', confirmPassword: '123' }).confirmPassword).toBe(
      'Passwords do not match',
    );
    expect(hasErrors(validateRegister(valid))).toBe(false);
  });

  it('asks a new password (reset, change) to be typed the same twice', () => {
    expect(passwordsMatchError('secret2', 'secret1')).toBe('Passwords do not match');
    expect(passwordsMatchError('', 'secret1')).toBe('Please confirm your password');
    expect(passwordsMatchError('secret1', 'secret1')).toBeUndefined();
  });

  it('says a blank field is required, never "at least N characters"', () => {
    expect(validateLogin({ username: ' ', password: '' })).toEqual({
      username: 'Username or email is required',
      password: 'Password is required',
    });
    expect(
      validateRegister({ username: '', displayName: '', email: '', password: '', confirmPassword: '' }),
    ).toEqual({
      username: 'Username is required',
      displayName: 'Display name is required',
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    });
  });

  it.each(messageCases<LoginValues>('login'))(
    'words login %s as the server does (form-messages.json)',
    (_name, { values, field, message }) => {
      expect(validateLogin(values)[field as keyof LoginValues]).toBe(message);
    },
  );

  it.each(messageCases<RegisterValues>('register'))(
    'words sign-up %s as the server does (form-messages.json)',
    (_name, { values, field, message }) => {
      expect(validateRegister(values)[field as keyof RegisterValues]).toBe(message);
    },
  );

  it('asks for the password again before an account change', () => {
    expect(missingPasswordError('')).toBe('Enter your password');
    expect(missingPasswordError('x')).toBeUndefined();
  });
});
