// 'Load sample data' (SPEC §2): a few threads that show the shape of an import and pass the new-thread rules.
import type { BulkItem } from './parseBulk.ts';

export const SAMPLE_ITEMS: BulkItem[] = [
  {
    title: 'Welcome to GUAPX staking',
    content: 'How staking works, what the rewards are and how often they are paid. Ask your questions below.',
  },
  {
    title: 'Running a GuapCoin node at home',
    content: 'Share your hardware, your bandwidth and the settings that keep your node in sync.',
  },
  {
    title: 'Wallet security checklist',
    content: 'Back up your seed phrase offline, never share it, and check every address before you send GUAPX.',
  },
];
