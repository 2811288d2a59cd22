// The texts of the auth mails; each carries its link and the same one-time code for typing in.
import type { Queryable } from '../db.ts';
import { sendMail } from '../mail.ts';

const PRODUCT = 'GuapCoin Forum';

const texts = {
  signup: {
    subject: `Confirm your ${PRODUCT} account`,
    intro: `Welcome to ${PRODUCT}! Follow this link to confirm your email address:`,
  },
  recovery: {
    subject: `Reset your ${PRODUCT} password`,
    intro: `Someone asked to reset the password of your ${PRODUCT} account. If it was you, follow this link:`,
  },
  magiclink: {
    subject: `Your ${PRODUCT} sign-in link`,
    intro: `Follow this link to sign in to ${PRODUCT}:`,
  },
  email_change: {
    subject: `Confirm your new email for ${PRODUCT}`,
    intro: `Follow this link to confirm this address as the new email of your ${PRODUCT} account:`,
  },
} as const;

export type MailKind = keyof typeof texts;

export async function sendAuthMail(db: Queryable, kind: MailKind, to: string, link: string, otp: string) {
  const { subject, intro } = texts[kind];
  const text = `${intro}\n\n${link}\n\nOr enter this code: ${otp}\n\nThe link works for one hour. If you did not ask for this, ignore this mail.`;
  await sendMail(db, { to, subject, text, links: [link] });
}

/** To the owner of an account, when someone signs up with its address: sign-up answers as for a new email. */
export async function sendSignupAttemptMail(db: Queryable, to: string, signInLink: string, resetLink: string) {
  const text =
    `Someone tried to create a ${PRODUCT} account with this email address, which already has one.\n\n` +
    `If it was you, sign in here:\n\n${signInLink}\n\nForgot your password? Reset it here:\n\n${resetLink}\n\n` +
    'If it was not you, ignore this mail: nothing was changed.';
  await sendMail(db, {
    to,
    subject: `Someone tried to sign up with your ${PRODUCT} email`,
    text,
    links: [signInLink, resetLink],
  });
}
