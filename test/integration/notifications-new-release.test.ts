/** A new album by an artist in a listener's library notifies them (in the app and by e-mail), and nobody else. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { albumData, trackData } from '../../functions/catalogue/domain/catalogue.fixtures.js';
import { libraryStream } from '../../functions/library/domain/library.js';
import { createArtist, publishAlbum } from '../../functions/catalogue/catalogue-commands.js';
import { streamVersion, dynamoEventStore } from '../../functions/platform/event-store.js';
import { dynamoViewStore } from '../../functions/platform/views.js';
import { libraryProjection } from '../../functions/library/projections/library.js';
import { albums as seededAlbums } from '../../infra/seed/catalogue.js';
import { api, eventually, useCloudEnv } from '../support/cloud.js';
import { mailTo, newPerson, type Person } from '../support/commerce.js';

beforeAll(useCloudEnv);

const context = (tag: string) => ({ actor: 'test', correlationId: `new-release-${tag}`, eventStore: dynamoEventStore });

const album = (albumId: string, artistId: string, title: string) =>
  albumData({
    albumId,
    artistId,
    title,
    tracks: [trackData({ trackId: `${albumId}-t1`, title: `${title} (opening)`, duration: 30 })],
  });

interface NotificationView {
  kind: string;
  title: string;
  message: string;
  actionText: string | null;
  actionUrl: string | null;
  isRead: boolean;
}

const notifications = async (person: Person): Promise<NotificationView[]> => {
  const res = await person.api('/api/notifications');
  expect(res.status).toBe(200);
  return res.body;
};

const libraryChange = async (person: Person, method: 'POST' | 'DELETE', albumId: string) => {
  const res = await person.api(method === 'POST' ? '/api/library/add-album' : '/api/library/remove-album', { method, json: { albumId } });
  expect(res.status).toBe(200);
};

/** Fans are read from the views, so wait until the library projector has caught up with this person's library. */
const libraryProjected = (person: Person) =>
  eventually(async () => {
    const stream = libraryStream(person.userId);
    return (await dynamoViewStore.checkpoint(libraryProjection.name, stream)) === (await streamVersion(stream));
  });

describe('new release notifications', () => {
  it('tells a listener who keeps an album of the artist, and not one without it or one who removed it', async () => {
    const tag = randomUUID().slice(0, 8);
    const artistId = `artist-${tag}`;
    const artistName = `Harbour Lights ${tag}`;
    await createArtist(
      { artistId, name: artistName, bio: null, avatar: null, headerImage: null, isMain: false, socialLinks: {} },
      context(tag),
    );
    const first = album(`album-${tag}-1`, artistId, `Tidewater ${tag}`);
    await publishAlbum(first, context(tag));
    await eventually(async () => (await api(`/api/albums/${first.albumId}`)).status === 200);

    const [fan, stranger, leaver] = await Promise.all([newPerson('fan'), newPerson('stranger'), newPerson('leaver')]);
    await libraryChange(fan, 'POST', first.albumId);
    // The stranger keeps an album by someone else.
    const otherAlbum = seededAlbums.find((a) => a.requiredTier === 'free' && !a.isDummyAlbum && a.artistId !== artistId)!;
    await libraryChange(stranger, 'POST', otherAlbum.albumId);
    await libraryChange(leaver, 'POST', first.albumId);
    await libraryChange(leaver, 'DELETE', first.albumId);
    await Promise.all([fan, stranger, leaver].map(libraryProjected));

    const next = album(`album-${tag}-2`, artistId, `Lowlands ${tag}`);
    await publishAlbum(next, context(tag));

    // Only the news of this album: a fan may also hear of the first one if they joined before the notifier got to it.
    const about = (list: NotificationView[]) => list.filter((n) => n.kind === 'new_release' && n.actionUrl === `/album/${next.albumId}`);
    const news = await eventually(async () => about(await notifications(fan))[0], 30_000, 200);
    expect(news).toMatchObject({
      title: `New from ${artistName}`,
      message: `${artistName} just released ${next.title}.`,
      actionText: 'Listen now',
      actionUrl: `/album/${next.albumId}`,
      isRead: false,
    });
    const mail = await eventually(async () => (await mailTo(fan.email)).find((m) => m.text.includes(next.title)), 30_000, 200);
    expect(mail.subject).toBe(`New from ${artistName}`);
    expect(mail.text).toContain(`${artistName} just released ${next.title}.`);

    // The notifier picked the fans before telling the first of them, so the others are settled by now.
    for (const person of [stranger, leaver]) {
      expect(about(await notifications(person))).toEqual([]);
    }
    expect(about(await notifications(fan))).toHaveLength(1);
  });
});
