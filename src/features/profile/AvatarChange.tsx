// The owner's avatar button: checks the chosen file (SPEC §5), shrinks it on the device, uploads it to the avatars
// bucket (online only: it says so when offline), then saves its address through the outbox.
import { useRef, useState } from 'react';
import { noConnection } from '../../backend/errors.ts';
import { FAILURES } from '../../backend/failureTexts.ts';
import { reportError } from '../../state/errors/reportError.ts';
import { useAvatarUpload } from '../../state/mutations/profile.ts';
import { useSyncStatusOf } from '../../state/sync/SyncContext.tsx';
import { UploadIcon } from '../../ui/UploadIcon.tsx';
import { avatarFileProblem } from './avatarFile.ts';
import { resizeAvatar } from './avatarResize.ts';
import { useFollowedSave } from './useFollowedSave.ts';
import styles from './Profile.module.css';

export function AvatarChange({ userId }: { userId: string }) {
  const upload = useAvatarUpload();
  const online = useSyncStatusOf((s) => s.online);
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const { save, saving } = useFollowedSave();
  const busy = uploading || saving;

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) {
      reportError(new Error(problem), { failed: problem });
      return;
    }
    if (!online) {
      reportError(noConnection(), FAILURES.uploadAvatar);
      return;
    }
    setUploading(true);
    try {
      const url = await upload(userId, await resizeAvatar(file));
      await save(userId, { avatar_url: url }, 'Avatar updated successfully!');
    } catch (error) {
      reportError(error, FAILURES.uploadAvatar);
    } finally {
      setUploading(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className={styles.avatarButton}
        onClick={() => input.current?.click()}
        disabled={busy}
        aria-label={online ? 'Change avatar' : 'Change avatar (needs a connection)'}
        title={online ? 'Change avatar' : 'Changing your avatar needs a connection'}
      >
        {busy ? <span className={styles.avatarBusy} aria-hidden /> : <UploadIcon size={18} aria-hidden />}
      </button>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="avatar-input"
        onChange={(e) => void choose(e.target.files?.[0])}
      />
    </>
  );
}
