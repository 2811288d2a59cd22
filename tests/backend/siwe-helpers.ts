// Sign-In with Ethereum in Node: an EIP-1193 wallet backed by an ethers Wallet, for supabase-js's signInWithWeb3,
// and EIP-4361 messages built and signed by hand, for the raw requests a client could send.
import { getBytes, toUtf8String, type BaseWallet } from 'ethers';
import type { EthereumWallet, SupabaseClient } from '@supabase/supabase-js';
import type { TestStack } from './stack.ts';

/** What window.ethereum answers a dapp: the account, the chain, and personal_sign over the message's bytes. */
export function nodeWallet(signer: BaseWallet, chainId = 71111): EthereumWallet {
  return {
    address: signer.address,
    // The account and chain never change here, so there is nothing to tell listeners.
    on: () => undefined,
    removeListener: () => undefined,
    async request({ method, params }) {
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return [signer.address];
        case 'eth_chainId':
          return `0x${chainId.toString(16)}`;
        case 'personal_sign':
          return signer.signMessage(toUtf8String(getBytes((params as string[])[0] ?? '0x')));
        default:
          throw Object.assign(new Error(`unsupported method ${method}`), { code: 4200 });
      }
    },
  };
}

export async function newNonce(stack: TestStack): Promise<string> {
  const { data, error } = await stack.anon().rpc('siwe_nonce');
  if (error || typeof data !== 'string') throw new Error(`siwe_nonce failed: ${error?.message}`);
  return data;
}

export interface MessageParts {
  domain: string;
  address: string;
  uri: string;
  nonce: string;
  issuedAt?: Date;
  expirationTime?: Date;
  notBefore?: Date;
  chainId?: number;
  statement?: string;
}

/** The message as auth-js's createSiweMessage lays it out. */
export function siweMessage(p: MessageParts): string {
  const lines = [`${p.domain} wants you to sign in with your Ethereum account:`, p.address, ''];
  lines.push(...(p.statement ? [p.statement, ''] : ['']));
  lines.push(`URI: ${p.uri}`, 'Version: 1', `Chain ID: ${p.chainId ?? 71111}`, `Nonce: ${p.nonce}`);
  lines.push(`Issued At: ${(p.issuedAt ?? new Date()).toISOString()}`);
  if (p.expirationTime) lines.push(`Expiration Time: ${p.expirationTime.toISOString()}`);
  if (p.notBefore) lines.push(`Not Before: ${p.notBefore.toISOString()}`);
  return lines.join('\n');
}

export async function postWeb3(stack: TestStack, body: Record<string, unknown>) {
  const res = await fetch(`${stack.url}/auth/v1/token?grant_type=web3`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The loopback name hosted GoTrue accepts without https (the stack's own 127.0.0.1 is its twin). */
export const localhostUrl = (stack: TestStack, path = '/sign-in') =>
  `http://localhost:${new URL(stack.url).port}${path}`;

export async function signedBody(signer: BaseWallet, parts: Omit<MessageParts, 'address'>) {
  const message = siweMessage({ ...parts, address: signer.address });
  return { chain: 'ethereum', message, signature: await signer.signMessage(message) };
}

export async function signInWithWallet(client: SupabaseClient, stack: TestStack, signer: BaseWallet) {
  return client.auth.signInWithWeb3({
    chain: 'ethereum',
    wallet: nodeWallet(signer),
    statement: 'Sign in to the GuapCoin Forum.',
    options: { url: localhostUrl(stack), signInWithEthereum: { nonce: await newNonce(stack) } },
  });
}
