// A module import that outlives a dropped connection. React.lazy and the router keep a failed import's error for the
// page's life, so a part whose code failed to come while the browser was offline would stay broken once it is back:
// such a load is tried again at each return online, and settles when it loads. A load that fails online (a chunk a
// newer build removed) still fails, for the router to reload the page.
export interface Connection {
  online(): boolean;
  /** Resolves at the next return online. */
  back(): Promise<void>;
}

const browserConnection: Connection = {
  online: () => navigator.onLine,
  back: () => new Promise((resolve) => addEventListener('online', () => resolve(), { once: true })),
};

export function importWhenOnline<T>(load: () => Promise<T>, connection = browserConnection): Promise<T> {
  return load().catch((error: unknown) => {
    if (connection.online()) throw error;
    return connection.back().then(() => importWhenOnline(load, connection));
  });
}
