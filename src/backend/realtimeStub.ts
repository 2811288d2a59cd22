// Stands in for @supabase/realtime-js in the browser bundle (a Vite alias): the app never opens a realtime channel,
// since the sync engine pulls, and the websocket client would be a fifth of the first screen's JavaScript.
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
