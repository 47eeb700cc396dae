/** The local inbox keeps the newest mails only: a long run of the local cloud does not hold every mail it ever sent. */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDENTIALS, REGION, startSes, type Ses } from '../../infra/local/emulators.js';

let ses: Ses;
let client: SESv2Client;
beforeAll(async () => {
  ses = await startSes({ inboxMails: 3 });
  client = new SESv2Client({ endpoint: ses.endpoint, region: REGION, credentials: CREDENTIALS });
});
afterAll(async () => {
  client.destroy();
  await ses.stop();
});

const send = (subject: string) =>
  client.send(
    new SendEmailCommand({
      FromEmailAddress: 'label@toko.local',
      Destination: { ToAddresses: ['listener@example.com'] },
      Content: { Simple: { Subject: { Data: subject }, Body: { Text: { Data: `${subject}: hello` } } } },
    }),
  );

describe('the local inbox', () => {
  it('lists the newest mails up to its bound, the oldest dropped', async () => {
    for (const n of [1, 2, 3, 4, 5]) await send(`mail ${n}`);
    const { emails } = (await (await fetch(`${ses.endpoint}/store`)).json()) as { emails: { subject: string }[] };
    expect(emails.map((mail) => mail.subject)).toEqual(['mail 3', 'mail 4', 'mail 5']);
  });
});
