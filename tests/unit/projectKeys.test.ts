// How the Edge Functions read the project's keys: the new ones first, by name, then the legacy ones.
import { expect, it } from 'vitest';
import { readProjectKeys } from '../../supabase/functions/_shared/projectKeys.ts';

const read = (env: Record<string, string>) => readProjectKeys((name) => env[name]);
const legacy = { SUPABASE_ANON_KEY: 'anon.jwt', SUPABASE_SERVICE_ROLE_KEY: 'service.jwt' };

it("takes hosted's named keys over the legacy ones, the default one first, and still knows the legacy secret", () => {
  expect(
    read({
      ...legacy,
      SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ web: 'sb_publishable_web', default: 'sb_publishable_default' }),
      SUPABASE_SECRET_KEYS: JSON.stringify({ jobs: 'sb_secret_jobs', default: 'sb_secret_default' }),
    }),
  ).toEqual({
    publicKey: 'sb_publishable_default',
    serviceKey: 'sb_secret_default',
    serviceKeys: ['sb_secret_default', 'sb_secret_jobs', 'service.jwt'],
  });
});

it('takes the single keys of local development, and falls back to the legacy keys alone', () => {
  expect(read({ SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_one', SUPABASE_SECRET_KEY: 'sb_secret_one' })).toEqual({
    publicKey: 'sb_publishable_one',
    serviceKey: 'sb_secret_one',
    serviceKeys: ['sb_secret_one'],
  });
  expect(read(legacy)).toEqual({ publicKey: 'anon.jwt', serviceKey: 'service.jwt', serviceKeys: ['service.jwt'] });
  expect(read({})).toEqual({ publicKey: undefined, serviceKey: undefined, serviceKeys: [] });
});

it('says which setting is not a JSON object of named keys', () => {
  expect(read({ ...legacy, SUPABASE_SECRET_KEYS: 'sb_secret_bare' })).toBe(
    'SUPABASE_SECRET_KEYS is not a JSON object of named keys',
  );
  expect(read({ ...legacy, SUPABASE_PUBLISHABLE_KEYS: '["sb_publishable_in_a_list"]' })).toBe(
    'SUPABASE_PUBLISHABLE_KEYS is not a JSON object of named keys',
  );
});
