// Send: a tip in GUAPX from the viewer's connected wallet to a member's verified address, shown in full. It shows the
// amount, the balance the forum knows, the network fee estimate and the chain, refuses more than the balance with
// the fee, switches the wallet's chain first when needed, and records the transaction hash as a tip (through the
// outbox: offline it waits) that counts once the server has found it on chain.
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '../../../state/toast.ts';
import { WALLET_FAILURES } from '../../../backend/failureTexts.ts';
import { logError, reportError } from '../../../state/errors/reportError.ts';
import { useTipActions } from '../../../state/mutations/tips.ts';
import { useSyncStatusOf } from '../../../state/sync/SyncContext.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { Field } from '../../../ui/Field.tsx';
import {
  chainIdFromHex,
  formatGuapx,
  inWallet,
  parseTipAmount,
  useKnownBalance,
  useWallet,
  WalletDeclined,
} from '../../wallet/index.ts';
import styles from '../Profile.module.css';

interface TipRecipient {
  id: string;
  username: string;
  address: string;
}

interface SendTipDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  recipient: TipRecipient;
}

/** The fee for the typed amount, asked of the wallet once typing pauses. */
function useFeeEstimate(to: string, wei: bigint | null): bigint | null {
  const { estimateFee } = useWallet();
  const [fee, setFee] = useState<{ wei: bigint | null; fee: bigint } | null>(null);
  useEffect(() => {
    if (wei === null) return;
    let current = true;
    const timer = setTimeout(() => {
      estimateFee({ to, value: wei }).then(
        (estimate) => current && setFee({ wei, fee: estimate }),
        (error: unknown) => logError(error, 'The fee could not be estimated'),
      );
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [estimateFee, to, wei]);
  return fee !== null && fee.wei === wei ? fee.fee : null;
}

function feeText(fee: bigint | null): string {
  return fee === null ? 'Estimating...' : `${formatGuapx(fee.toString())} GUAPX`;
}

/** Refused before the wallet is asked: the amount and its fee are more than the account is known to hold. */
function overBalance(wei: bigint, fee: bigint | null, balance: bigint | null): string | null {
  if (balance === null || wei + (fee ?? 0n) <= balance) return null;
  const held = `${formatGuapx(balance.toString())} GUAPX`;
  return fee === null
    ? `Not enough GUAPX: your wallet holds ${held}.`
    : `Not enough GUAPX: your wallet holds ${held}, and this amount with the network fee is more.`;
}

export function SendTipDialog({ open, onOpenChange, recipient }: SendTipDialogProps) {
  const wallet = useWallet();
  const { record } = useTipActions();
  const online = useSyncStatusOf((s) => s.online);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const amount = parseTipAmount(text);
  const fee = useFeeEstimate(recipient.address, amount.ok ? amount.wei : null);
  const { chain } = wallet;
  const balance = useKnownBalance(wallet.state.accounts[0], chain.explorerUrl);
  const walletChainId = wallet.state.chainId === null ? null : chainIdFromHex(wallet.state.chainId);
  const wrongChain = walletChainId !== chain.chainId;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!amount.ok) {
      setError(amount.message);
      return;
    }
    const tooMuch = overBalance(amount.wei, fee, balance);
    if (tooMuch) {
      setError(tooMuch);
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      if (wrongChain) await inWallet(wallet.switchChain);
      const hash = await inWallet(() => wallet.sendTransaction({ to: recipient.address, value: amount.wei }));
      await record({
        recipient_id: recipient.id,
        recipientName: recipient.username,
        tx_hash: hash.toLowerCase(),
        to_address: recipient.address,
        amount_wei: amount.wei.toString(),
        chain_id: chain.chainId,
      });
      toast.success(
        online
          ? `Tip sent to @${recipient.username}. It counts once confirmed on chain.`
          : `Tip sent to @${recipient.username}. It is recorded when you are back online.`,
      );
      onOpenChange(false);
      setText('');
    } catch (failure) {
      if (!(failure instanceof WalletDeclined)) reportError(failure, WALLET_FAILURES.tip);
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Send GUAPX to @${recipient.username}`}>
      <form className={styles.tipForm} onSubmit={(e) => void send(e)} noValidate>
        <p className="muted">
          To their verified address <code className={styles.fullAddress}>{recipient.address}</code>
        </p>
        <Field
          label="Amount (GUAPX)"
          inputMode="decimal"
          placeholder="1.5"
          autoComplete="off"
          value={text}
          error={error}
          onChange={(e) => {
            // The message was about the amount as it was: a new amount is checked again on Send.
            setError(undefined);
            setText(e.target.value);
          }}
        />
        <dl className={styles.tipFacts}>
          <dt>Your balance</dt>
          <dd>{balance === null ? 'Unknown' : `${formatGuapx(balance.toString())} GUAPX`}</dd>
          <dt>Network fee</dt>
          <dd>{amount.ok ? feeText(fee) : '-'}</dd>
          <dt>Chain</dt>
          <dd>
            {chain.chainName} ({chain.chainId})
            {wrongChain && walletChainId !== null && (
              <span className="muted"> · your wallet is on {walletChainId}: sending switches it</span>
            )}
          </dd>
        </dl>
        <div className={styles.formActions}>
          <Button onClick={() => onOpenChange(false)} disabled={sending}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={sending}>
            {sending ? 'Sending...' : 'Send'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
