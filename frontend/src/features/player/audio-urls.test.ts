import { describe, expect, it } from 'vitest';
import { audioUrlRefresher, URL_REFRESH_INTERVAL_MS } from './audio-urls';

function server(answers: (Record<string, string> | Error)[]) {
  const asked: string[] = [];
  const fetchAlbumUrls = (albumId: string) => {
    asked.push(albumId);
    const answer = answers.shift() ?? {};
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  };
  return { asked, fetchAlbumUrls };
}

const stale = { id: 't1', albumId: 'a1', audioUrl: 'https://media.example/t1.mp3?X-Amz-Signature=old' };

describe('renewing signed audio URLs', () => {
  it('gives a track its fresh URL and hands the whole answer to the queue', async () => {
    const { fetchAlbumUrls } = server([{ t1: 'https://media.example/t1.mp3?X-Amz-Signature=new', t2: 'https://media.example/t2.mp3' }]);
    const received: Record<string, string>[] = [];
    const refresher = audioUrlRefresher(fetchAlbumUrls, (urls) => received.push(urls));
    expect(await refresher.freshUrlFor(stale)).toBe('https://media.example/t1.mp3?X-Amz-Signature=new');
    expect(received.at(-1)).toMatchObject({ t2: 'https://media.example/t2.mp3' });
  });

  it('has no fresh URL for a track the answer leaves out (no access any more) or gives unchanged', async () => {
    const { fetchAlbumUrls } = server([{ t2: 'x' }, { t1: stale.audioUrl }]);
    let now = 0;
    const refresher = audioUrlRefresher(
      fetchAlbumUrls,
      () => undefined,
      () => now,
    );
    expect(await refresher.freshUrlFor(stale)).toBeNull();
    now += URL_REFRESH_INTERVAL_MS;
    expect(await refresher.freshUrlFor(stale)).toBeNull();
  });

  it('asks the server about an album at most once per interval, even when it fails', async () => {
    const { asked, fetchAlbumUrls } = server([new Error('offline'), { t1: 'https://media.example/t1.mp3?X-Amz-Signature=new' }]);
    let now = 1_000;
    const refresher = audioUrlRefresher(
      fetchAlbumUrls,
      () => undefined,
      () => now,
    );
    expect(await refresher.refresh('a1')).toEqual({});
    now += URL_REFRESH_INTERVAL_MS - 1;
    expect(await refresher.freshUrlFor(stale)).toBeNull();
    expect(asked).toEqual(['a1']);
    now += 1;
    expect(await refresher.freshUrlFor(stale)).toBe('https://media.example/t1.mp3?X-Amz-Signature=new');
    expect(asked).toEqual(['a1', 'a1']);
  });
});
