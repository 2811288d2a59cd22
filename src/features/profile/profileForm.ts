// The Edit Profile form's rules (SPEC §5 "Profile") and what a valid form changes: only the fields that differ from
// the profile, with an emptied optional field stored as null.
import { z } from 'zod';
import { displayNameSchema } from '../../lib/validation.ts';
import type { ProfileChanges } from '../../sync/kinds/updateProfile.ts';

export const BIO_MAX = 500;

export const profileFormSchema = z.object({
  username: z.string().trim().min(3, 'Username must be at least 3 characters'),
  display_name: displayNameSchema,
  bio: z.string().max(BIO_MAX, 'Bio must be less than 500 characters'),
  wallet_address: z.string(),
});

export type ProfileFormValues = z.infer<typeof profileFormSchema>;

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
