// The local mailbox: auth mails are stored in local.mail instead of leaving the machine, for a person or a test to read.
import type { Queryable } from './db.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

export interface StoredMail extends Mail {
  created_at: string;
}

export async function sendMail(db: Queryable, mail: Mail): Promise<void> {
  await db.query('insert into local.mail (to_address, subject, text_body, links) values ($1, $2, $3, $4)', [
    mail.to,
    mail.subject,
    mail.text,
    mail.links,
  ]);
}

/** Newest first; `to` compares without case, as mail addresses do. */
export async function readMail(db: Queryable, to: string | undefined, limit = 200): Promise<StoredMail[]> {
  const { rows } = await db.query<{
    to_address: string;
    subject: string;
    text_body: string;
    links: string[];
    created_at: Date | string;
  }>(
    `select to_address, subject, text_body, links, created_at from local.mail
      where $1::text is null or lower(to_address) = lower($1) order by id desc limit $2`,
    [to ?? null, limit],
  );
  return rows.map((r) => ({
    to: r.to_address,
    subject: r.subject,
    text: r.text_body,
    links: r.links,
    created_at: new Date(r.created_at).toISOString(),
  }));
}
