// supabase-js builds its realtime client eagerly and Node 20 has no global WebSocket. The local stack serves no
// realtime endpoint, so Node-side clients (tests, benchmarks) get a socket that refuses to open. Import for effect.
globalThis.WebSocket ??= class {
  constructor() {
    throw new Error('the local stack has no realtime endpoint');
  }
} as unknown as typeof WebSocket;
