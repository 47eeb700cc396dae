import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { adminKeys, showChangedRelease, type AdminRelease } from './admin-catalogue';

const release = (trackTitles: string[]) =>
  ({ id: 'release-1', tracks: trackTitles.map((title) => ({ title })) }) as unknown as AdminRelease;

describe('showChangedRelease', () => {
  it('keeps the release a change answered when a read that began before the change comes back after it', async () => {
    const client = new QueryClient();
    let answerRead: (value: AdminRelease) => void = () => undefined;
    // The editor's poll: a read of the release on its way when the upload's change answers.
    const read = client.fetchQuery({
      queryKey: adminKeys.release('release-1'),
      queryFn: ({ signal }) =>
        new Promise<AdminRelease>((resolve, reject) => {
          answerRead = resolve;
          signal.addEventListener('abort', () => reject(new Error('The read was cancelled')));
        }),
    });

    await showChangedRelease(client, release(['Low Tide', 'High Water', 'liner notes']));
    answerRead(release(['Low Tide', 'High Water']));
    await read.catch(() => undefined);

    const shown = client.getQueryData<AdminRelease>(adminKeys.release('release-1'));
    expect(shown?.tracks.map((track) => track.title)).toEqual(['Low Tide', 'High Water', 'liner notes']);
  });
});
