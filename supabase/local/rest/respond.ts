// Shapes answers as PostgREST does: media types, single-object responses, Content-Range and range statuses.
import { header, type ApiRequest, type ApiResponse } from '../http.ts';
import { pgrstError } from './errors.ts';
import { appliedHeader, type Preferences } from './prefer.ts';

export interface Accept {
  /** `application/vnd.pgrst.object+json`: exactly one row, as an object. */
  single: boolean;
  stripNulls: boolean;
}

const ACCEPTABLE = new Set([
  '*/*',
  'application/*',
  'application/json',
  'application/vnd.pgrst.array+json',
  'application/vnd.pgrst.object+json',
  'application/vnd.pgrst.object',
]);

export function parseAccept(req: ApiRequest): Accept {
  const value = header(req, 'accept');
  if (!value) return { single: false, stripNulls: false };
  const types = value.split(',').map((part) => {
    const [type = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    return { type, stripNulls: params.includes('nulls=stripped') };
  });
  const chosen = types.find((t) => ACCEPTABLE.has(t.type));
  if (!chosen) throw pgrstError(406, 'PGRST107', `None of these media types are available: ${value}`);
  return { single: chosen.type.startsWith('application/vnd.pgrst.object'), stripNulls: chosen.stripNulls };
}

/** Schemas other than public are not exposed: PostgREST answers 406 for them. */
export function checkProfile(req: ApiRequest): void {
  const profile = header(req, 'accept-profile') ?? header(req, 'content-profile');
  if (profile !== undefined && profile !== 'public') {
    throw pgrstError(
      406,
      'PGRST106',
      `Invalid schema: ${profile}`,
      null,
      'Only the following schemas are exposed: public',
    );
  }
}

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
