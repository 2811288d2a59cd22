import {
  AuthApiError,
  AuthRetryableFetchError,
  AuthSessionMissingError,
  AuthWeakPasswordError,
  PostgrestError,
  StorageApiError,
} from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { AppError, backendError, kindOfStatus, NO_CONNECTION, noConnection, toAppError } from './errors.ts';
import { FAILURES, OFFLINE_UPLOAD, uploadFileFailure } from './failureTexts.ts';

/** What postgrest-js answers: its error, and the HTTP status beside it. */
const postgrest = (status: number, code: string, message: string) => ({
  error: new PostgrestError({ message, code, details: '', hint: '' }),
  status,
});

/** What postgrest-js answers when fetch itself threw (it catches that and answers status 0). */
const postgrestNoAnswer = () => ({
  error: { message: 'TypeError: Failed to fetch', details: 'TypeError: Failed to fetch', hint: '', code: '' },
  status: 0,
});

/** What storage-js returns when fetch threw: a StorageUnknownError wrapping the TypeError. */
const storageNoAnswer = () =>
  Object.assign(new Error('Failed to fetch'), {
    __isStorageError: true,
    name: 'StorageUnknownError',
    originalError: new TypeError('Failed to fetch'),
  });

describe('kindOfStatus', () => {
  it.each([
    [0, undefined, 'network'],
    [408, undefined, 'unavailable'],
    [429, undefined, 'unavailable'],
    [503, '57014', 'unavailable'],
    [403, '42501', 'refused'],
    [401, '42501', 'refused'],
    [401, 'PGRST301', 'signedOut'],
    [409, '23505', 'conflict'],
    [400, '22P02', 'invalid'],
    [400, '23514', 'invalid'],
    [404, 'PGRST205', 'refused'],
  ] as const)('status %i code %s is %s', (status, code, kind) => {
    expect(kindOfStatus(status, code)).toBe(kind);
  });
});

describe('toAppError: the spec texts (SPEC §8 "Toasts (errors)") from the errors that cause them', () => {
  it('a data-call error keeps its kind and code and takes the toast of the action that failed', () => {
    const { error, status } = postgrest(403, '42501', 'permission denied for table posts');
    const thrown = backendError('Failed to delete thread posts', error, status);
    expect(thrown.message).toBe('Failed to delete thread posts: permission denied for table posts');
    const shown = toAppError(thrown, FAILURES.deleteThread);
    expect(shown).toMatchObject({ kind: 'refused', code: '42501', status: 403, message: 'Failed to delete thread' });
    expect(shown.cause).toBe(thrown);
  });

  it.each([
    ['reply', 'Failed to post reply'],
    ['editPost', 'Failed to update post'],
    ['deletePost', 'Failed to delete post'],
  ] as const)('%s refused for want of a session says %s', (action, text) => {
    const signedOut = new AppError('signedOut', 'You must be signed in to do this.');
    expect(toAppError(signedOut, FAILURES[action])).toMatchObject({ kind: 'signedOut', message: text });
  });

  it('a thread refused by the server says the spec text, or the image text when the error is about images', () => {
    const plain = postgrest(403, '42501', 'new row violates row-level security policy for table "threads"');
    expect(toAppError(plain.error, FAILURES.createThread, plain.status).message).toBe(
      'Failed to create thread. Please try again.',
    );
    const images = postgrest(400, '23514', 'new row for relation "threads" violates check constraint "images_limit"');
    expect(toAppError(images.error, FAILURES.createThread, images.status)).toMatchObject({
      kind: 'invalid',
      message: 'Image upload is not configured. Please create thread without images.',
    });
  });

  it('sign-in: wrong credentials get the spec text, other refusals the server message', () => {
    const wrong = new AuthApiError('Invalid login credentials', 400, 'invalid_credentials');
    expect(toAppError(wrong, FAILURES.signIn)).toMatchObject({
      kind: 'refused',
      code: 'invalid_credentials',
      message: 'Failed to sign in. Please check your credentials.',
    });
    const unconfirmed = new AuthApiError('Email not confirmed', 400, 'email_not_confirmed');
    expect(toAppError(unconfirmed, FAILURES.signIn).message).toBe(
      'Please confirm your email first: open the link we sent you.',
    );
    const limited = new AuthApiError('Request rate limit reached', 429, 'over_request_rate_limit');
    expect(toAppError(limited, FAILURES.signIn)).toMatchObject({
      kind: 'unavailable',
      code: 'over_request_rate_limit',
      message: 'Too many sign-in attempts. Please wait a few minutes and try again.',
    });
  });

  it('sign-up says the spec text and keeps the server reason for the form', () => {
    const weak = new AuthWeakPasswordError('Password should be at least 6 characters.', 422, ['length']);
    expect(toAppError(weak, FAILURES.signUp)).toMatchObject({
      kind: 'invalid',
      message: 'Failed to create account',
      detail: 'Password should be at least 6 characters.',
    });
  });

  it('sign-out shows the error message, or the spec text when it has none of its own', () => {
    const missing = new AuthSessionMissingError();
    expect(toAppError(missing, FAILURES.signOut)).toMatchObject({
      kind: 'signedOut',
      message: 'Auth session missing!',
    });
    expect(toAppError(new RangeError('Maximum call stack size exceeded'), FAILURES.signOut).message).toBe(
      'Failed to sign out',
    );
  });

  it('a reset failure shows the server message', () => {
    const refused = new AuthApiError(
      'For security purposes, you can only request this after 60 seconds.',
      429,
      'over_email_send_rate_limit',
    );
    expect(toAppError(refused, FAILURES.resetPassword).message).toBe(
      'For security purposes, you can only request this after 60 seconds.',
    );
  });
});

describe('toAppError: editor upload errors (SPEC §8)', () => {
  const texts = uploadFileFailure('a.png');

  it.each([
    [
      new StorageApiError('new row violates row-level security policy', 400, '403'),
      'Permission denied. Please check storage policies.',
    ],
    [new StorageApiError('Bucket not found', 404, '404'), 'Storage bucket not found. Please contact support.'],
    [
      new StorageApiError('The resource already exists', 409, 'Duplicate'),
      'Failed to upload a.png: The resource already exists',
    ],
    [new AppError('unavailable', 'Upload timed out', { code: 'timeout' }), 'Upload timed out for a.png'],
  ])('%s gives %s', (error, text) => {
    expect(toAppError(error, texts).message).toBe(text);
  });

  it('an unexpected failure of the whole upload quotes its message, or says Unknown error', () => {
    const bug = toAppError(new TypeError("Cannot read properties of undefined (reading 'from')"), FAILURES.upload);
    expect(bug).toMatchObject({
      kind: 'bug',
      message: "Failed to upload files: Cannot read properties of undefined (reading 'from')",
    });
    expect(toAppError(new Error(''), FAILURES.upload).message).toBe('Failed to upload files: Unknown error');
  });

  it('no answer from storage is the network, shown as the upload connection text', () => {
    expect(toAppError(storageNoAnswer(), texts)).toMatchObject({ kind: 'network', message: OFFLINE_UPLOAD });
  });
});

describe('toAppError: network and bugs', () => {
  it.each([
    ['a fetch TypeError (Chromium)', new TypeError('Failed to fetch')],
    ['a fetch TypeError (Node)', new TypeError('fetch failed')],
    ['a fetch TypeError (Safari)', new TypeError('Load failed')],
    ['postgrest-js with no answer', postgrestNoAnswer().error],
    ['auth-js with no answer', new AuthRetryableFetchError('Failed to fetch', 0)],
    ['a code chunk that did not load', new TypeError('Failed to fetch dynamically imported module: /assets/x.js')],
  ])('%s is the network, with the connection text and no server detail', (_what, error) => {
    const failure = toAppError(error, FAILURES.reply);
    expect(failure).toMatchObject({ kind: 'network', message: NO_CONNECTION, detail: undefined });
  });

  it('a data-call error with status 0 is the network, with the action connection text', () => {
    const { error, status } = postgrestNoAnswer();
    const thrown = backendError('Failed to delete thread', error, status);
    expect(toAppError(thrown, FAILURES.deleteThread)).toMatchObject({
      kind: 'network',
      message: 'Deleting a thread needs a connection. Try again when you are back online.',
    });
    expect(toAppError(noConnection(), FAILURES.upload).message).toBe(OFFLINE_UPLOAD);
  });

  it.each([
    ['a TypeError from our code', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a database error on the device', Object.assign(new Error('QuotaExceededError'), { name: 'QuotaExceededError' })],
    ['a thrown string', 'nope'],
    ['a thrown nothing', undefined],
  ])('%s is a bug: the generic text, never the connection text', (_what, error) => {
    const failure = toAppError(error, FAILURES.createThread);
    expect(failure).toMatchObject({ kind: 'bug', message: 'Failed to create thread. Please try again.' });
    expect(failure.cause).toBe(error);
  });

  it('a bug that mentions images is still a bug, not the image text', () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'images')");
    expect(toAppError(bug, FAILURES.createThread).message).toBe('Failed to create thread. Please try again.');
  });
});
