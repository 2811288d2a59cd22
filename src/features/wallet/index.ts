// What other features may use of the wallet: the connector's hook and prompt, the chain with its explorer pages,
// and GUAPX amounts. The profile's Verify, Send and tips use these.
export { inWallet, WalletDeclined } from './connector/connector.ts';
export { useWallet } from './connector/useWallet.ts';
export { WalletBrowserHint } from './connector/WalletBrowserPrompt.tsx';
export { exactGuapx, formatGuapx } from './lib/amount.ts';
export { chainIdFromHex } from './lib/chain.ts';
export { parseTipAmount } from './lib/tipAmount.ts';
export { explorerPage, walletChain } from './lib/walletChain.ts';
export { useKnownBalance } from './useKnownBalance.ts';
