// The media bucket, where the editor's images go straight to storage: an online-only action with the upload's
// failure and offline texts. The screen brings the work (which files, in which order, what each one inserts).
import type { ForumClient } from '../../backend/client.ts';
import { FAILURES } from '../../backend/failureTexts.ts';
import { mediaBucket, type MediaBucket } from '../../backend/media.ts';
import { useServerAction } from './useServerAction.ts';

/** Answers how many files made it. */
type BucketWork = (bucket: MediaBucket) => Promise<number>;

const withMediaBucket = (client: ForumClient, work: BucketWork) => work(mediaBucket(client));

export const useMediaUpload = () => useServerAction(withMediaBucket, { failure: FAILURES.upload });
