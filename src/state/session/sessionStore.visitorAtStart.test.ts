// The store of an app hydrating the server's page: its first state is a visitor's, which the hydrating render reads,
// and a member's stored session follows in the state after.
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fakeAuth, sessionFor, setup } from './fakeSessionDeps.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

test("a member's store starts as a visitor's for the hydrating render, then checks the stored session", async () => {
  const fake = fakeAuth({ session: sessionFor('u1', 'satoshi@guap.test') });
  const { store } = setup(fake, {
    visitorAtStart: true,
    storage: { getItem: (key) => (key === 'sb-test-auth-token' ? '{"stored":true}' : null), removeItem: vi.fn() },
  });
  expect(store.getInitialState()).toMatchObject({ loading: false, user: null });
  expect(store.getState()).toMatchObject({ loading: true, user: null });
  store.getState().start();
  await vi.advanceTimersByTimeAsync(0);
  expect(store.getState()).toMatchObject({ loading: false, user: { id: 'u1' } });
  expect(store.getInitialState().user).toBeNull();
});

test("a visitor's store starts and stays a visitor's, never loading", async () => {
  const { store } = setup(fakeAuth(), { visitorAtStart: true });
  expect(store.getState()).toBe(store.getInitialState());
  expect(store.getState()).toMatchObject({ loading: false, user: null });
  store.getState().start();
  await vi.advanceTimersByTimeAsync(0);
  expect(store.getState()).toMatchObject({ loading: false, user: null });
});

test('without the server page to hydrate, a store starts loading', () => {
  const { store } = setup(fakeAuth());
  expect(store.getInitialState().loading).toBe(true);
});
