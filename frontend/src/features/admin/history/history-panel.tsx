/**
 * The history of an artist, an album or a listener from the event log: who changed what, and when, newest first,
 * page by page. An album's panel also shows the album as it was at a chosen date and time, replayed from its stream.
 * Mounted by the listener page, the artist form and the release editor with one line each.
 */
import { History } from 'lucide-react';
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

export function HistoryPanel({ kind, id }: { kind: HistoryKind; id: string }) {
  const pages = useCursorPages<HistoryEntry>(historyKeys.entries(kind, id), (cursor, signal) => historyPage(kind, id, cursor, signal));
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
