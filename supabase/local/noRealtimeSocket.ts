// supabase-js builds its realtime client eagerly and Node 20 has no global WebSocket. Node-side clients (tests,
// benchmarks) that never subscribe get a socket that refuses to open; the live tests hand realtime-js the `ws` package
// instead. Import for effect.
globalThis.WebSocket ??= class {
  constructor() {
    throw new Error('this Node client has no WebSocket: pass a transport to subscribe');
  }
} as unknown as typeof WebSocket;
