import { describe, expect, it } from 'vitest';
import {
  canSubmitSignIn,
  messageOf,
  passwordStrength,
  safeNext,
  signInEmailHint,
  validateForgotPassword,
  validateRegister,
  validateReset,
  validateSignIn,
} from './validation.ts';

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  companyName: 'Engines',
  email: 'ada@example.com',
  password: 'Secret-Passphrase-1',
  confirmPassword: 'Secret-Passphrase-1',
  acceptTerms: true,
  subscribeNewsletter: false,
};

describe('sign-in', () => {
  it('has the container messages the blocked button never lets a user reach', () => {
    expect(validateSignIn({ email: '', password: '', rememberMe: false })).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(validateSignIn({ email: 'ada@', password: 'x', rememberMe: false })).toEqual({ email: 'Please enter a valid email' });
    expect(validateSignIn({ email: 'ada@example.com', password: 'x', rememberMe: false })).toEqual({});
    // Typed with a full-width keyboard layout: the address the server reads is ada@example.com.
    expect(validateSignIn({ email: 'ａｄａ＠ｅｘａｍｐｌｅ．ｃｏｍ', password: 'x', rememberMe: false })).toEqual({});
  });
  it('blocks submission while the email is invalid, a field is empty or a request runs', () => {
    expect(canSubmitSignIn({ email: 'ada@example.com', password: 'x', rememberMe: false }, false)).toBe(true);
    expect(canSubmitSignIn({ email: 'ada@example', password: 'x', rememberMe: false }, false)).toBe(false);
    expect(canSubmitSignIn({ email: 'ada@example.com', password: '', rememberMe: false }, false)).toBe(false);
    expect(canSubmitSignIn({ email: 'ada@example.com', password: 'x', rememberMe: false }, true)).toBe(false);
  });
  it('shows the inline email hint only for a non-empty invalid address', () => {
    expect(signInEmailHint('')).toBeNull();
    expect(signInEmailHint('nope')).toBe('Please enter a valid email address');
    expect(signInEmailHint('a@b.co')).toBeNull();
  });
});

describe('register', () => {
  it('accepts a complete form', () => expect(validateRegister(valid)).toEqual({}));
  it('reports every empty field at once', () => {
    const empty = { firstName: '', lastName: '', companyName: '', email: '', password: '', confirmPassword: '', acceptTerms: false, subscribeNewsletter: false };
    expect(Object.keys(validateRegister(empty)).sort()).toEqual(['acceptTerms', 'companyName', 'confirmPassword', 'email', 'firstName', 'lastName', 'password']);
  });
  it.each([
    [{ firstName: ' ' }, 'firstName', 'First name is required'],
    [{ lastName: '' }, 'lastName', 'Last name is required'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'ada.example.com' }, 'email', 'Please enter a valid email'],
    [{ companyName: '' }, 'companyName', 'Company name is required'],
    [{ password: '', confirmPassword: '' }, 'password', 'Password is required'],
    [{ password: 'Ab1!', confirmPassword: 'Ab1!' }, 'password', 'Password must be at least 8 characters'],
    [{ confirmPassword: '' }, 'confirmPassword', 'Please confirm your password'],
    [{ confirmPassword: 'Secret-Passphrase-2' }, 'confirmPassword', 'Passwords do not match'],
    // Behind the disabled button: only reachable here.
    [{ acceptTerms: false }, 'acceptTerms', 'You must agree to the terms'],
  ])('%j -> %s: %s', (change, field, message) => {
    const errors = validateRegister({ ...valid, ...change });
    expect(errors[field as keyof typeof errors]).toBe(message);
  });
});

describe('forgot and reset password', () => {
  it('has the spec messages', () => {
    expect(validateForgotPassword('')).toBe('Email is required');
    expect(validateForgotPassword('nope')).toBe('Please enter a valid email address');
    expect(validateForgotPassword('ada@example.com')).toBeNull();
    expect(validateReset({ password: 'short', confirmPassword: 'short' })).toEqual({ password: 'Password must be at least 8 characters' });
    expect(validateReset({ password: 'long-enough-1', confirmPassword: 'other' })).toEqual({ confirmPassword: 'Passwords do not match' });
  });
});

describe('password strength', () => {
  it.each([
    ['', 0, 'Very Weak'],
    ['abcdefgh', 1, 'Weak'],
    ['abcdefgH', 2, 'Fair'],
    ['abcdefH1', 3, 'Good'],
    ['abcdeH1!', 4, 'Strong'],
    ['aB1!', 3, 'Good'],
  ])('%s scores %i (%s)', (password, score, label) => {
    expect(passwordStrength(password)).toEqual({ score, label });
  });
});

describe('errors and redirects', () => {
  it('uses the server message, else the fallback, and names a network failure', () => {
    expect(messageOf({ success: false, error: 'Invalid email or password' }, 'fallback')).toBe('Invalid email or password');
    expect(messageOf({ success: false }, 'fallback')).toBe('fallback');
    expect(messageOf(new Error('Network Error'), 'fallback')).toBe('Unable to connect to the server. Please try again.');
  });
  it('only returns to local paths', () => {
    expect(safeNext('/auth/payment')).toBe('/auth/payment');
    expect(safeNext('//evil.example')).toBeNull();
    expect(safeNext('https://evil.example')).toBeNull();
    expect(safeNext(null)).toBeNull();
  });
});
