// Shapes answers as PostgREST does: media types, single-object responses, Content-Range and range statuses.
import type { ApiResponse } from '../http.ts';
import { pgrstError } from './errors.ts';
import type { Accept } from './negotiation.ts';
import { appliedHeader, type Preferences } from './prefer.ts';

export function singleRowError(n: number) {
  return pgrstError(
    406,
    'PGRST116',
    'JSON object requested, multiple (or no) rows returned',
    `The result contains ${n} rows`,
  );
}

/** The one element of a JSON array that json_agg built; json_agg writes `[` element `]` for a single row. */
export function onlyElement(body: string): string {
  return body.slice(1, -1);
}

export function contentRange(offset: number, n: number, total: number | undefined): string {
  const range = n > 0 && total !== 0 ? `${offset}-${offset + n - 1}` : '*';
  return `${range}/${total ?? '*'}`;
}

export function jsonHeaders(accept: Accept, prefs: Preferences): Record<string, string> {
  const type = accept.single ? 'application/vnd.pgrst.object+json' : 'application/json';
  return { 'content-type': `${type}; charset=utf-8`, ...appliedHeader(prefs) };
}

export interface ReadResult {
  body: string;
  n: number;
  total?: number;
}

/** The answer to a read: 200, 206 for a partial page of a counted set, 416 past its end, 406 for a failed single. */
export function readResponse(result: ReadResult, offset: number, accept: Accept, prefs: Preferences): ApiResponse {
  const { n, total } = result;
  if (total !== undefined && offset > total) {
    throw pgrstError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
    );
  }
  if (accept.single && n !== 1) throw singleRowError(n);
  const status = total !== undefined && n < total ? 206 : 200;
  return {
    status,
    headers: { ...jsonHeaders(accept, prefs), 'content-range': contentRange(offset, n, total) },
    body: accept.single ? onlyElement(result.body) : result.body,
  };
}
