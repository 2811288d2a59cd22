// A promise made on first use, and kept: a module loaded once, whichever caller asks first.
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}
