// The amount a member types to send, as wei: decimal GUAPX with up to 18 places, read with bigint so that
// '0.1' is exactly 10^17 wei and no float rounds what leaves their wallet.

const DECIMALS = 18;
const AMOUNT = /^(\d+)(?:\.(\d+))?$/;

type TipAmount = { ok: true; wei: bigint } | { ok: false; message: string };

export function parseTipAmount(text: string): TipAmount {
  const match = AMOUNT.exec(text.trim().replace(',', '.'));
  if (!match) return { ok: false, message: 'Enter an amount such as 1.5' };
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > DECIMALS) return { ok: false, message: 'GUAPX has at most 18 decimals' };
  const wei = BigInt(whole) * 10n ** BigInt(DECIMALS) + BigInt(fraction.padEnd(DECIMALS, '0') || '0');
  if (wei === 0n) return { ok: false, message: 'Enter an amount above 0' };
  return { ok: true, wei };
}
