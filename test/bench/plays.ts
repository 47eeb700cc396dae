/**
 * Plays for the benches, made as a player makes them: a guest of its own starts each one (POST /api/track-play/start,
 * with its listener cookie), and its report carries the token once the track's qualifying time has passed.
 */
import { randomUUID } from 'node:crypto';
import { qualifyingSeconds } from '../../functions/domain/plays.js';

export interface StartedPlay {
  cookie: string;
  /** The report's JSON body, token included. */
  body: string;
}

const json = { 'content-type': 'application/json' };

/** `count` plays of one track started by as many guests (32 at once), each old enough to count when this answers. */
export async function startedPlays(
  baseUrl: string,
  track: { trackId: string; albumId: string; duration: number },
  count: number,
): Promise<StartedPlay[]> {
  const play = { trackId: track.trackId, albumId: track.albumId };
  const plays: StartedPlay[] = [];
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (plays.length < count) {
        const cookie = `toko_listener=guest-${randomUUID()}`;
        const r = await fetch(`${baseUrl}/api/track-play/start`, {
          method: 'POST',
          headers: { ...json, cookie },
          body: JSON.stringify(play),
        });
        if (r.status !== 200) throw new Error(`track-play/start answered ${r.status}: ${await r.text()}`);
        const { playToken } = (await r.json()) as { playToken: string };
        plays.push({ cookie, body: JSON.stringify({ ...play, playToken }) });
      }
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, qualifyingSeconds(track.duration) * 1000 + 200));
  return plays;
}

/** Reports a started play; anything but 202 (counted) is an error. */
export async function reportStartedPlay(baseUrl: string, play: StartedPlay): Promise<void> {
  const r = await fetch(`${baseUrl}/api/track-play`, { method: 'POST', headers: { ...json, cookie: play.cookie }, body: play.body });
  const text = await r.text();
  if (r.status !== 202) throw new Error(`track-play answered ${r.status}: ${text}`);
}
