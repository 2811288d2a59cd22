// Store logic against a hand-written fake of supabase-js's auth events; the backend itself is not involved here.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Profile } from '../../backend/profiles.ts';
import { fakeAuth, profileFor, sessionFor, setup } from './fakeSessionDeps.ts';
import { UsernameRefused } from './signUp.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('start', () => {
  test('a stored session sets the user and a placeholder at once, then the fetched profile', async () => {
    const fake = fakeAuth({ session: sessionFor('u1', 'satoshi@guap.test') });
    const { store } = setup(fake);
    store.getState().start();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().profile?.username).toBe('fetched');
    expect(store.getState().loading).toBe(false);
    expect(fake.calls).toEqual(['getSession']);
  });

  test('the placeholder comes from the email and is shown before the profile answers', async () => {
    let answer: (p: Profile | null) => void = () => undefined;
    const fake = fakeAuth({ session: sessionFor('u1', 'satoshi@guap.test') });
    const { store } = setup(fake, { loadProfile: () => new Promise((resolve) => (answer = resolve)) });
    store.getState().start();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().profile).toMatchObject({
      id: 'u1',
      username: 'satoshi',
      display_name: 'satoshi',
      role: 'user',
      reputation: 0,
      bio: null,
      avatar_url: null,
    });
    expect(store.getState()).toMatchObject({ profileIsPlaceholder: true, profileLoading: true });
    answer(profileFor('u1', 'satoshi_real'));
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().profile?.username).toBe('satoshi_real');
    expect(store.getState().profileIsPlaceholder).toBe(false);
  });

  test('no session but a stored token: a refresh is attempted and its session used', async () => {
    const fake = fakeAuth({ session: null, refreshed: sessionFor('u2', 'b@guap.test') });
    const { store, storage } = setup(fake);
    storage.set('sb-test-auth-token', '{"refresh_token":"r"}');
    store.getState().start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.calls).toEqual(['getSession', 'refreshSession']);
    expect(store.getState().user?.id).toBe('u2');
  });

  test('no session and no stored token: no refresh, signed out, loading done', async () => {
    const fake = fakeAuth();
    const { store } = setup(fake);
    store.getState().start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.calls).toEqual(['getSession']);
    expect(store.getState()).toMatchObject({ user: null, profile: null, loading: false });
  });

  test('the loading flag ends after the 5-second failsafe when the check never answers', async () => {
    const { store } = setup(fakeAuth({ hang: true }));
    store.getState().start();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(store.getState().loading).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.getState().loading).toBe(false);
  });

  test('offline, the profile this device kept is shown from the start, never the email placeholder', async () => {
    const fake = fakeAuth({ session: sessionFor('u1', 'member@guap.test') });
    const kept = { ...profileFor('u1', 'guapmember'), display_name: 'Guap Member' };
    const { store } = setup(fake, {
      keptProfile: async () => kept,
      loadProfile: async () => Promise.reject(new Error('Failed to fetch')),
    });
    const names: (string | null | undefined)[] = [];
    store.subscribe((state) => names.push(state.profile?.display_name));
    store.getState().start();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().profile).toEqual(kept);
    expect(store.getState()).toMatchObject({ profileIsPlaceholder: false, profileLoading: false });
    expect(names.filter((name) => name !== undefined && name !== 'Guap Member')).toEqual([]);
  });

  test('a stored session that supabase-js announces first (SIGNED_IN) still shows the kept profile once loaded', async () => {
    const session = sessionFor('u1', 'member@guap.test');
    const fake = fakeAuth({ session });
    const kept = { ...profileFor('u1', 'guapmember'), display_name: 'Guap Member' };
    const { store } = setup(fake, {
      keptProfile: async () => kept,
      loadProfile: async () => Promise.reject(new Error('Failed to fetch')),
    });
    const shown: (string | null | undefined)[] = [];
    store.subscribe((state) => state.loading || shown.push(state.profile?.display_name));
    store.getState().start();
    fake.emit('SIGNED_IN', session);
    expect(store.getState().profileIsPlaceholder).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState()).toMatchObject({ profile: kept, profileIsPlaceholder: false, loading: false });
    expect(shown.filter((name) => name !== 'Guap Member')).toEqual([]);
  });

  test('a failed or missing profile keeps the placeholder', async () => {
    for (const loadProfile of [async () => null, async () => Promise.reject(new Error('Profile fetch timed out'))]) {
      const { store } = setup(fakeAuth({ session: sessionFor('u3', 'carol@guap.test') }), { loadProfile });
      store.getState().start();
      await vi.advanceTimersByTimeAsync(0);
      expect(store.getState().profile?.username).toBe('carol');
      expect(store.getState()).toMatchObject({ profileIsPlaceholder: true, profileLoading: false });
    }
  });
});

describe('auth events', () => {
  test('a sign-in event fetches the profile and a sign-out event clears it', async () => {
    const fake = fakeAuth();
    const { store } = setup(fake);
    store.getState().start();
    await vi.advanceTimersByTimeAsync(0);
    fake.emit('SIGNED_IN', sessionFor('u4', 'dave@guap.test'));
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().profile?.username).toBe('fetched');
    fake.emit('SIGNED_OUT', null);
    expect(store.getState()).toMatchObject({ user: null, session: null, profile: null });
  });

  test('a profile answer for an earlier member is dropped', async () => {
    const answers: ((p: Profile) => void)[] = [];
    const fake = fakeAuth();
    const { store } = setup(fake, { loadProfile: () => new Promise((resolve) => answers.push(resolve)) });
    store.getState().start();
    fake.emit('SIGNED_IN', sessionFor('first', 'first@guap.test'));
    await vi.advanceTimersByTimeAsync(0);
    fake.emit('SIGNED_IN', sessionFor('second', 'second@guap.test'));
    await vi.advanceTimersByTimeAsync(0);
    answers[0]!(profileFor('first', 'first_real'));
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().profile?.username).toBe('second');
  });

  test('a password-recovery link sets the recovery step until it ends', async () => {
    const fake = fakeAuth();
    const { store } = setup(fake);
    store.getState().start();
    fake.emit('PASSWORD_RECOVERY', sessionFor('u5', 'eve@guap.test'));
    expect(store.getState().recovery).toBe(true);
    expect(store.getState().user?.id).toBe('u5');
    store.getState().endRecovery();
    expect(store.getState().recovery).toBe(false);
  });
});

describe('actions', () => {
  test('sign-in errors are logged and rethrown', async () => {
    const { store, log } = setup(fakeAuth());
    await expect(store.getState().signIn('a@b.co', 'wrong')).rejects.toMatchObject({
      message: 'Invalid login credentials',
    });
    expect(log.error).toHaveBeenCalled();
    await store.getState().signIn('a@b.co', 'right-password');
    expect(store.getState().user?.id).toBe('u-signed-in');
  });

  test('sign-up without a session asks for confirmation and creates no profile row', async () => {
    const { store, deps } = setup(fakeAuth());
    const result = await store.getState().signUp({
      email: 'new@guap.test',
      password: 'secret1',
      username: 'newbie',
      emailRedirectTo: 'http://x/auth',
    });
    expect(result).toEqual({ needsConfirmation: true });
    expect(deps.createProfile).not.toHaveBeenCalled();
    expect(store.getState().user).toBeNull();
  });

  test('a username the server would refuse is refused with its reason before any account is made', async () => {
    const fake = fakeAuth();
    const signUp = vi.spyOn(fake.auth, 'signUp');
    const { store } = setup(fake, { usernameProblem: async () => 'Username is already taken' });
    const attempt = store.getState().signUp({
      email: 'new@guap.test',
      password: 'secret1',
      username: 'guapadmin',
      emailRedirectTo: 'http://x/auth',
    });
    await expect(attempt).rejects.toBeInstanceOf(UsernameRefused);
    await expect(attempt).rejects.toThrow('Username is already taken');
    expect(signUp).not.toHaveBeenCalled();
  });

  test('sign-up with an immediate session inserts the profile row; a failure there is only logged', async () => {
    const createProfile = vi.fn(async () => Promise.reject(new Error('duplicate')));
    const { store, log } = setup(fakeAuth({ signUpSignsIn: true }), { createProfile });
    const result = await store.getState().signUp({
      email: 'new@guap.test',
      password: 'secret1',
      username: 'newbie',
      emailRedirectTo: 'http://x/auth',
    });
    expect(result).toEqual({ needsConfirmation: false });
    expect(createProfile).toHaveBeenCalledWith({ id: 'u-new', username: 'newbie', email: 'new@guap.test' });
    expect(log.error).toHaveBeenCalled();
    expect(store.getState().user?.id).toBe('u-new');
  });

  test('sign-out logs a backend error, removes the stored token and clears everything', async () => {
    const fake = fakeAuth({ session: sessionFor('u6', 'f@guap.test') });
    const { store, storage, log } = setup(fake);
    storage.set('sb-test-auth-token', 'x');
    store.getState().start();
    await vi.advanceTimersByTimeAsync(0);
    await store.getState().signOut();
    expect(fake.calls).toContain('signOut');
    expect(log.error).toHaveBeenCalled();
    expect(storage.has('sb-test-auth-token')).toBe(false);
    expect(store.getState()).toMatchObject({ user: null, session: null, profile: null });
  });

  test("profile update needs a user ('No user logged in') and replaces the held profile", async () => {
    const fake = fakeAuth({ session: sessionFor('u7', 'g@guap.test') });
    const { store } = setup(fake);
    await expect(store.getState().updateProfile({ bio: 'hi' })).rejects.toThrow('No user logged in');
    store.getState().start();
    await vi.advanceTimersByTimeAsync(0);
    const updated = await store.getState().updateProfile({ bio: 'gm' });
    expect(updated?.bio).toBe('gm');
    expect(store.getState().profile?.bio).toBe('gm');
  });
});
