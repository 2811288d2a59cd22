// Reads the local stack's mailbox (GET /local/v1/mail?to=), where confirmation and reset mails land.
import { expect, type APIRequestContext } from '@playwright/test';

interface Mail {
  to: string;
  subject: string;
  text: string;
  links: string[];
  created_at: string;
}

/** The link of the newest mail to `to` whose subject matches, waiting for it to arrive. */
export async function mailLink(request: APIRequestContext, to: string, subject: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        // A connection of its own, closed after the answer: the server closes idle connections after 5 s, and
        // Playwright's client may reuse one at that moment and be reset (a test polls again after a longer pause).
        const res = await request.get(`/local/v1/mail?to=${encodeURIComponent(to)}`, {
          headers: { connection: 'close' },
        });
        const mails = (await res.json()) as Mail[];
        link = mails.find((m) => subject.test(m.subject))?.links[0];
        return link;
      },
      { message: `a mail to ${to} matching ${subject}`, timeout: 60_000 },
    )
    .toBeTruthy();
  return link!;
}
