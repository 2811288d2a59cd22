// A sent tip's hash is on chain before the forum knows of it: it is kept on the device until the server has
// recorded it, so a tip sent just as the connection dropped is recorded on the next visit, never lost.
import type { ForumClient } from '../../../backend/client.ts';
import { checkTip, recordTip, type NewTip, type TipStatus } from '../../../backend/wallet.ts';
import { logError } from '../../../state/errors/reportError.ts';

const KEY = 'guap.unrecorded-tips';

function kept(): NewTip[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? (value as NewTip[]) : [];
  } catch (error) {
    logError(error, 'The kept tips could not be read');
    return [];
  }
}

function keep(tips: NewTip[]) {
  if (tips.length) localStorage.setItem(KEY, JSON.stringify(tips));
  else localStorage.removeItem(KEY);
}

const forget = (hash: string) => keep(kept().filter((t) => t.tx_hash !== hash));

/** Records a sent tip, keeping it on the device until the server has it; answers the tip's id. */
export async function recordSentTip(client: ForumClient, tip: NewTip): Promise<string> {
  keep([...kept().filter((t) => t.tx_hash !== tip.tx_hash), tip]);
  const id = await recordTip(client, tip);
  forget(tip.tx_hash);
  return id;
}

/** Records the tips a failed connection left on the device, and has each checked on chain; answers how many counted. */
export async function recordKeptTips(client: ForumClient): Promise<number> {
  let confirmed = 0;
  for (const tip of kept()) {
    try {
      if ((await checkTip(client, await recordSentTip(client, tip))) === 'confirmed') confirmed += 1;
    } catch (error) {
      const failure = logError(error, 'A kept tip could not be recorded');
      // The server refused it for good (its recipient changed address, say): asking again cannot change that.
      if (failure.kind === 'refused' || failure.kind === 'invalid') forget(tip.tx_hash);
    }
  }
  return confirmed;
}

/** The waits between checks of a tip whose transaction the explorer does not show yet. */
const CHECK_AGAIN_MS = [3_000, 10_000, 30_000];

/** Checks a tip until the server settles it or the waits run out; answers the last status. */
export async function followTip(client: ForumClient, tipId: string): Promise<TipStatus> {
  for (let attempt = 0; ; attempt++) {
    const status = await checkTip(client, tipId);
    const wait = CHECK_AGAIN_MS[attempt];
    if (status !== 'pending' || wait === undefined) return status;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
