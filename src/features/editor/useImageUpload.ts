// The toolbar's image upload: online-only, straight to storage (DESIGN §1), with the spec's toasts and the
// upload-in-progress flag (SPEC §4 "UI states").
import { toast } from '../../state/toast.ts';
import { useSession } from '../../state/session/SessionContext.tsx';
import { useSyncStatusOf } from '../../state/sync/SyncContext.tsx';
import { useMediaUpload } from '../../state/server/media.ts';
import { reportError } from '../../state/errors/reportError.ts';
import { imageMarkdown, uploadImages } from './upload.ts';

export function useImageUpload(onImage: (markdown: string) => void) {
  const media = useMediaUpload();
  const userId = useSession((s) => s.user?.id ?? null);
  const online = useSyncStatusOf((s) => s.online);

  const upload = async (files: File[]) => {
    if (files.length === 0) return;
    const outcome = await media.run((bucket) =>
      uploadImages(files, {
        bucket,
        userId,
        onUploaded: (file, url) => onImage(imageMarkdown(file.name, url)),
        onError: (failure) => reportError(failure),
      }),
    );
    // Each file's failure has had its own toast; the count says how many made it.
    if (outcome.ok && outcome.value > 0) toast.success(`Uploaded ${outcome.value} file(s)`);
  };

  return { upload, uploading: media.pending, online };
}
