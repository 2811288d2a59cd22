import { describe, expect, test } from 'vitest';
import { DISPLAY_NAME_TOO_LONG } from './displayNameRules.ts';
import {
  displayNameSchema,
  fieldErrors,
  newPasswordSchema,
  resetEmailSchema,
  signInSchema,
  signUpSchema,
} from './validation.ts';

describe('sign in', () => {
  test('accepts a valid email and a 6-character password', () => {
    expect(signInSchema.safeParse({ email: 'a@b.co', password: '123456' }).success).toBe(true);
  });

  test("gives the spec's messages for a bad email and a short password", () => {
    const result = signInSchema.safeParse({ email: 'nope', password: '12345' });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({
      email: 'Invalid email address',
      password: 'Password must be at least 6 characters',
    });
  });
});

describe('sign up', () => {
  const valid = { username: 'satoshi', email: 's@guap.test', password: 'secret1', confirmPassword: 'secret1' };

  test('accepts matching passwords and a 3-letter username', () => {
    expect(signUpSchema.safeParse({ ...valid, username: 'abc' }).success).toBe(true);
  });

  test("refuses a short username and mismatched passwords with the spec's messages", () => {
    const result = signUpSchema.safeParse({ ...valid, username: 'ab', confirmPassword: 'other1' });
    expect(fieldErrors(result.error!)).toEqual({
      username: 'Username must be at least 3 characters',
      confirmPassword: "Passwords don't match",
    });
  });

  test('refuses, with the reason, a username the server would have changed: over 40 characters or with a space', () => {
    const long = signUpSchema.safeParse({ ...valid, username: 'a'.repeat(41) });
    expect(fieldErrors(long.error!).username).toBe('Username must be at most 40 characters');
    const spaced = signUpSchema.safeParse({ ...valid, username: 'guap admin' });
    expect(fieldErrors(spaced.error!).username).toBe('Username cannot contain spaces');
    expect(signUpSchema.safeParse({ ...valid, username: ` ${'a'.repeat(40)} ` }).success).toBe(true);
  });

  test('a username of spaces does not count as 3 characters', () => {
    const result = signUpSchema.safeParse({ ...valid, username: '   ' });
    expect(fieldErrors(result.error!).username).toBe('Username must be at least 3 characters');
  });
});

describe('reset email and new password', () => {
  test('the reset email is required and must be an email', () => {
    expect(fieldErrors(resetEmailSchema.safeParse({ email: '' }).error!).email).toBe('Email is required');
    expect(fieldErrors(resetEmailSchema.safeParse({ email: 'x' }).error!).email).toBe('Invalid email address');
    expect(resetEmailSchema.safeParse({ email: ' a@b.co ' }).data).toEqual({ email: 'a@b.co' });
  });

  test('the new password follows the sign-up rules', () => {
    expect(fieldErrors(newPasswordSchema.safeParse({ password: '123', confirmPassword: '123' }).error!)).toEqual({
      password: 'Password must be at least 6 characters',
    });
    expect(newPasswordSchema.safeParse({ password: 'abcdef', confirmPassword: 'abcdef' }).success).toBe(true);
  });
});

describe('display name', () => {
  const problem = (name: string) => {
    const result = displayNameSchema.safeParse(name);
    return result.success ? null : result.error.issues[0]?.message;
  };

  test('takes up to 50 characters as the database counts them, trimmed, in any script', () => {
    expect(problem('x'.repeat(50))).toBeNull();
    expect(problem(`  ${'x'.repeat(50)}  `)).toBeNull();
    expect(problem(`${'a'.repeat(48)}👍🏽`)).toBeNull();
    expect(problem('Ада Лавлейс مريم 李')).toBeNull();
    expect(problem('')).toBeNull();
  });

  test("refuses a longer name and text-direction controls with the database's words", () => {
    expect(problem('x'.repeat(51))).toBe(DISPLAY_NAME_TOO_LONG);
    expect(DISPLAY_NAME_TOO_LONG).toBe('Display name must be at most 50 characters');
    for (const control of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(problem(`${control}nimda`)).toBe('Display name cannot contain text-direction control characters');
    }
    expect(problem('\u200Fsafe mark')).toBeNull();
  });
});
