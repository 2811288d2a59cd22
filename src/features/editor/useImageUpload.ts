// The toolbar's image upload: online-only, straight to storage (DESIGN §1), with the spec's toasts and the
// upload-in-progress flag (SPEC §4 "UI states").
import { useState } from 'react';
import { toast } from 'sonner';
import { useSession } from '../../app/session/SessionContext.tsx';
import { useSyncStatus } from '../../app/sync/SyncContext.tsx';
import { useBackend } from '../../backend/BackendContext.tsx';
import { mediaBucket } from '../../backend/media.ts';
import { imageMarkdown, uploadImages } from './upload.ts';

export const OFFLINE_UPLOAD = 'Image upload needs a connection. You are offline.';

export function useImageUpload(onImage: (markdown: string) => void) {
  const client = useBackend();
  const userId = useSession((s) => s.user?.id ?? null);
  const { online } = useSyncStatus();
  const [uploading, setUploading] = useState(false);

  const upload = async (files: File[]) => {
    if (files.length === 0) return;
    if (!online) {
      toast.error(OFFLINE_UPLOAD);
      return;
    }
    setUploading(true);
    try {
      const count = await uploadImages(files, {
        bucket: mediaBucket(client),
        userId,
        onUploaded: (file, url) => onImage(imageMarkdown(file.name, url)),
        onError: (message) => toast.error(message),
      });
      if (count > 0) toast.success(`Uploaded ${count} file(s)`);
    } catch (error) {
      toast.error(`Failed to upload files: ${(error instanceof Error && error.message) || 'Unknown error'}`);
    } finally {
      setUploading(false);
    }
  };

  return { upload, uploading, online };
}
