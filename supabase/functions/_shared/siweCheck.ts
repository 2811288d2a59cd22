// A signed Sign-In with Ethereum message for this forum, checked as the wallet sign-in checks it (the local stack's
// web3 grant, after hosted GoTrue): its shape, the signer, the URI and domain against the site's URL, and its times.
// link-wallet and verify-wallet both check here, so a link and a proof are held to the same rules.
import { verifyMessage } from 'ethers';
import { parseSiweMessage, SiweParseError, siweTimeRefusal, type SiweMessage } from './siweMessage.ts';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** What a message must be signed for: the site, and where given, the forum's chain and an expiry. */
export interface SiweSite {
  /** SITE_URL: the message's URI must be on its host (or its loopback twin). */
  url: string;
  /** WALLET_CHAIN_ID: when set, the message's Chain ID must be it. */
  chainId?: string;
  /** A message without an Expiration Time is refused (GoTrue takes one without). */
  expiryRequired?: boolean;
}

/** Whether the message was signed by its own address; the signature in hex, with or without its 0x (GoTrue takes both). */
export function signedBy(message: SiweMessage, signature: string): boolean {
  try {
    const hex = signature.startsWith('0x') ? signature : `0x${signature}`;
    return verifyMessage(message.raw, hex).toLowerCase() === message.address;
  } catch {
    // A signature that recovers to no key (a bad v, r or s) was made by no wallet: it is not the address's.
    return false;
  }
}

/** The site's host, or its loopback twin: the app may be opened as localhost or 127.0.0.1 on the same port. */
function onSite(uri: URL, siteUrl: string): boolean {
  const site = new URL(siteUrl);
  if (uri.host === site.host) return true;
  return LOOPBACK.has(uri.hostname) && LOOPBACK.has(site.hostname) && uri.port === site.port;
}

/** The refusal of the message's chain and expiry, beyond GoTrue's checks, or null when both hold. */
function siteRefusal(message: SiweMessage, site: SiweSite): string | null {
  if (site.chainId && message.chainId !== site.chainId) {
    return `Signed Ethereum message is for chain ${message.chainId}, but this forum's chain is ${site.chainId}`;
  }
  if (site.expiryRequired && !message.expirationTime) return 'Signed Ethereum message has no Expiration Time';
  return null;
}

/** The message, or the reason it is refused (the caller's mistake, answered with a 400). */
export function checkSiwe(raw: string, signature: string, site: SiweSite, now: number): SiweMessage | string {
  if (raw.length < 64) return 'message is too short';
  let message: SiweMessage;
  try {
    message = parseSiweMessage(raw);
  } catch (e) {
    if (e instanceof SiweParseError) return e.message;
    throw e;
  }
  if (!signedBy(message, signature)) return 'Signature does not match address in message';
  const uri = message.uri;
  if (uri.protocol !== 'https:' && uri.hostname !== 'localhost') {
    return 'Signed Ethereum message is using URI which does not use HTTPS';
  }
  if (!onSite(uri, site.url)) {
    return 'Signed Ethereum message is using URI which is not allowed on this server, message was signed for another app';
  }
  if (uri.host !== message.domain) {
    return 'Signed Ethereum message is using a Domain that does not match the one in URI which is not allowed on this server';
  }
  return siteRefusal(message, site) ?? siweTimeRefusal(message, now) ?? message;
}
