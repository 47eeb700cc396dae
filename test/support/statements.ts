/** The artists' payout statements, as the statement tests read them. */
import { expect } from 'vitest';
import type { ArtistStatementAnswer } from '../../functions/statements/contract/admin-statements.js';
import { eventually } from './cloud.js';
import { paidBuyer, sandbox } from './commerce.js';
import { listenTo } from './plays.js';
import type { TestListener } from './signed-in.js';

/** The seeded album the statement tests buy and play. */
export const ALBUM = 'album-after-hours';

export const thisMonth = () => new Date().toISOString().slice(0, 7);
export const statementOf = async (admin: TestListener, artistId: string, month: string) => {
  const answer = await admin.call(`/api/admin/statements/${artistId}/${month}`);
  expect(answer.status).toBe(200);
  return answer.body as ArtistStatementAnswer;
};
export const lineOf = (s: ArtistStatementAnswer, kind: string) =>
  s.lines.find((l) => l.kind === kind && (kind !== 'album-sales' || l.albumId === ALBUM));

/**
 * A buyer of the album through the Stripe sandbox who becomes a $10 Toko+ member and plays it: answers once the artist's
 * statement of `month` counts the sale with its fee and the member play, and whatever else `ready` waits for.
 */
export async function memberWhoBoughtAndPlayed(
  admin: TestListener,
  artistId: string,
  month: string,
  ready: (s: ArtistStatementAnswer) => boolean = () => true,
) {
  const before = await statementOf(admin, artistId, month);
  const salesBefore = lineOf(before, 'album-sales');
  const playsBefore = lineOf(before, 'membership')?.memberPlays ?? 0;
  const { buyer } = await paidBuyer(ALBUM);
  const started = await buyer.api('/api/subscription/checkout', { method: 'POST', json: { amount: 10 } });
  await sandbox(`/sandbox/checkout/sessions/${started.body.sessionId}/pay`, { email: buyer.email });
  const { tracks } = (await buyer.api(`/api/albums/${ALBUM}/tracks`)).body as { tracks: { id: string; duration: number }[] };
  // Each play a track of its own in turn: a track counts again for a listener only a track length after its last play.
  let plays = 0;
  const play = () => {
    const track = tracks[plays++ % tracks.length];
    return listenTo(buyer.api, { trackId: track.id, albumId: ALBUM, duration: track.duration });
  };
  const statement = await eventually(
    async () => {
      const s = await statementOf(admin, artistId, month);
      const sales = lineOf(s, 'album-sales');
      // A play counts for Toko+ once the membership is counted: until then the buyer plays again.
      const memberPlayed = (lineOf(s, 'membership')?.memberPlays ?? 0) > playsBefore;
      if (!memberPlayed) expect((await play()).status).toBe(202);
      const counted =
        sales &&
        sales.grossCents >= (salesBefore?.grossCents ?? 0) + 999 &&
        sales.feeCents >= (salesBefore?.feeCents ?? 0) + 59 &&
        memberPlayed &&
        ready(s);
      return counted ? s : null;
    },
    // As the statement tests' other waits: the projectors' lag when the whole suite loads the cloud can pass 30 s.
    90_000,
    500,
  );
  return { buyer, statement };
}
