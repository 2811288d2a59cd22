// The browser tests' servers: `npm start`'s local stack (supabase/local/serve.ts) on a data folder copied from the
// migrated, seeded template, which spares each server its own migration. Passwords are hashed at bcrypt's lowest
// cost, the demo accounts' too: a check at GoTrue's cost takes most of a second here, and the specs sign in and sign
// up a hundred times. The cost itself is tested on the backend (tests/backend/auth-signup.test.ts).
import { join } from 'node:path';
import { hashPassword } from '../../../supabase/local/auth/passwords.ts';
import { serveLocalStack } from '../../../supabase/local/serve.ts';
import { copyMigratedPglite } from '../../support/migratedDatabase.ts';
import { DEMO_ACCOUNTS } from './accounts.ts';

const HASH_COST = 4;

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR names the data folder of the browser tests’ server');
await copyMigratedPglite('seeded', join(dataDir, 'db'));
const { db } = await serveLocalStack({ passwordHashCost: HASH_COST });
for (const { email, password } of DEMO_ACCOUNTS) {
  await db.query('update auth.users set encrypted_password = $1 where email = $2', [
    await hashPassword(password, HASH_COST),
    email,
  ]);
}
