/** The local inbox of the test cloud: the codes a person was mailed (sign-in, account deletion), for journeys through the real flows. */
import { inject } from 'vitest';

interface InboxMail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
}

async function mailsTo(email: string, subject: RegExp): Promise<InboxMail[]> {
  const response = await fetch(`${inject('inboxUrl')}/store`);
  const { emails } = (await response.json()) as { emails: InboxMail[] };
  return emails.filter(
    (mail) => mail.destination.to.some((to) => to.toLowerCase().includes(email.toLowerCase())) && subject.test(mail.subject),
  );
}

/** The 6-digit code of the `nth` mail (from 0) to `email` whose subject fits `subject`, waiting up to `timeoutMs` for it. */
async function mailedCode(email: string, subject: RegExp, timeoutMs: number, nth = 0): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = (await mailsTo(email, subject))[nth];
    const code = mail && /\b(\d{6})\b/.exec(`${mail.subject}\n${mail.body.text ?? ''}`)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No mail with a code and a subject like ${subject} reached ${email} within ${timeoutMs} ms`);
}

/** The 6-digit code of the first sign-in mail to `email` (or of the `nth`, from 0), waiting up to 20 s for it. */
export const signInCode = (email: string, timeoutMs = 20_000, nth = 0) => mailedCode(email, /sign-in code/i, timeoutMs, nth);

/** The 6-digit code of the first account-deletion mail to `email`, waiting up to 20 s for it. */
export const deletionCode = (email: string, timeoutMs = 20_000) => mailedCode(email, /deletion code/i, timeoutMs);
