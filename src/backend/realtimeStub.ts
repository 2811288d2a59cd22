// Stands in for @supabase/realtime-js in the browser bundle (a Vite alias): supabase-js's own realtime client is never
// used, and would be a fifth of the first screen's JavaScript. Live updates load the real one after the first paint
// (src/sync/live.ts).
export class RealtimeClient {
  constructor(_endpoint: string, _options?: unknown) {}

  setAuth(_token?: string | null): Promise<void> {
    return Promise.resolve();
  }

  channel(): never {
    throw new Error('Realtime channels are not used by the GuapCoin Forum app');
  }

  getChannels(): never[] {
    return [];
  }

  removeChannel(): Promise<'ok'> {
    return Promise.resolve('ok');
  }

  removeAllChannels(): Promise<'ok'[]> {
    return Promise.resolve([]);
  }
}
