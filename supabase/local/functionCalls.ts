// Whom each running Edge Function runs for. The functions run in this process and call /rest/v1 and /auth/v1 back
// over HTTP, from the server's own address: with the database's turns kept per address (fairQueue.ts), every
// function's requests waited in one queue, so one member's 200 calls in flight filled it and other members' calls
// were refused (their sign-in check failed: 401, or their reads: 500). Now each call's own requests carry a token only
// that call knows (sent to the stack's own origin and nowhere else), and take their turns as the member the function
// runs for. A function holds no turn itself while it runs: its own requests would wait behind it, and it may wait
// seconds on another server (the block explorer). Instead one member has at most FUNCTION_CALLS_PER_CALLER in flight.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { ApiError } from './http.ts';

/** The header on a running function's requests to the stack itself; its value names the call. */
const INNER_CALL_HEADER = 'x-local-function-call';

/** Calls one member (or, for a visitor's key, one address) may have running at once. */
export const FUNCTION_CALLS_PER_CALLER = 4;
const RETRY_AFTER_S = 1;

/** Whom a function call runs for. */
export type FunctionCaller =
  | { kind: 'member'; id: string }
  | { kind: 'address'; address: string }
  /** A webhook, a schedule or the stack's own timers: not limited. */
  | { kind: 'service' };

interface RunningCall {
  token: string;
  origin: string;
}

const running = new AsyncLocalStorage<RunningCall>();

// Global fetch, as the functions' supabase-js clients use it; inside a function call, a request to the stack's own
// origin carries the call's token. Outside one (tests, the stack itself), and to any other origin, nothing changes.
const fetchOutside = globalThis.fetch;
globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const call = running.getStore();
  const url = input instanceof Request ? input.url : String(input);
  // An address that does not parse is left to fetch, which refuses it as it would anywhere.
  if (!call || !URL.canParse(url) || new URL(url).origin !== call.origin) return fetchOutside(input, init);
  const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
  headers.set(INNER_CALL_HEADER, call.token);
  return fetchOutside(input, { ...init, headers });
};

export class FunctionCalls {
  private readonly inFlight = new Map<string, number>();
  /** The token of each running call, and the key its requests take their turns under. */
  private readonly turns = new Map<string, string>();

  /** `origin`: the stack's own, where a function's requests carry their call's token. */
  constructor(private readonly origin: string) {}

  /** Runs `call` for `caller`; a 429 in the functions' shape, with Retry-After, past the caller's calls in flight. */
  async run<T>(caller: FunctionCaller, call: () => Promise<T>): Promise<T> {
    const key = keyOf(caller);
    const limited = caller.kind !== 'service';
    const count = this.inFlight.get(key) ?? 0;
    if (limited && count >= FUNCTION_CALLS_PER_CALLER) {
      const who = caller.kind === 'member' ? 'this member' : 'this address';
      const message = `Too many function calls in flight from ${who}: at most ${FUNCTION_CALLS_PER_CALLER} at once; retry in ${RETRY_AFTER_S} s`;
      throw new ApiError(429, { code: 429, message }, 'error', { 'retry-after': String(RETRY_AFTER_S) });
    }
    this.inFlight.set(key, count + 1);
    const token = randomUUID();
    this.turns.set(token, key);
    try {
      return await running.run({ token, origin: this.origin }, call);
    } finally {
      this.turns.delete(token);
      const left = (this.inFlight.get(key) ?? 1) - 1;
      if (left === 0) this.inFlight.delete(key);
      else this.inFlight.set(key, left);
    }
  }

  /** The key a running function's request takes its turn under; undefined for any other request. */
  turnOf(headers: IncomingHttpHeaders): string | undefined {
    const token = headers[INNER_CALL_HEADER];
    return typeof token === 'string' ? this.turns.get(token) : undefined;
  }
}

/** Apart from any address's key (fairQueue.ts keys clients by address), so a member's calls are theirs alone. */
function keyOf(caller: FunctionCaller): string {
  if (caller.kind === 'member') return `member:${caller.id}`;
  if (caller.kind === 'address') return caller.address;
  return 'service_role';
}
