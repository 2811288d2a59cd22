// The toolbar's image upload: online-only, straight to storage (DESIGN §1), with the spec's toasts and the
// upload-in-progress flag (SPEC §4 "UI states").
import { useState } from 'react';
import { toast } from 'sonner';
import { useSession } from '../../state/session/SessionContext.tsx';
import { useSyncStatusOf } from '../../state/sync/SyncContext.tsx';
import { useBackend } from '../../state/BackendContext.tsx';
import { noConnection } from '../../backend/errors.ts';
import { FAILURES } from '../../backend/failureTexts.ts';
import { mediaBucket } from '../../backend/media.ts';
import { reportError } from '../../state/errors/reportError.ts';
import { imageMarkdown, uploadImages } from './upload.ts';

export function useImageUpload(onImage: (markdown: string) => void) {
  const client = useBackend();
  const userId = useSession((s) => s.user?.id ?? null);
  const online = useSyncStatusOf((s) => s.online);
  const [uploading, setUploading] = useState(false);

  const upload = async (files: File[]) => {
    if (files.length === 0) return;
    if (!online) {
      reportError(noConnection(), FAILURES.upload);
      return;
    }
    setUploading(true);
    try {
      const count = await uploadImages(files, {
        bucket: mediaBucket(client),
        userId,
        onUploaded: (file, url) => onImage(imageMarkdown(file.name, url)),
        onError: (failure) => reportError(failure),
      });
      if (count > 0) toast.success(`Uploaded ${count} file(s)`);
    } catch (error) {
      reportError(error, FAILURES.upload);
    } finally {
      setUploading(false);
    }
  };

  return { upload, uploading, online };
}
