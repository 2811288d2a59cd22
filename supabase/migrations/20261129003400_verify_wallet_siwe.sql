-- Verify signs a Sign-In with Ethereum message (EIP-4361), as the wallet sign-in and the link do: its nonce comes from
-- siwe_nonce() and verify-wallet spends it with take_siwe_nonce(). The old challenge named no site, chain or expiry,
-- so a phishing page could have a holder sign it; it and its table go.
drop function public.take_wallet_challenge(uuid, uuid);
drop function public.wallet_challenge();
drop table public.wallet_challenges;
