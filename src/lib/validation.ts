// The form rules of SPEC §5 as zod schemas, shared by the forms and their tests so the messages cannot drift.
import { z } from 'zod';
import {
  DIRECTION_CONTROLS,
  DISPLAY_NAME_DIRECTION,
  DISPLAY_NAME_MAX,
  DISPLAY_NAME_TOO_LONG,
} from './displayNameRules.ts';

const PASSWORD_MIN = 6;
const USERNAME_MIN = 3;
/** The server keeps a chosen name exactly, or refuses it (20261128000600_new_user_defects.sql): same rules here. */
const USERNAME_MAX = 40;

const email = z.string().trim().email('Invalid email address');
const password = z.string().min(PASSWORD_MIN, 'Password must be at least 6 characters');

export const signInSchema = z.object({ email, password });

const username = z
  .string()
  .trim()
  .min(USERNAME_MIN, 'Username must be at least 3 characters')
  .max(USERNAME_MAX, 'Username must be at most 40 characters')
  .regex(/^\S*$/, 'Username cannot contain spaces');

export const signUpSchema = z
  .object({
    username,
    email,
    password,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });

/** The username a new wallet account picks on its first sign-in: the sign-up form's rules. */
export const usernameSchema = z.object({ username });

export const resetEmailSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').email('Invalid email address'),
});

/** The "choose a new password" step after a reset link: same rules as sign-up. */
export const newPasswordSchema = z
  .object({ password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });

/** A display name as the form takes it: trimmed (as it is saved), at most 50 characters, no direction controls. */
export const displayNameSchema = z
  .string()
  .trim()
  // Characters as the database counts them (char_length): code points, not UTF-16 units.
  .refine((name) => [...name].length <= DISPLAY_NAME_MAX, DISPLAY_NAME_TOO_LONG)
  .refine((name) => !DIRECTION_CONTROLS.test(name), DISPLAY_NAME_DIRECTION);

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

/** The first message per field, the shape a form shows under its inputs. */
export function fieldErrors<T>(error: z.ZodError<T>): FieldErrors<T> {
  const out: FieldErrors<T> = {};
  for (const issue of error.issues) {
    const key = issue.path[0] as keyof T | undefined;
    if (key !== undefined && out[key] === undefined) out[key] = issue.message;
  }
  return out;
}
