// The GuapcoinX chain: its settings from the build's env (the issue: a desktop wallet uses another chain id, so none
// of them is a constant in code) and the hex chain id a wallet reports, read as the decimal the screen shows.

/** The variables a build may set, as import.meta.env carries them. */
interface WalletEnv {
  VITE_WALLET_CHAIN_ID?: string;
  VITE_WALLET_RPC_URL?: string;
  VITE_WALLET_EXPLORER_URL?: string;
  VITE_WALLET_DOWNLOAD_URL?: string;
}

export interface ChainConfig {
  chainId: number;
  chainName: string;
  rpcUrl: string;
  explorerUrl: string;
  /** The wallet browser's download page; unset, the prompt outside a wallet browser has no link to give. */
  downloadUrl?: string;
  /** As wallet_addEthereumChain takes it: the chain's own spelling of the symbol. */
  nativeCurrency: { name: string; symbol: string; decimals: number };
  /** The symbol the forum shows (SPEC §1: GUAPX). */
  displaySymbol: string;
}

const DEFAULT_CHAIN_ID = '71111';
const DEFAULT_RPC_URL = 'https://rpc-mainnet.guapcoinx.com/';
const DEFAULT_EXPLORER_URL = 'https://explorer.guapcoinx.com/';

/** A wallet's chain id ('0x115c7') as a number (71111); null unless it is 0x and hex digits, within 2^53. */
export function chainIdFromHex(hex: string): number | null {
  if (!/^0x[0-9a-fA-F]+$/.test(hex)) return null;
  const id = BigInt(hex);
  return id <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(id) : null;
}

function chainIdSetting(value: string): number {
  const id = /^[1-9]\d*$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(id)) {
    throw new Error(`VITE_WALLET_CHAIN_ID must be a decimal chain id such as 71111, not ${JSON.stringify(value)}`);
  }
  return id;
}

// URL.canParse would do, but Safari has it only from 17.
function parsedUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

function urlSetting(name: keyof WalletEnv, value: string): string {
  const url = parsedUrl(value);
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') {
    throw new Error(`${name} must be an http(s) URL, not ${JSON.stringify(value)}`);
  }
  return value;
}

/**
 * The chain settings, with the GuapcoinX values for what the env leaves unset (an empty value counts as
 * unset, as Vite gives `VAR=`). Throws an Error naming the variable when a set value is not valid: a build with a
 * wrong chain would show balances of another chain.
 */
export function chainConfig(env: WalletEnv): ChainConfig {
  const download = env.VITE_WALLET_DOWNLOAD_URL;
  return {
    chainId: chainIdSetting(env.VITE_WALLET_CHAIN_ID || DEFAULT_CHAIN_ID),
    chainName: 'GuapcoinX',
    rpcUrl: urlSetting('VITE_WALLET_RPC_URL', env.VITE_WALLET_RPC_URL || DEFAULT_RPC_URL),
    explorerUrl: urlSetting('VITE_WALLET_EXPLORER_URL', env.VITE_WALLET_EXPLORER_URL || DEFAULT_EXPLORER_URL),
    ...(download && { downloadUrl: urlSetting('VITE_WALLET_DOWNLOAD_URL', download) }),
    nativeCurrency: { name: 'GuapX', symbol: 'GuapX', decimals: 18 },
    displaySymbol: 'GUAPX',
  };
}
