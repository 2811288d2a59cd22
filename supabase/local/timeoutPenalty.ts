// A statement past its timeout costs the client that sent it, not everyone. On PGlite the only way to stop one is to
// end the database's thread and open it again (pgliteThread.ts), which every other client waits for. So after one,
// the client's address is refused for a while, and so is the request's shape from any address (an attacker that
// takes a new address for each request sends the same request); each repeat doubles the wait.

export interface PenaltyLimits {
  /** The first wait after a statement past its timeout. */
  firstMs: number;
  /** The longest wait; a key quiet for this long after its wait starts over at firstMs. */
  maxMs: number;
}

export const TIMEOUT_PENALTY: PenaltyLimits = { firstMs: 5_000, maxMs: 300_000 };

/** Keys remembered at most: a flood of new addresses forgets the oldest, never grows without bound. */
const KEPT_KEYS = 10_000;

interface Strike {
  count: number;
  until: number;
}

/**
 * What a request asks for, without its values: path, parameter names, operators, select and order. The same embed
 * or filter with other ids or words has the same shape.
 */
export function requestShape(method: string, url: URL): string {
  const parts = [...url.searchParams].map(([key, value]) =>
    key === 'select' || key === 'order' ? `${key}=${value}` : `${key}=${value.split('.')[0]}`,
  );
  return `${method} ${url.pathname}?${parts.sort().join('&')}`;
}

export class TimeoutPenalties {
  private readonly strikes = new Map<string, Strike>();

  constructor(
    readonly limits: PenaltyLimits,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Seconds until `client` and `shape` may run again, or undefined when neither waits. */
  retryAfterS(client: string, shape: string): number | undefined {
    const until = Math.max(this.untilOf(`client ${client}`), this.untilOf(`shape ${shape}`));
    const left = until - this.now();
    return left > 0 ? Math.ceil(left / 1000) : undefined;
  }

  /** A statement `client` sent, of `shape`, ran past its timeout. */
  record(client: string, shape: string): void {
    for (const key of [`client ${client}`, `shape ${shape}`]) {
      const now = this.now();
      const last = this.strikes.get(key);
      const count = last && now - last.until < this.limits.maxMs ? last.count + 1 : 1;
      const wait = Math.min(this.limits.firstMs * 2 ** (count - 1), this.limits.maxMs);
      this.strikes.delete(key);
      this.strikes.set(key, { count, until: now + wait });
      if (this.strikes.size > KEPT_KEYS) this.strikes.delete(this.strikes.keys().next().value!);
    }
  }

  private untilOf(key: string): number {
    return this.strikes.get(key)?.until ?? 0;
  }
}
