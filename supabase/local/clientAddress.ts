// Whose request this is, for the rate limits: the socket's peer, or, behind reverse proxies the operator trusts
// (TRUST_PROXY), the address they forwarded. Without that setting X-Forwarded-For is ignored, so a client cannot
// pick its own address; with it, members behind one proxy no longer share one limit.
import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

export type ClientAddress = (req: IncomingMessage) => string;

/**
 * TRUST_PROXY takes Express's forms: a number of proxy hops in front of the stack, or a comma-separated list of
 * proxy addresses and subnets (also `loopback`, `linklocal`, `uniquelocal`). Anything else is refused at start.
 */
export function clientAddress(trustProxy: string | undefined): ClientAddress {
  const peer: ClientAddress = (req) => req.socket.remoteAddress ?? '';
  if (trustProxy === undefined) return peer;
  const trust = parseTrust(trustProxy);
  return (req) => proxyaddr(req, trust);
}

function parseTrust(value: string): (address: string, hop: number) => boolean {
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  const list = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  try {
    return proxyaddr.compile(list);
  } catch (error) {
    throw new Error(
      `TRUST_PROXY must be a number of proxy hops or a comma-separated list of proxy addresses, subnets, ` +
        `loopback, linklocal or uniquelocal: ${(error as Error).message}`,
      { cause: error },
    );
  }
}
