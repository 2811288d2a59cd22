// The publishable and secret keys: their shape and stability, the roles they stand for, and the gateway's refusals.
import { describe, expect, it } from 'vitest';
import { apiKeyRefusal, checkApiKeySettings, makeApiKeys } from '../../supabase/local/apiKeys.ts';
import { makeKeys, verifyJwt } from '../../supabase/local/jwt.ts';

const SECRET = 'unit-tests-only-jwt-secret-of-at-least-32-chars';
const BROWSER = {
  'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Safari/605.1.15',
};

describe('the keys a stack issues', () => {
  it('are in hosted shape, the same for one JWT secret and different for another', () => {
    const keys = makeApiKeys(SECRET, []);
    expect(keys.publishableKey).toMatch(/^sb_publishable_[\w-]{22}_[\w-]{8}$/);
    expect(keys.secretKey).toMatch(/^sb_secret_[\w-]{22}_[\w-]{8}$/);
    expect(makeApiKeys(SECRET, [])).toEqual(keys);
    expect(makeApiKeys(`${SECRET}-other`, []).secretKey).not.toBe(keys.secretKey);
  });

  it('takes given keys, and refuses a key of the wrong kind or too short before the stack starts', () => {
    const secretKey = 'sb_secret_givenByTheOperator_0001';
    expect(makeApiKeys(SECRET, [], { secretKey }).secretKey).toBe(secretKey);
    expect(() => checkApiKeySettings({ secretKey: 'sb_publishable_givenByTheOperator_0001' })).toThrow(
      'SUPABASE_SECRET_KEY must start with sb_secret_',
    );
    expect(() => checkApiKeySettings({ publishableKey: 'sb_publishable_short' })).toThrow('at least 16 more');
  });

  it('stand for the anon and service_role roles where a token goes; a legacy key fails once they are off', async () => {
    const on = await makeKeys(SECRET, 'http://127.0.0.1:1');
    expect(await verifyJwt(on, on.api.publishableKey)).toEqual({ ok: true, claims: { role: 'anon' } });
    expect(await verifyJwt(on, on.api.secretKey)).toEqual({ ok: true, claims: { role: 'service_role' } });
    expect(await verifyJwt(on, `${on.api.secretKey}x`)).toEqual({ ok: false, failure: 'invalid' });
    expect((await verifyJwt(on, on.serviceKey)).ok).toBe(true);
    const off = await makeKeys(SECRET, 'http://127.0.0.1:1', { legacyKeys: false });
    expect(await verifyJwt(off, off.serviceKey)).toEqual({ ok: false, failure: 'invalid' });
    expect((await verifyJwt(off, off.api.publishableKey)).ok).toBe(true);
  });
});

describe("the gateway's refusals", () => {
  const keys = makeApiKeys(SECRET, ['legacy.anon.jwt', 'legacy.service.jwt'], { legacyKeys: false });
  const codeOf = (credentials: { apikey?: string; bearer?: string }, headers = {}) =>
    apiKeyRefusal(keys, credentials, headers)?.code;

  it('lets the publishable key through anywhere, and the secret key from anything but a browser', () => {
    expect(codeOf({ apikey: keys.publishableKey, bearer: keys.publishableKey }, BROWSER)).toBeUndefined();
    expect(codeOf({ apikey: keys.secretKey, bearer: keys.secretKey }, { 'user-agent': 'node' })).toBeUndefined();
    expect(codeOf({ apikey: keys.secretKey }, BROWSER)).toBe('UNAUTHORIZED_INVALID_API_KEY_TYPE');
    expect(codeOf({ apikey: keys.publishableKey, bearer: keys.secretKey }, BROWSER)).toBe(
      'UNAUTHORIZED_INVALID_API_KEY_TYPE',
    );
  });

  it('refuses a legacy key on either header once they are off, and an sb_ key that is not this stack’s', () => {
    expect(codeOf({ apikey: 'legacy.anon.jwt' })).toBe('UNAUTHORIZED_LEGACY_API_KEY');
    expect(codeOf({ apikey: keys.publishableKey, bearer: 'legacy.service.jwt' })).toBe('UNAUTHORIZED_LEGACY_API_KEY');
    expect(codeOf({ apikey: 'sb_publishable_notThisStacksKey0_00000000' })).toBe('UNAUTHORIZED_INVALID_API_KEY');
    const on = makeApiKeys(SECRET, ['legacy.anon.jwt'], { legacyKeys: true });
    expect(apiKeyRefusal(on, { apikey: 'legacy.anon.jwt' }, {})).toBeUndefined();
  });
});
