// The Edit Profile form's messages (verbatim from the spec) and the changes a valid form sends.
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../lib/validation.ts';
import { ADDRESS_CHECKSUM, ADDRESS_SHAPE, changedFields, profileFormSchema } from './profileForm.ts';

const valid = { username: 'satoshi', display_name: '', bio: '', wallet_address: '' };

function errorsOf(values: typeof valid) {
  const result = profileFormSchema.safeParse(values);
  return result.success ? {} : fieldErrors(result.error);
}

describe('profileFormSchema', () => {
  it('needs a username of at least 3 characters, spaces aside', () => {
    expect(errorsOf({ ...valid, username: ' ab ' })).toEqual({ username: 'Username must be at least 3 characters' });
    expect(errorsOf({ ...valid, username: 'abc' })).toEqual({});
  });
  it('allows a bio of 500 characters and refuses 501', () => {
    expect(errorsOf({ ...valid, bio: 'x'.repeat(500) })).toEqual({});
    expect(errorsOf({ ...valid, bio: 'x'.repeat(501) })).toEqual({ bio: 'Bio must be less than 500 characters' });
  });
  it("holds the display name to the database's rules, in its words", () => {
    expect(errorsOf({ ...valid, display_name: 'x'.repeat(50) })).toEqual({});
    expect(errorsOf({ ...valid, display_name: 'x'.repeat(301) })).toEqual({
      display_name: 'Display name must be at most 50 characters',
    });
    expect(errorsOf({ ...valid, display_name: 'Ada\u202E' })).toEqual({
      display_name: 'Display name cannot contain text-direction control characters',
    });
  });
});

describe('wallet address', () => {
  const checksummed = '0x52908400098527886E0F7030069857D2E4169EE7';
  const parsed = (wallet_address: string) => profileFormSchema.safeParse({ ...valid, wallet_address });
  it('keeps a checksummed address, checksums hex in one case, and leaves an emptied field empty', () => {
    for (const typed of [checksummed, checksummed.toLowerCase(), ` 0x${checksummed.slice(2).toUpperCase()} `]) {
      expect(parsed(typed).data?.wallet_address).toBe(checksummed);
    }
    expect(parsed('  ').data?.wallet_address).toBe('');
  });
  it('refuses text that is no address, and mixed case that is not the checksum, in the database’s words', () => {
    for (const typed of ['my wallet', checksummed.slice(0, -1), `${checksummed}0`, `0X${checksummed.slice(2)}`]) {
      expect(errorsOf({ ...valid, wallet_address: typed })).toEqual({ wallet_address: ADDRESS_SHAPE });
    }
    const typo = checksummed.replace('886E', '886e');
    expect(errorsOf({ ...valid, wallet_address: typo })).toEqual({ wallet_address: ADDRESS_CHECKSUM });
  });
});

describe('changedFields', () => {
  const profile = { username: 'satoshi', display_name: 'Satoshi', bio: null, wallet_address: null };
  it('sends only what changed, trimmed, with an emptied field as null', () => {
    expect(changedFields(profile, { username: 'satoshi', display_name: '', bio: ' Hi ', wallet_address: '' })).toEqual({
      display_name: null,
      bio: 'Hi',
    });
  });
  it('sends nothing when nothing changed', () => {
    expect(
      changedFields(profile, { username: ' satoshi ', display_name: 'Satoshi', bio: '', wallet_address: '' }),
    ).toEqual({});
  });
});
