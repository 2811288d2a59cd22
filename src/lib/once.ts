// A promise made on first use, and kept once it settles well: a module loaded once, whichever caller asks first. A
// failed load (the connection dropped before the module came) is forgotten, so the next call loads it again.
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
}
