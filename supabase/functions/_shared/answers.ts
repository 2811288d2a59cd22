// The JSON answers of the functions the app invokes from a browser, with the CORS headers hosted functions must
// send themselves (the local stack adds its own, which these replace), and their JSON request bodies.

export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'POST, OPTIONS',
};

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { ...CORS_HEADERS, 'content-type': 'application/json' },
  });

/** A browser's preflight, answered as Supabase's guide for functions called from the browser does. */
export const preflight = () => new Response('ok', { headers: CORS_HEADERS });

/** The body parsed as JSON, or undefined when it is not JSON at all. */
export async function readJson(req: Request): Promise<{ value: unknown } | undefined> {
  const text = await req.text();
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}
