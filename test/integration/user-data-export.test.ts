import { beforeAll, describe, expect, it } from 'vitest';
import { albums as seededAlbums } from '../../infra/seed/catalogue.js';
import { api, useCloudEnv } from '../support/cloud.js';
import { paidBuyer } from '../support/commerce.js';
import { listenTo } from '../support/plays.js';
import { signedInListener } from '../support/signed-in.js';

beforeAll(useCloudEnv);

const freeAlbum = seededAlbums.find((a) => a.requiredTier === 'free' && !a.isDummyAlbum)!;
const paidAlbum = seededAlbums.find((a) => a.requiredTier === 'purchase_required')!;

describe('GET /api/users/me/export', () => {
  it('refuses a guest', async () => {
    expect(await api('/api/users/me/export')).toMatchObject({ status: 401, body: { error: 'unauthorized' } });
  });

  it("answers the listener's profile, library, favourites and plays from the log, as a JSON attachment", async () => {
    const listener = await signedInListener();
    const track = freeAlbum.tracks[0];
    expect((await listener.call('/api/library/add-album', { method: 'POST', json: { albumId: freeAlbum.albumId } })).status).toBe(200);
    expect((await listener.call('/api/favorites', { method: 'POST', json: { trackId: track.trackId } })).status).toBe(200);
    const play = await listenTo(listener.call, { trackId: track.trackId, albumId: freeAlbum.albumId, duration: track.duration });
    expect(play.body).toMatchObject({ recorded: true });

    const res = await listener.call('/api/users/me/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="toko-my-data-\d{4}-\d\d-\d\d\.json"$/);
    expect(res.body).toMatchObject({
      userId: listener.userId,
      profile: { email: listener.email, displayName: listener.displayName, createdAt: expect.any(String) },
      library: [{ albumId: freeAlbum.albumId, addedAt: expect.any(String) }],
      favourites: { tracks: [{ trackId: track.trackId, albumId: freeAlbum.albumId }], albums: [] },
      // The seconds the server measured between the play's start and its report: at least half of the 20 s track.
      plays: [{ trackId: track.trackId, albumId: freeAlbum.albumId, secondsListened: expect.toSatisfy((s: number) => s >= 10) }],
      purchases: [],
    });
    expect(res.body.notifications.length).toBeGreaterThanOrEqual(0);
  });

  it("lists a buyer's paid order with its receipt, and nobody else's data", async () => {
    const { buyer, orderId } = await paidBuyer(paidAlbum.albumId);
    const other = await signedInListener();
    const mine = await buyer.api('/api/users/me/export');
    expect(mine.status).toBe(200);
    expect(mine.body.purchases).toEqual([
      {
        orderId,
        paidAt: expect.any(String),
        email: buyer.email,
        albums: [expect.objectContaining({ albumId: paidAlbum.albumId, title: paidAlbum.title })],
        total: expect.any(Number),
        currency: 'usd',
        refundedAt: null,
        refundedAmount: null,
      },
    ]);
    const theirs = await other.call('/api/users/me/export');
    expect(theirs.body.purchases).toEqual([]);
    expect(JSON.stringify(theirs.body)).not.toContain(buyer.email);
  });
});
