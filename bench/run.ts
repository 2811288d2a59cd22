// `npm run bench`: runs every benchmark and prints its table. Budgets live here, never in timed test assertions.
import '../supabase/local/noRealtimeSocket.ts';
import { benchBundle } from './bundle.ts';
import { benchLocalStack } from './local-stack.ts';
import { benchMembers } from './members.ts';
import { benchMirrorSearch } from './mirrorSearch.ts';
import { benchModerationUsers } from './moderationUsers.ts';
import { benchNotificationFanout } from './notificationFanout.ts';
import { benchOfflineStart } from './offlineStart.ts';
import { benchReadPosition } from './readPosition.ts';
import { benchRunaway } from './runaway.ts';
import { benchSync } from './sync.ts';
import { benchThreadPaint } from './threadPaint.ts';

await benchBundle();
await benchLocalStack();
await benchRunaway();
await benchSync();
await benchThreadPaint();
await benchReadPosition();
await benchOfflineStart();
await benchMirrorSearch();
await benchMembers();
await benchModerationUsers();
await benchNotificationFanout();
