// The browser tests' servers: `npm start`'s local stack (supabase/local/start.ts) on a data folder copied from the
// migrated, seeded template, which spares each server its own migration.
import { join } from 'node:path';
import { copyMigratedPglite } from '../../support/migratedDatabase.ts';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR names the data folder of the browser tests’ server');
await copyMigratedPglite('seeded', join(dataDir, 'db'));
await import('../../../supabase/local/start.ts');
