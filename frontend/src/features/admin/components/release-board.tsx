/**
 * The release board: every release of every artist by state (drafts, scheduled, live, unpublished) with the count
 * of each, filtered by state and artist (kept in the address, so a filtered board can be shared and reloaded),
 * newest change first, page by page; and the way to start a new release.
 */
import { useQuery } from '@tanstack/react-query';
import { Disc3 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { fieldErrorsOf, serverMessageOf } from '../../../lib/http';
import { cx } from '../../../lib/class-names';
import { formatDateTime, formatReleaseDate } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { SelectField } from '../../../ui/field';
import { FormAlert, TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast';
import {
  adminArtistsQueryOptions,
  adminKeys,
  releaseBoardPage,
  releaseStatuses,
  useCreateDraft,
  type ReleaseStatus,
  type ReleaseSummary,
} from '../api/admin-catalogue';
import { AdminListPage } from './admin-page';
import { DataTable, type Column } from '../table/data-table';
import { useCursorPages } from '../table/use-cursor-pages';
import { formText } from './form-text';
import { ReleaseStatusBadge, statusLabels } from './release-status';

const isStatus = (value: string | null): value is ReleaseStatus => releaseStatuses.includes(value as ReleaseStatus);

const columns: Column<ReleaseSummary>[] = [
  {
    key: 'title',
    header: 'Release',
    cell: (release) => (
      <Link
        to={`/admin/releases/${encodeURIComponent(release.id)}`}
        className="font-semibold text-zinc-50 hover:text-accent hover:underline"
      >
        {release.title}
      </Link>
    ),
  },
  { key: 'artist', header: 'Artist', cell: (release) => release.artistName },
  { key: 'type', header: 'Type', cell: (release) => release.albumType },
  { key: 'status', header: 'State', cell: (release) => <ReleaseStatusBadge status={release.status} /> },
  { key: 'tracks', header: 'Tracks', numeric: true, cell: (release) => release.trackCount },
  {
    key: 'date',
    header: 'Release date',
    cell: (release) =>
      release.scheduledAt ? formatDateTime(release.scheduledAt) : release.releaseDate ? formatReleaseDate(release.releaseDate) : '—',
  },
  { key: 'updated', header: 'Changed', cell: (release) => formatDateTime(release.updatedAt) },
];

export function ReleaseBoard() {
  const [params, setParams] = useSearchParams();
  const status = isStatus(params.get('status')) ? (params.get('status') as ReleaseStatus) : undefined;
  const artistId = params.get('artist') ?? undefined;
  const filters = { status, artistId };
  const pages = useCursorPages<ReleaseSummary, Awaited<ReturnType<typeof releaseBoardPage>>>(
    adminKeys.releases(filters),
    (cursor, signal) => releaseBoardPage(filters, cursor, signal),
  );
  const counts = pages.firstPage?.counts;
  const artists = useQuery(adminArtistsQueryOptions());
  const [creating, setCreating] = useState(false);

  const setFilter = (name: 'status' | 'artist', value: string | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  return (
    <AdminListPage title="Releases" addLabel="New release" onAdd={() => setCreating(true)} addTestId="new-release">
      <div className="flex flex-wrap items-end gap-3">
        <div role="group" aria-label="Filter by state" className="flex flex-wrap gap-2">
          {[undefined, ...releaseStatuses].map((value) => (
            <button
              key={value ?? 'all'}
              type="button"
              aria-pressed={status === value}
              onClick={() => setFilter('status', value)}
              className={cx(
                'rounded-full px-3 py-1.5 text-sm font-semibold transition',
                status === value ? 'bg-accent text-accent-foreground' : 'bg-white/10 text-zinc-100 hover:bg-white/15',
              )}
              data-testid={`release-filter-${value ?? 'all'}`}
            >
              {value ? statusLabels[value] : 'All'}
              {value && counts ? <span className="ml-1.5 tabular-nums opacity-80">{counts[value]}</span> : null}
            </button>
          ))}
        </div>
        <div className="min-w-48">
          <SelectField label="Artist" value={artistId ?? ''} onChange={(event) => setFilter('artist', event.target.value || undefined)}>
            <option value="">All artists</option>
            {artists.data?.artists.map((artist) => (
              <option key={artist.id} value={artist.id}>
                {artist.name}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      <DataTable
        caption="Releases"
        testId="release-board"
        columns={columns}
        rows={pages.rows}
        source={pages}
        empty={{ icon: Disc3, title: status ? `No ${statusLabels[status].toLowerCase()} releases` : 'No releases yet' }}
        hasMore={pages.hasMore}
        loadingMore={pages.loadingMore}
        onLoadMore={pages.loadMore}
      />
      <NewReleaseDialog open={creating} onOpenChange={setCreating} artists={artists.data?.artists ?? []} defaultArtistId={artistId} />
    </AdminListPage>
  );
}

function NewReleaseDialog({
  open,
  onOpenChange,
  artists,
  defaultArtistId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  artists: Array<{ id: string; name: string; archived: boolean }>;
  defaultArtistId?: string;
}) {
  const create = useCreateDraft();
  const navigate = useNavigate();
  const errors = fieldErrorsOf(create.error);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    create.mutate(
      {
        artistId: formText(form, 'artistId'),
        title: formText(form, 'title'),
        albumType: formText(form, 'albumType'),
      },
      {
        onSuccess: (release) => {
          toast({ title: 'Draft created', description: release.title, variant: 'success' });
          onOpenChange(false);
          void navigate(`/admin/releases/${encodeURIComponent(release.id)}`);
        },
        onError: (error) =>
          toast({ title: 'Could not create the draft', description: serverMessageOf(error) ?? undefined, variant: 'destructive' }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="New release" description="Start a draft: tracks, artwork and price come next.">
      <form onSubmit={submit} noValidate className="mt-4 space-y-4" data-testid="new-release-form">
        <SelectField label="Artist" name="artistId" defaultValue={defaultArtistId ?? ''} error={errors.artistId}>
          <option value="" disabled>
            Choose an artist
          </option>
          {artists
            .filter((artist) => !artist.archived)
            .map((artist) => (
              <option key={artist.id} value={artist.id}>
                {artist.name}
              </option>
            ))}
        </SelectField>
        <TextField label="Title" name="title" required error={errors.title} />
        <SelectField label="Type" name="albumType" defaultValue="Album" error={errors.albumType}>
          {['Album', 'EP', 'Single', 'Compilation', 'Live'].map((type) => (
            <option key={type}>{type}</option>
          ))}
        </SelectField>
        {create.isError && !Object.keys(errors).length && (
          <FormAlert title="Could not create the draft" description={serverMessageOf(create.error) ?? undefined} />
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create draft'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
