// The Edit Profile form's rules (SPEC §5 "Profile") and what a valid form changes: only the fields that differ from
// the profile, with an emptied optional field stored as null.
import { getAddress } from 'ethers/address';
import { z } from 'zod';
import { displayNameSchema } from '../../lib/validation.ts';
import type { ProfileChanges } from '../../sync/kinds/updateProfile.ts';

export const BIO_MAX = 500;

/** The database's words (20261129002110_wallet_address_checksum.sql), shown under the field before it is asked. */
export const ADDRESS_SHAPE = 'A wallet address is 0x followed by 40 hexadecimal digits';
export const ADDRESS_CHECKSUM =
  'This wallet address has a wrong checksum (its mix of capitals): copy it again from your wallet';

/**
 * An address as the database keeps it: EIP-55 checksummed. Hex in one case carries no checksum and is checksummed
 * here; mixed case must be the checksum already, as a typo in it would otherwise go to a stranger's address.
 */
const walletAddressSchema = z
  .string()
  .trim()
  .regex(/^(0x[0-9a-fA-F]{40})?$/, ADDRESS_SHAPE)
  .transform((address, context) => {
    if (address === '') return address;
    const hex = address.slice(2);
    const oneCase = hex === hex.toLowerCase() || hex === hex.toUpperCase();
    const checksummed = getAddress(`0x${hex.toLowerCase()}`);
    if (oneCase || checksummed === address) return checksummed;
    context.addIssue({ code: 'custom', message: ADDRESS_CHECKSUM });
    return z.NEVER;
  });

export const profileFormSchema = z.object({
  username: z.string().trim().min(3, 'Username must be at least 3 characters'),
  display_name: displayNameSchema,
  bio: z.string().max(BIO_MAX, 'Bio must be less than 500 characters'),
  wallet_address: walletAddressSchema,
});

export type ProfileFormValues = z.input<typeof profileFormSchema>;

type Editable = { [K in keyof ProfileFormValues]: string | null };

export function formValuesOf(profile: Editable): ProfileFormValues {
  return {
    username: profile.username ?? '',
    display_name: profile.display_name ?? '',
    bio: profile.bio ?? '',
    wallet_address: profile.wallet_address ?? '',
  };
}

export function changedFields(profile: Editable, values: ProfileFormValues): ProfileChanges {
  const changes: ProfileChanges = {};
  const username = values.username.trim();
  if (username !== profile.username) changes.username = username;
  for (const key of ['display_name', 'bio', 'wallet_address'] as const) {
    const value = values[key].trim() || null;
    if (value !== (profile[key] ?? null)) changes[key] = value;
  }
  return changes;
}
