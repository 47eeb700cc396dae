/**
 * Outgoing mail. A message that carries a secret (a sign-in code, a verification link) is a mail job
 * put straight on the mailer's queue by the command that made it, so the secret never enters the event
 * log; mail about recorded facts (notifications) is composed by the mailer from the event itself.
 * The mailer sends each job or event once (functions/notifications/consumers/mailer.ts).
 */
import { randomUUID } from 'node:crypto';
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import * as z from 'zod/mini';
import { brand } from '../../events/brand.js';
import type { NotificationContent } from '../../events/index.js';
import { queueName } from '../consumers.js';
import { escapeHtml } from './contract/html.js';
import { queueUrl, sesClient, sqsClient } from './aws.js';
import { env } from './env.js';

const MAILER = 'mailer';

export const mailJobSchema = z.object({
  kind: z.literal('mail'),
  jobId: z.string().check(z.minLength(1)),
  to: z.email(),
  subject: z.string().check(z.minLength(1)),
  text: z.string().check(z.minLength(1)),
  html: z.string().check(z.minLength(1)),
});
export type MailJob = z.infer<typeof mailJobSchema>;
export type Mail = Omit<MailJob, 'kind' | 'jobId'>;

/** The first origin of APP_ORIGIN: where links in mail point. */
export const appOrigin = () => env().APP_ORIGIN.split(',')[0].trim().replace(/\/$/, '');

function layout(title: string, paragraphs: string[], action?: { text: string; url: string }): string {
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:${brand.accentColor};color:#111;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.text)}</a></p>`
    : '';
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#111;color:#eee;padding:24px">
<div style="max-width:480px;margin:0 auto"><h1 style="font-size:20px">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p style="line-height:1.5">${p}</p>`).join('\n')}${button}
<p style="color:#999;font-size:12px">${escapeHtml(brand.labelName)} · ${escapeHtml(brand.supportEmail)}</p></div></body></html>`;
}

/** One message with both ways in: the 6-digit code and the magic link. */
export function signInMail(to: string, code: string, linkToken: string, minutes: number): Mail {
  const link = `${appOrigin()}/magic-login?token=${encodeURIComponent(linkToken)}`;
  return {
    to,
    subject: `Your ${brand.product} sign-in code is ${code}`,
    text: [
      `Your ${brand.product} sign-in code is ${code}`,
      '',
      `Or sign in with this link: ${link}`,
      '',
      `The code and the link work once, for ${minutes} minutes. If you did not ask to sign in, you can ignore this message.`,
    ].join('\n'),
    html: layout(
      `Sign in to ${brand.product}`,
      [
        `Your sign-in code is <strong style="font-size:28px;letter-spacing:6px">${escapeHtml(code)}</strong>`,
        `Or sign in with one click: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
        `The code and the link work once, for ${minutes} minutes. If you did not ask to sign in, you can ignore this message.`,
      ],
      { text: `Sign in to ${brand.product}`, url: link },
    ),
  };
}

export function verifyEmailMail(to: string, token: string): Mail {
  const link = `${appOrigin()}/verify-email?token=${encodeURIComponent(token)}&email=${encodeURIComponent(to)}`;
  return {
    to,
    subject: `Confirm your e-mail for ${brand.product}`,
    text: `Confirm this address for your ${brand.product} account: ${link}\n\nIf you did not ask for this, you can ignore this message.`,
    html: layout(
      `Confirm your e-mail`,
      [`Confirm this address for your ${brand.product} account.`, `If you did not ask for this, you can ignore this message.`],
      {
        text: 'Confirm e-mail',
        url: link,
      },
    ),
  };
}

/**
 * To the owner of an address just proved for the first time, when the account had been opened or used before the
 * proof: what was ended, so a stranger who opened it under their address is named, not hidden.
 */
export function unprovenAccessRevokedMail(to: string, passwordRemoved: boolean): Mail {
  const what = [
    'Every other session of this account has been signed out.',
    ...(passwordRemoved
      ? ['The password set on it before you confirmed your address has been removed: sign in with a code sent to this address.']
      : []),
  ];
  const why = `You just confirmed this address for your ${brand.product} account, which was opened or used before the address was confirmed. If someone else opened it under your address, they no longer have access.`;
  return {
    to,
    subject: `Your ${brand.product} account is now yours alone`,
    text: [why, '', ...what, '', `Questions? ${brand.supportEmail}`].join('\n'),
    html: layout(`Your ${brand.product} account is now yours alone`, [escapeHtml(why), ...what.map(escapeHtml)]),
  };
}

/** The code, mailed to the address in force, that lets the account move to a new address. */
export function emailChangeCodeMail(to: string, newEmail: string, code: string, minutes: number): Mail {
  const warning = `Entering it asks to move your ${brand.product} account to ${newEmail}; this address stays in force until the new one is confirmed. If you did not ask for this, ignore this message: nothing changes.`;
  return {
    to,
    subject: `Your ${brand.product} code to change your e-mail address is ${code}`,
    text: [
      `Your ${brand.product} code to change your e-mail address is ${code}`,
      '',
      `It works once, for ${minutes} minutes. ${warning}`,
    ].join('\n'),
    html: layout(`Change your e-mail address`, [
      `Your code is <strong style="font-size:28px;letter-spacing:6px">${escapeHtml(code)}</strong>`,
      `It works once, for ${minutes} minutes. ${escapeHtml(warning)}`,
    ]),
  };
}

/** To the old address, once the new one is confirmed: the account has moved. */
export function emailChangedMail(to: string, newEmail: string): Mail {
  const text = `Your ${brand.product} account now uses ${newEmail}; mail no longer comes to this address. If you did not make this change, write to ${brand.supportEmail} at once.`;
  return {
    to,
    subject: `Your ${brand.product} e-mail address was changed`,
    text,
    html: layout('Your e-mail address was changed', [escapeHtml(text)]),
  };
}

/** What an admin's address gets when someone asks it for a sign-in code: admins sign in with their password. */
export function adminSignInMail(to: string): Mail {
  const text = `Someone asked for a ${brand.product} sign-in code for this address. This is an administrator account: it signs in with its password and authenticator app, never by code. If it was not you, you can ignore this message.`;
  const link = appOrigin();
  return {
    to,
    subject: `Sign in to ${brand.product} with your password`,
    text: `${text}\n\n${link}`,
    html: layout(`Sign in with your password`, [escapeHtml(text)], { text: `Open ${brand.product}`, url: link }),
  };
}

/** The band page's double opt-in: the fan joins the list only by following this link. */
export function fanSignupConfirmMail(to: string, bandPage: string, token: string, hours: number): Mail {
  const link = `${appOrigin()}/${bandPage}-signup?confirm=${encodeURIComponent(token)}`;
  const note = `The link works for ${hours} hours. If you did not sign up, ignore this message: you will not be added.`;
  return {
    to,
    subject: `Confirm your signup to ${brand.labelName}'s mailing list`,
    text: [`Confirm that you want news from ${brand.labelName}: ${link}`, '', note].join('\n'),
    html: layout('Confirm your signup', [`Confirm that you want news from ${escapeHtml(brand.labelName)}.`, escapeHtml(note)], {
      text: 'Confirm my signup',
      url: link,
    }),
  };
}

/** The code that confirms the deletion of an account (POST /api/users/me/deletion/confirm). */
export function accountDeletionMail(to: string, code: string, minutes: number): Mail {
  const warning = `Entering it deletes your ${brand.product} account and your personal data for good. If you did not ask for this, ignore this message: nothing happens.`;
  return {
    to,
    subject: `Your ${brand.product} account deletion code is ${code}`,
    text: [`Your ${brand.product} account deletion code is ${code}`, '', `It works once, for ${minutes} minutes. ${warning}`].join('\n'),
    html: layout(`Delete your ${brand.product} account`, [
      `Your account deletion code is <strong style="font-size:28px;letter-spacing:6px">${escapeHtml(code)}</strong>`,
      `It works once, for ${minutes} minutes. ${escapeHtml(warning)}`,
    ]),
  };
}

/** Tells an admin their second step was locked after wrong codes: someone may hold their password. */
export function secondStepLockedMail(to: string, wrongCodes: number, until: string): Mail {
  const time = `${until.slice(11, 16)} UTC`;
  const lines = [
    `Someone gave ${wrongCodes} wrong authenticator codes in a row for your ${brand.product} admin account, so its second step is locked until ${time}.`,
    `If it was not you, someone may know your password: change it, and tell the label's owners.`,
  ];
  return {
    to,
    subject: `Your ${brand.product} admin sign-in is locked until ${time}`,
    text: lines.join('\n\n'),
    html: layout('Your admin sign-in is locked', lines.map(escapeHtml)),
  };
}

export function notificationMail(to: string, content: NotificationContent): Mail {
  const url = content.actionUrl
    ? /^[a-z][a-z0-9+.-]*:\/\//i.test(content.actionUrl)
      ? content.actionUrl
      : `${appOrigin()}${content.actionUrl.startsWith('/') ? '' : '/'}${content.actionUrl.replace(/^\.\//, '')}`
    : null;
  return {
    to,
    subject: content.title,
    text: [content.message, ...(url ? ['', `${content.actionText ?? 'Open'}: ${url}`] : [])].join('\n'),
    html: layout(content.title, [escapeHtml(content.message)], url ? { text: content.actionText ?? 'Open', url } : undefined),
  };
}

/** Hands a message to the mailer; `jobId` makes a repeated hand-over send one mail. */
export async function enqueueMail(mail: Mail, jobId: string = randomUUID()): Promise<void> {
  const job: MailJob = { kind: 'mail', jobId, ...mail };
  await sqsClient().send(
    new SendMessageCommand({
      QueueUrl: await queueUrl(queueName(env().QUEUE_PREFIX, { name: MAILER })),
      MessageBody: JSON.stringify(job),
      MessageGroupId: `mail-${mail.to}`.replace(/[^\w!"#$%&'()*+,\-./:;<=>?@[\\\]^`{|}~]/g, '_').slice(0, 128),
      MessageDeduplicationId: jobId.slice(0, 128),
    }),
  );
}

/** SES: the actual send (the mailer calls it inside `once`). */
export async function sendMail(mail: Mail): Promise<void> {
  await sesClient().send(
    new SendEmailCommand({
      FromEmailAddress: brand.mailFrom,
      Destination: { ToAddresses: [mail.to] },
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
        },
      },
    }),
  );
}
