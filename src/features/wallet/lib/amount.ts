// GUAPX amounts from the explorer's wei strings (SPEC §9: divided by 1e18, 4 decimals), in bigint: a float loses
// wei above 2^53 (0.009 GUAPX) and cannot hold 10^30 wei exactly.

/** Which way a transaction moved coins, seen from the member's address. */
export type Direction = 'Received' | 'Sent';

const DECIMALS = 18n;
const SHOWN_DECIMALS = 4n;
const WEI_PER_STEP = 10n ** (DECIMALS - SHOWN_DECIMALS);

/** The wei in a string of decimal digits; null for anything else ('', '1.5', '-3', 'abc', '0x10', ' 1'). */
export function parseWei(value: string): bigint | null {
  return /^\d+$/.test(value) ? BigInt(value) : null;
}

/** Wei to GUAPX with exactly 4 decimals, rounded half up: 0.00005 GUAPX reads '0.0001', 0.0000499... '0.0000'. */
function formatWei(wei: bigint): string {
  const steps = (wei + WEI_PER_STEP / 2n) / WEI_PER_STEP;
  const fraction = (steps % 10n ** SHOWN_DECIMALS).toString().padStart(Number(SHOWN_DECIMALS), '0');
  return `${steps / 10n ** SHOWN_DECIMALS}.${fraction}`;
}

/**
 * A wei string as GUAPX, without the symbol and without thousands separators: '1500000000000000000' -> '1.5000'.
 * Null when the string is not a non-negative whole number, so a malformed amount never shows as a number.
 */
export function formatGuapx(wei: string): string | null {
  const amount = parseWei(wei);
  return amount === null ? null : formatWei(amount);
}

/**
 * A history entry's amount with its sign: '+1.5000' received, '-1.5000' sent. An amount that rounds to '0.0000' has
 * no sign (a 1 wei transfer would otherwise read '-0.0000'). Null on a malformed wei string, as formatGuapx.
 */
export function formatSignedGuapx(wei: string, direction: Direction): string | null {
  const shown = formatGuapx(wei);
  if (shown === null || shown === '0.0000') return shown;
  return `${direction === 'Sent' ? '-' : '+'}${shown}`;
}
