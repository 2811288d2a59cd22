// The bytes and options of an upload: a raw body with headers, or multipart FormData as storage-js sends a Blob/File.
import { header, type ApiRequest } from '../http.ts';
import { invalidRequest } from './errors.ts';

export interface Upload {
  bytes: Buffer;
  contentType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

/**
 * storage-js sends "3600" in the form and "max-age=3600" as a header; both are stored as the header form, and nothing
 * else is taken: the stored value is sent back as a header on every read, where a line break or another directive
 * would break the answer or speak for us.
 */
export function cacheControlOf(value: string | null | undefined): string {
  const v = (value ?? '').trim();
  if (v === '') return 'max-age=3600';
  const seconds = /^(?:max-age=)?(\d{1,10})$/i.exec(v)?.[1];
  if (seconds === undefined) {
    throw invalidRequest('cacheControl must be a number of seconds, as "3600" or "max-age=3600"');
  }
  return `max-age=${Number(seconds)}`;
}

function parseMetadata(text: string | null | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    throw invalidRequest('metadata is not valid JSON');
  }
}

export async function readUpload(req: ApiRequest): Promise<Upload> {
  const contentType = header(req, 'content-type') ?? 'application/octet-stream';
  if (!/^multipart\/form-data/i.test(contentType)) {
    const encoded = header(req, 'x-metadata');
    return {
      bytes: req.body,
      contentType,
      cacheControl: cacheControlOf(header(req, 'cache-control')),
      userMetadata: parseMetadata(encoded ? Buffer.from(encoded, 'base64').toString('utf8') : null),
    };
  }
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(req.body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw invalidRequest('The multipart body could not be read');
  }
  const file = [...form.values()].find((v): v is File => typeof v !== 'string');
  if (!file) throw invalidRequest('The multipart body has no file');
  const field = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v : null;
  };
  return {
    bytes: Buffer.from(await file.arrayBuffer()),
    contentType: file.type || 'application/octet-stream',
    cacheControl: cacheControlOf(field('cacheControl')),
    userMetadata: parseMetadata(field('metadata')),
  };
}
