// Where the sender may push: the endpoint is parsed as a URL, as the request that follows parses it, and its scheme
// and host are read from the parsed URL (which lower-cases them and turns every IPv4 spelling into dotted decimal).
// The database refuses such endpoints on the way in (push_endpoint_problem); this check covers rows that got past
// it (stored before it, or by a role that skipped its trigger), so the sender never connects to this machine's network.

const MAX_ENDPOINT_BYTES = 2048;
/** Test push services on this machine: the only origins off the public internet a push may go to. */
const LOOPBACK_ORIGIN = /^https:\/\/(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|localhost|\[::1\])(:\d{1,5})?$/;
const PRIVATE_SUFFIX = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/;

/** The loopback origins of PUSH_TEST_ORIGINS (comma-separated); any other origin in it is ignored. */
export function testOriginsFrom(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => LOOPBACK_ORIGIN.test(origin));
}

/** The parsed endpoint the sender may push to, or why it may not. */
export function checkPushEndpoint(endpoint: string, testOrigins: readonly string[]): URL | string {
  if (new TextEncoder().encode(endpoint).length > MAX_ENDPOINT_BYTES) return 'the endpoint is longer than 2048 bytes';
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'the endpoint is not a URL';
  }
  if (testOrigins.includes(url.origin)) return url;
  if (url.protocol !== 'https:') return 'the endpoint is not an https URL';
  if (url.username !== '' || url.password !== '') return 'the endpoint has a user name or password';
  const host = url.hostname.replace(/\.$/, '');
  if (host.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(host)) return 'the endpoint’s host is an IP address';
  if (!host.includes('.')) return 'the endpoint’s host is not a host name with a domain';
  if (PRIVATE_SUFFIX.test(host)) return 'the endpoint’s host is a private name';
  return url;
}
