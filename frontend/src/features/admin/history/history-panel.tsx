/**
 * The history of an artist, an album or a listener from the event log: who changed what, and when, newest first,
 * page by page. An album's panel also shows the album as it was at a chosen date and time, replayed from its stream.
 * Mounted by the listener page, the artist form and the release editor with one line each.
 */
import { useQueryClient } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { formatDateTime } from '../../../lib/format';
import { Badge } from '../../../ui/badge';
import { Section } from '../../../ui/section';
import { historyKeys, historyPage, type HistoryEntry, type HistoryKind } from '../api/admin-history';
import { DataTable, type Column } from '../table/data-table';
import { useCursorPages } from '../table/use-cursor-pages';
import { AlbumAsOf } from './album-as-of';

const nouns: Record<HistoryKind, string> = { artist: 'artist', album: 'album', user: 'account' };

const columns: Column<HistoryEntry>[] = [
  { key: 'at', header: 'When', cell: (entry) => <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> },
  { key: 'what', header: 'What', cell: (entry) => <span className="text-zinc-50">{entry.what}</span> },
  {
    key: 'who',
    header: 'Who',
    cell: (entry) => (entry.by === 'admin' ? <Badge tone="accent">{entry.who}</Badge> : <span className="capitalize">{entry.who}</span>),
  },
];

interface HistoryPanelProps {
  kind: HistoryKind;
  id: string;
  /** The thing as its page shows it now: when that changes (a track added, a price saved), the history reloads. */
  shownAs?: unknown;
}

export function HistoryPanel({ kind, id, shownAs }: HistoryPanelProps) {
  const pages = useCursorPages<HistoryEntry>(historyKeys.entries(kind, id), (cursor, signal) => historyPage(kind, id, cursor, signal));
  useReloadWhenChanged(kind, id, shownAs);
  return (
    <Section title="History" size="lg" className="space-y-4 rounded-2xl border border-white/10 bg-zinc-900 p-5" testId={`history-${kind}`}>
      <DataTable
        caption={`History of this ${nouns[kind]}, newest first`}
        testId="history-table"
        columns={columns}
        rows={pages.rows}
        rowKey={(entry) => String(entry.version)}
        source={pages}
        empty={{ icon: History, title: 'Nothing recorded yet' }}
        hasMore={pages.hasMore}
        loadingMore={pages.loadingMore}
        onLoadMore={pages.loadMore}
      />
      {kind === 'album' && <AlbumAsOf albumId={id} />}
    </Section>
  );
}

/** The history is read from the event log, which holds a change as soon as the page shows it: reload then. */
function useReloadWhenChanged(kind: HistoryKind, id: string, shownAs: unknown) {
  const queryClient = useQueryClient();
  const stamp = JSON.stringify(shownAs ?? null);
  const last = useRef(stamp);
  useEffect(() => {
    if (stamp === last.current) return;
    last.current = stamp;
    void queryClient.invalidateQueries({ queryKey: historyKeys.entries(kind, id) });
  }, [queryClient, kind, id, stamp]);
}
