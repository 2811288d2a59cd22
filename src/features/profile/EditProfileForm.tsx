// The owner's Edit Profile form (SPEC §2, §5): Username, Display Name, Bio and Wallet Address, checked on the
// device with the spec's messages; saved through the outbox and followed until the server answers (useFollowedSave).
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../state/toast.ts';
import { fieldErrors, type FieldErrors } from '../../lib/validation.ts';
import { DISPLAY_NAME_RULES, USERNAME_TAKEN } from '../../state/mutations/profile.ts';
import type { ProfileView } from '../../state/queries/profile.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { BIO_MAX, changedFields, formValuesOf, profileFormSchema, type ProfileFormValues } from './profileForm.ts';
import { useFollowedSave } from './useFollowedSave.ts';
import styles from './Profile.module.css';
import { TextAreaField } from '../../ui/TextAreaField.tsx';
import { loadAgainWhenOnline } from '../../lib/loadAgainWhenOnline.ts';

const PROFILE_UPDATED = 'Profile updated successfully!';

const ConnectedAddressButtons = lazy(
  loadAgainWhenOnline(() =>
    import('./wallet/ConnectedAddressButtons.tsx').then((m) => ({ default: m.ConnectedAddressButtons })),
  ),
);

export function EditProfileForm({ profile, onClose }: { profile: ProfileView; onClose(): void }) {
  const initial = formValuesOf(profile);
  const [values, setValues] = useState<ProfileFormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors<ProfileFormValues>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const { save, saving } = useFollowedSave();
  const form = useRef<HTMLFormElement>(null);

  // Errors are set by Save alone: its first invalid field is brought into view and focused, as Save sits below the
  // fields (on a phone the username is far above the window) and the message would otherwise go unseen.
  useEffect(() => {
    const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!invalid) return;
    invalid.scrollIntoView({ block: 'center' });
    invalid.focus({ preventScroll: true });
  }, [errors]);

  const field = (name: keyof ProfileFormValues) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = profileFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setRefusal(null);
    const changes = changedFields(profile, parsed.data);
    if (Object.keys(changes).length === 0) {
      toast.success(PROFILE_UPDATED);
      onClose();
      return;
    }
    const refused = await save(profile.id, changes, PROFILE_UPDATED);
    if (refused === null) onClose();
    else if (refused === USERNAME_TAKEN) setErrors({ username: refused });
    else if (DISPLAY_NAME_RULES.includes(refused)) setErrors({ display_name: refused });
    else setRefusal(refused);
  };

  const cancel = () => {
    setValues(initial);
    setErrors({});
    setRefusal(null);
    onClose();
  };

  return (
    <form ref={form} className={styles.card} aria-labelledby="edit-profile" onSubmit={(e) => void submit(e)} noValidate>
      <h2 id="edit-profile" className={styles.cardTitle}>
        Edit Profile
      </h2>
      <Field label="Username" autoComplete="username" {...field('username')} />
      <Field label="Display Name" autoComplete="nickname" {...field('display_name')} />
      <TextAreaField
        label="Bio"
        placeholder="Tell the community about yourself"
        hint={`${values.bio.length}/${BIO_MAX}`}
        {...field('bio')}
      />
      <Field label="Wallet Address" placeholder="0x..." spellCheck={false} {...field('wallet_address')} />
      <Suspense fallback={null}>
        <ConnectedAddressButtons onUse={(address) => setValues((v) => ({ ...v, wallet_address: address }))} />
      </Suspense>
      {refusal && (
        <p className={styles.fieldError} role="alert">
          {refusal}
        </p>
      )}
      <div className={styles.formActions}>
        <Button onClick={cancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
