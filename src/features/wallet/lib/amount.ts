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

/** '1234567' -> '1,234,567': the whole part of an amount, grouped by thousands. */
function grouped(whole: bigint): string {
  return whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Wei to GUAPX with exactly 4 decimals, rounded half up: 0.00005 GUAPX reads '0.0001', 0.0000499... '0.0000'. */
function formatWei(wei: bigint): string {
  const steps = (wei + WEI_PER_STEP / 2n) / WEI_PER_STEP;
  const fraction = (steps % 10n ** SHOWN_DECIMALS).toString().padStart(Number(SHOWN_DECIMALS), '0');
  return `${grouped(steps / 10n ** SHOWN_DECIMALS)}.${fraction}`;
}

/** What an amount under half a step reads: any wei is more than nothing, and '0.0000' would say nothing came. */
const UNDER_A_STEP = '< 0.0001';

/**
 * A wei string as GUAPX, without the symbol, thousands separated: '1500000000000000000' -> '1.5000',
 * 10^30 -> '1,000,000,000,000.0000', 1 -> '< 0.0001'. Null when the string is not a non-negative whole number, so a
 * malformed amount never shows as a number.
 */
export function formatGuapx(wei: string): string | null {
  const amount = parseWei(wei);
  if (amount === null) return null;
  const shown = formatWei(amount);
  return amount > 0n && shown === '0.0000' ? UNDER_A_STEP : shown;
}

/** Every wei of it, for a title: 1 -> '0.000000000000000001', 1234.5 GUAPX -> '1,234.5'. Null as formatGuapx. */
export function exactGuapx(wei: string): string | null {
  const amount = parseWei(wei);
  if (amount === null) return null;
  const fraction = (amount % 10n ** DECIMALS).toString().padStart(Number(DECIMALS), '0').replace(/0+$/, '');
  return fraction ? `${grouped(amount / 10n ** DECIMALS)}.${fraction}` : grouped(amount / 10n ** DECIMALS);
}

/**
 * A history entry's amount with its sign: '+1.5000' received, '-1.5000' sent. A failed transfer moved nothing and an
 * amount under a step is no visible change: neither has a sign. Null on a malformed wei string, as formatGuapx.
 */
export function formatSignedGuapx(wei: string, direction: Direction, failed = false): string | null {
  const shown = formatGuapx(wei);
  if (shown === null || failed || shown === '0.0000' || shown === UNDER_A_STEP) return shown;
  return `${direction === 'Sent' ? '-' : '+'}${shown}`;
}
