// auth.users as hosted has it: its columns and their defaults, GoTrue writing what has no default, and email
// uniqueness as written, for non-SSO users only.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ migrations: false });
});
afterAll(() => stack.close());

interface Column {
  column_name: string;
  data_type: string;
  column_default: string | null;
}

async function columns(): Promise<Map<string, Column>> {
  const { rows } = await stack.db.query<Column>(
    `select column_name, data_type, column_default from information_schema.columns
     where table_schema = 'auth' and table_name = 'users'`,
  );
  return new Map(rows.map((r) => [r.column_name, r]));
}

test("has GoTrue's change and reauthentication columns, with its types and defaults", async () => {
  const cols = await columns();
  const expected: [string, string, string | null][] = [
    ['email_change_token_current', 'character varying', "''::character varying"],
    ['email_change_confirm_status', 'smallint', '0'],
    ['phone_change', 'text', "''::text"],
    ['phone_change_token', 'character varying', "''::character varying"],
    ['phone_change_sent_at', 'timestamp with time zone', null],
    ['reauthentication_token', 'character varying', "''::character varying"],
    ['reauthentication_sent_at', 'timestamp with time zone', null],
  ];
  for (const [name, type, fallback] of expected) {
    expect(cols.get(name), name).toEqual({ column_name: name, data_type: type, column_default: fallback });
  }
});

test('has no default where hosted has none: tokens and timestamps are written by the auth server', async () => {
  const cols = await columns();
  for (const name of [
    'confirmation_token',
    'recovery_token',
    'email_change_token_new',
    'email_change',
    'created_at',
    'updated_at',
  ]) {
    expect(cols.get(name)?.column_default, name).toBeNull();
  }
});

test("a sign-up through the API writes the timestamps and '' for the tokens itself", async () => {
  const email = `fresh-${randomUUID().slice(0, 8)}@example.test`;
  const { data, error } = await stack.anon().auth.signUp({ email, password: 'correct-horse-7' });
  expect(error).toBeNull();
  const { rows } = await stack.db.query(
    `select created_at is not null as created, updated_at is not null as updated, recovery_token, email_change,
       email_change_token_new, email_change_token_current, phone_change, reauthentication_token,
       email_change_confirm_status
     from auth.users where id = $1`,
    [data.user?.id],
  );
  expect(rows).toEqual([
    {
      created: true,
      updated: true,
      recovery_token: '',
      email_change: '',
      email_change_token_new: '',
      email_change_token_current: '',
      phone_change: '',
      reauthentication_token: '',
      email_change_confirm_status: 0,
    },
  ]);
});

test('email is unique as written among non-SSO users; SSO users may share it', async () => {
  const local = `Case.${randomUUID().slice(0, 8)}@example.test`;
  const insert = (email: string, sso = false) =>
    stack.db.query(
      `insert into auth.users (id, aud, role, email, is_sso_user) values ($1, 'authenticated', 'authenticated', $2, $3)`,
      [randomUUID(), email, sso],
    );
  await insert(local);
  await insert(local.toLowerCase());
  await expect(insert(local)).rejects.toMatchObject({ code: '23505' });
  await insert(local, true);
  const { rows } = await stack.db.query<{ n: number }>(
    'select count(*)::int as n from auth.users where lower(email) = lower($1)',
    [local],
  );
  expect(rows[0]?.n).toBe(3);
});
