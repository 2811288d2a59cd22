// Local storage for drafts. Storage that is blocked (private mode, a site policy) or full must not stop anyone
// typing: the draft then lives in memory only, and the first failure is logged so it can be explained.
let warned = false;

function unavailable(error: unknown) {
  if (warned) return;
  warned = true;
  console.warn('Drafts are kept in memory only: local storage is unavailable', error);
}

export function readDraft(key: string): string | null {
  // The server renders a first page with no storage, and no draft of anyone's.
  if (typeof localStorage === 'undefined') return null;
  try {
    return localStorage.getItem(key);
  } catch (error) {
    unavailable(error);
    return null;
  }
}

/** Stores the draft, or removes it when null. */
export function writeDraft(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch (error) {
    unavailable(error);
  }
}
