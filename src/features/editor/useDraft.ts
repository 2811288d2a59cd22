// A draft that survives a reload: kept in localStorage under one key per form and member, removed once
// it is back to empty or sent.
import { useEffect, useState } from 'react';
import { readDraft, writeDraft } from '../../lib/draftStorage.ts';

function readStoredDraft<T extends object>(key: string, empty: T): T | null {
  const raw = readDraft(key);
  if (raw === null) return null;
  try {
    const stored: unknown = JSON.parse(raw);
    return stored && typeof stored === 'object' ? { ...empty, ...stored } : null;
  } catch {
    // Not JSON (written by hand, or cut short): no draft, and the next change overwrites it.
    return null;
  }
}

/** `prefer`, when given, wins over a stored draft (text shared from another app, say). */
export function useDraft<T extends object>(key: string, empty: T, prefer?: T | null) {
  const [value, setValue] = useState<T>(() => prefer ?? readStoredDraft(key, empty) ?? empty);
  const isEmpty = JSON.stringify(value) === JSON.stringify(empty);

  useEffect(() => writeDraft(key, isEmpty ? null : JSON.stringify(value)), [key, value, isEmpty]);

  const clear = () => setValue(empty);
  return [value, setValue, clear] as const;
}
