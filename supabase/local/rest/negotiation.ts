// Content negotiation as PostgREST does it: the media type a request accepts and the schema profile it names.
import { header, type ApiRequest } from '../http.ts';
import { pgrstError } from './errors.ts';

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
