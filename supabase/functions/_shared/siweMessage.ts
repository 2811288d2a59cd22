// Sign-In with Ethereum messages (EIP-4361) read as hosted GoTrue reads them (internal/utilities/siwe/parser.go):
// the same lines, the same required fields, and its error texts. The local stack's web3 grant and the link-wallet
// function both read and time-check messages here, so a link is held to the same rules as a sign-in.

export interface SiweMessage {
  raw: string;
  domain: string;
  /** Lower case, as GoTrue keeps it: one wallet, one identity, whatever casing it signed with. */
  address: string;
  statement: string | null;
  uri: URL;
  version: string;
  chainId: string;
  nonce: string;
  issuedAt: Date;
  expirationTime: Date | null;
  notBefore: Date | null;
}

export class SiweParseError extends Error {}

const HEADER_SUFFIX = ' wants you to sign in with your Ethereum account:';
const ADDRESS = /^0x[a-fA-F0-9]{40}$/;
const DOMAIN = /^(localhost|(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,})(?::\d{1,5})?$/;
/** RFC 3339 with an optional fraction and a Z or an offset, as Go's time.RFC3339(Nano) accepts. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

const fail = (reason: string): never => {
  throw new SiweParseError(`siwe: ${reason}`);
};

function timestamp(value: string, field: string): Date {
  const at = RFC3339.test(value) ? new Date(value) : new Date(NaN);
  if (Number.isNaN(at.getTime())) fail(`${field} is not a valid ISO8601 timestamp`);
  return at;
}

/** Go's url.ParseRequestURI: an absolute URI or an absolute path, nothing relative. */
function requestUri(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

interface Fields {
  uri?: URL;
  version?: string;
  chainId: string;
  nonce: string;
  issuedAt?: Date;
  expirationTime: Date | null;
  notBefore: Date | null;
}

function readField(fields: Fields, key: string, value: string) {
  switch (key) {
    case 'URI':
      fields.uri = requestUri(value) ?? fail('URI is not valid');
      break;
    case 'Version':
      fields.version = value;
      break;
    case 'Chain ID':
      if (!/^[+-]?\d+$/.test(value) || Number(value) <= 0) fail('Chain ID is not valid');
      fields.chainId = value;
      break;
    case 'Nonce':
      fields.nonce = value;
      break;
    case 'Issued At':
      fields.issuedAt = timestamp(value, 'Issued At');
      break;
    case 'Expiration Time':
      fields.expirationTime = timestamp(value, 'Expiration Time');
      break;
    case 'Not Before':
      fields.notBefore = timestamp(value, 'Not Before');
      break;
  }
}

function readFields(lines: string[], start: number): Fields {
  const fields: Fields = { chainId: '', nonce: '', expirationTime: null, notBefore: null };
  let inResources = false;
  for (let i = start; i < lines.length; i += 1) {
    const line = (lines[i] ?? '').trim();
    if (inResources) {
      if (line.startsWith('- ')) {
        if (!requestUri(line.slice(2).trim())) fail('Resource has invalid URI');
        continue;
      }
      inResources = false;
    }
    if (line === 'Resources:') {
      inResources = true;
      continue;
    }
    if (line === '') continue;
    const colon = line.indexOf(':');
    if (colon < 0) fail(`encountered unparsable line at index ${i}`);
    readField(fields, line.slice(0, colon), line.slice(colon + 1).trim());
  }
  return fields;
}

export function parseSiweMessage(raw: string): SiweMessage {
  const lines = raw.split('\n');
  if (lines.length < 6) fail('message needs at least 6 lines');
  const header = lines[0] ?? '';
  if (!header.endsWith(HEADER_SUFFIX)) fail(`message first line does not end in "${HEADER_SUFFIX.trimStart()}"`);
  const domain = header.slice(0, -HEADER_SUFFIX.length).trim();
  if (!DOMAIN.test(domain)) fail('domain in first line of message is not valid');
  const address = (lines[1] ?? '').trim();
  if (!ADDRESS.test(address)) fail('wallet address is not a valid Ethereum address');
  if (lines[2] !== '') fail('third line must be empty');
  const hasStatement = lines[3] !== '' && lines[4] === '';
  const fields = readFields(lines, hasStatement ? 5 : 3);
  if (fields.version !== '1') return fail(`Version value is not supported, expected 1 got "${fields.version ?? ''}"`);
  if (!fields.issuedAt) return fail('Issued At is not specified');
  if (!fields.uri) return fail('URI is not specified');
  if (fields.expirationTime && fields.issuedAt > fields.expirationTime) fail('Issued At is after Expiration Time');
  if (fields.notBefore && fields.expirationTime && fields.notBefore > fields.expirationTime) {
    fail('Not Before is after Expiration Time');
  }
  return {
    raw,
    domain,
    address: address.toLowerCase(),
    statement: hasStatement ? (lines[3] ?? null) : null,
    uri: fields.uri,
    version: '1',
    chainId: fields.chainId,
    nonce: fields.nonce,
    issuedAt: fields.issuedAt,
    expirationTime: fields.expirationTime,
    notBefore: fields.notBefore,
  };
}

/** GoTrue's MaximumValidityDuration for Ethereum: how far from Issued At a message is still taken. */
export const SIWE_MAX_VALIDITY_MS = 10 * 60 * 1000;

/**
 * The message's times at `now`, as hosted GoTrue checks them, plus an Expiration Time that holds even without a Not
 * Before (GoTrue skips it then): GoTrue's text for the first that fails, or null when all hold.
 */
export function siweTimeRefusal(message: SiweMessage, now: number): string | null {
  if (message.notBefore && now < message.notBefore.getTime()) {
    return 'Signed Ethereum message becomes valid in the future';
  }
  if (message.expirationTime && now > message.expirationTime.getTime()) return 'Signed Ethereum message is expired';
  if (now > message.issuedAt.getTime() + SIWE_MAX_VALIDITY_MS) return 'Ethereum message was issued too long ago';
  if (now < message.issuedAt.getTime() - SIWE_MAX_VALIDITY_MS) {
    return 'Ethereum message was issued too far in the future';
  }
  return null;
}
