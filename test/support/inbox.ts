/** The local inbox of the test cloud: the sign-in code a listener was mailed, for journeys through the real sign-in. */
import { inject } from 'vitest';

interface InboxMail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
}

async function signInMails(email: string): Promise<InboxMail[]> {
  const response = await fetch(`${inject('inboxUrl')}/store`);
  const { emails } = (await response.json()) as { emails: InboxMail[] };
  return emails.filter(
    (mail) => mail.destination.to.some((to) => to.toLowerCase().includes(email.toLowerCase())) && /sign-in code/i.test(mail.subject),
  );
}

/** The 6-digit code of the first sign-in mail to `email`, waiting up to 20 s for it. */
export async function signInCode(email: string, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [mail] = await signInMails(email);
    const code = mail && /\b(\d{6})\b/.exec(`${mail.subject}\n${mail.body.text ?? ''}`)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No sign-in code reached ${email} within ${timeoutMs} ms`);
}
