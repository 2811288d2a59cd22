// The storage card's words: what the forum keeps on this device, in the units a phone's own storage screen uses.
export interface StorageUsage {
  /** Bytes this site uses on the device (navigator.storage.estimate): the mirror, the cached app and its images. */
  used: number;
  /** Bytes the browser lets this site use; 0 when it does not say. */
  quota: number;
  /** What the mirror holds; undefined when it could not be read. */
  counts?: { threads: number; posts: number };
}

const count = new Intl.NumberFormat('en-US');

/** Decimal units, as phones and computers show free space: 1 MB is 1,000,000 bytes. */
export function formatBytes(bytes: number): string {
  if (bytes < 1e6) return `${Math.round(bytes / 1e3)} KB`;
  return bytes < 1e9 ? `${oneDecimalBelowTen(bytes / 1e6)} MB` : `${oneDecimalBelowTen(bytes / 1e9)} GB`;
}

function oneDecimalBelowTen(n: number): string {
  return n < 10 ? n.toFixed(1) : String(Math.round(n));
}

function counted(n: number, one: string, many: string): string {
  return `${count.format(n)} ${n === 1 ? one : many}`;
}

function share(used: number, quota: number): string {
  const percent = (used / quota) * 100;
  return percent < 1 ? 'less than 1%' : `${Math.round(percent)}%`;
}

function keptText(counts: StorageUsage['counts']): string | null {
  if (!counts) return null;
  const { threads, posts } = counts;
  if (threads === 0 && posts === 0) return 'No threads are kept here yet.';
  return `That holds ${counted(threads, 'thread', 'threads')} and ${counted(posts, 'post', 'posts')}, ready to read offline.`;
}

export function describeStorage({ used, quota, counts }: StorageUsage): { summary: string; detail: string } {
  const room =
    quota > 0
      ? `Your browser lets the forum use up to ${formatBytes(quota)}: this is ${share(used, quota)} of it.`
      : null;
  return {
    summary: `The forum uses ${formatBytes(used)} on this device.`,
    detail: [keptText(counts), room].filter((part) => part !== null).join(' '),
  };
}
