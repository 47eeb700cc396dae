import { describe, expect, it } from 'vitest';
import { registry } from '../../events/index.js';
import { albums, playlists } from '../../infra/seed/catalogue.js';

describe('seeded playlists', () => {
  it('are two, parse with the current schema, and have a name and a description', () => {
    expect(playlists).toHaveLength(2);
    for (const playlist of playlists) {
      expect(registry.validate({ type: 'PlaylistCreated', data: playlist }).data).toEqual(playlist);
      expect(playlist.name && playlist.description).toBeTruthy();
      expect(playlist.playlistId).toMatch(/^playlist-[a-z0-9-]+$/);
    }
  });

  it('hold only streamable tracks of seeded albums, each once', () => {
    const streamable = new Map(albums.filter((a) => !a.isDummyAlbum).flatMap((a) => a.tracks.map((t) => [t.trackId, a.albumId] as const)));
    for (const playlist of playlists) {
      for (const track of playlist.tracks) expect(streamable.get(track.trackId)).toBe(track.albumId);
      expect(new Set(playlist.tracks.map((t) => t.trackId)).size).toBe(playlist.tracks.length);
    }
  });

  it('include one a guest can play from start to end', () => {
    const free = new Set(albums.filter((a) => a.requiredTier === 'free' && !a.isDummyAlbum).map((a) => a.albumId));
    expect(playlists.some((p) => p.tracks.every((t) => free.has(t.albumId)))).toBe(true);
  });
});
