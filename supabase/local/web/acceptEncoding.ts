// Picks a response's content coding from the request's Accept-Encoding (RFC 9110 §12.5.3): brotli, else gzip.
export type Encoding = 'br' | 'gzip';

/** Weights by coding name; a missing or unreadable q counts as 1, as the RFC says. */
function weights(header: string): Map<string, number> {
  const byName = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    byName.set(name, Number.isNaN(weight) ? 1 : weight);
  }
  return byName;
}

/** The coding to send, or undefined for the bytes as they are. Brotli wins a tie: it is the smaller. */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const byName = weights(header);
  const weightOf = (name: Encoding) => byName.get(name) ?? byName.get('*') ?? 0;
  const [br, gzip] = [weightOf('br'), weightOf('gzip')];
  if (br <= 0 && gzip <= 0) return undefined;
  return br >= gzip ? 'br' : 'gzip';
}
