// /storage/v1: the Storage API routes storage-js calls, each reading and writing storage.objects under RLS.
import type { StackContext } from '../context.ts';
import type { ApiRequest, ApiResponse } from '../http.ts';
import { getBucket, listBuckets } from './buckets.ts';
import { storageClaims } from './claims.ts';
import { dataException, storageError } from './errors.ts';
import { listObjects } from './list.ts';
import { bucketAndName, bucketIdOf } from './paths.ts';
import { readAsCaller, readPublic } from './read.ts';
import { removeMany, removeOne } from './remove.ts';
import { uploadObject, wantsUpsert } from './upload.ts';

const notFound = (req: ApiRequest) =>
  storageError(404, '404', 'not_found', `Route ${req.method}:${req.path} not found`);

export async function handleStorage(req: ApiRequest, ctx: StackContext): Promise<ApiResponse> {
  try {
    return await dispatch(req, ctx);
  } catch (e) {
    throw dataException(e) ?? e;
  }
}

async function dispatch(req: ApiRequest, ctx: StackContext): Promise<ApiResponse> {
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  // The raw path keeps %2F inside a key distinct from a folder separator until each segment is decoded.
  const path = req.url.pathname.slice('/storage/v1'.length);

  const pub = /^\/object\/public\/(.+)$/.exec(path);
  if (pub?.[1] && method === 'GET') {
    const { bucketId, name } = bucketAndName(pub[1]);
    return readPublic(req, ctx, bucketId, name);
  }

  const claims = await storageClaims(req, ctx);
  if (method === 'GET' && (path === '/bucket' || path === '/bucket/')) return listBuckets(ctx, claims);
  const bucket = /^\/bucket\/([^/]+)$/.exec(path);
  if (bucket?.[1] && method === 'GET') return getBucket(ctx, claims, bucketIdOf(bucket[1]));

  const list = /^\/object\/list\/([^/]+)$/.exec(path);
  if (list?.[1] && method === 'POST') return listObjects(req, ctx, claims, bucketIdOf(list[1]));

  const authenticated = /^\/object\/authenticated\/(.+)$/.exec(path);
  if (authenticated?.[1] && method === 'GET') {
    const { bucketId, name } = bucketAndName(authenticated[1]);
    return readAsCaller(req, ctx, claims, bucketId, name);
  }

  const whole = /^\/object\/([^/]+)\/?$/.exec(path);
  if (whole?.[1] && method === 'DELETE') return removeMany(req, ctx, claims, bucketIdOf(whole[1]));

  const object = /^\/object\/(.+)$/.exec(path);
  if (object?.[1]) {
    const { bucketId, name } = bucketAndName(object[1]);
    if (method === 'POST') return uploadObject(req, ctx, claims, bucketId, name, wantsUpsert(req));
    if (method === 'PUT') return uploadObject(req, ctx, claims, bucketId, name, true);
    if (method === 'GET') return readAsCaller(req, ctx, claims, bucketId, name);
    if (method === 'DELETE') return removeOne(ctx, claims, bucketId, name);
  }
  throw notFound(req);
}
