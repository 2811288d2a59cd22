// Whether a function's caller is the service role: a webhook or a schedule sends a secret key on the apikey header,
// or, set up before the new keys, the legacy service_role key as its bearer token.

/** Equal strings, compared in time that does not depend on where they differ. */
function sameSecret(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

export function isServiceRole(req: Request, serviceKeys: readonly string[]): boolean {
  const bearer = req.headers.get('authorization')?.replace(/^bearer\s+/i, '') ?? '';
  const given = [bearer, req.headers.get('apikey') ?? ''].filter((value) => value !== '');
  return serviceKeys.some((key) => given.some((value) => sameSecret(value, key)));
}
