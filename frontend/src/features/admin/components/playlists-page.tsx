/**
 * The label's curated playlists as the staff keep them: drafts and published ones, each opened in its editor; a new
 * playlist starts as an empty draft with a name (and a description if wanted), then opens in the editor.
 */
import { useQuery } from '@tanstack/react-query';
import { ListMusic } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { cx } from '../../../lib/class-names';
import { fieldErrorsOf, serverMessageOf } from '../../../lib/http';
import { buttonClass } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast';
import { adminPlaylistsQueryOptions, useCreatePlaylist, type AdminPlaylistSummary } from '../api/admin-playlists';
import { DataTable, type Column } from '../table/data-table';
import { AdminListPage } from './admin-page';
import { EditorFooter } from './editor-save';
import { TextAreaField } from './fields';
import { formText } from './form-text';

export function PlaylistStateBadge({ published }: { published: boolean }) {
  return (
    <span
      className={cx(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold',
        published ? 'bg-emerald-500/20 text-emerald-100' : 'bg-white/10 text-zinc-100',
      )}
      data-testid="playlist-state"
    >
      {published ? 'Published' : 'Draft'}
    </span>
  );
}

export function PlaylistsPage() {
  const playlists = useQuery(adminPlaylistsQueryOptions());
  const [creating, setCreating] = useState(false);

  const columns: Column<AdminPlaylistSummary>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (playlist) => (
        <Link to={`/admin/playlists/${encodeURIComponent(playlist.id)}`} className="font-semibold text-zinc-50 hover:text-accent">
          {playlist.name}
        </Link>
      ),
    },
    { key: 'songs', header: 'Songs', numeric: true, cell: (playlist) => playlist.trackCount },
    { key: 'state', header: 'State', cell: (playlist) => <PlaylistStateBadge published={playlist.published} /> },
    {
      key: 'actions',
      header: 'Actions',
      cell: (playlist) => (
        <Link
          to={`/admin/playlists/${encodeURIComponent(playlist.id)}`}
          className={buttonClass('ghost', 'px-2 py-1.5')}
          aria-label={`Edit ${playlist.name}`}
        >
          Edit
        </Link>
      ),
    },
  ];

  return (
    <AdminListPage title="Playlists" addLabel="New playlist" onAdd={() => setCreating(true)} addTestId="new-playlist">
      <DataTable
        caption="Playlists"
        testId="playlists-table"
        columns={columns}
        rows={playlists.data?.playlists ?? []}
        source={playlists}
        empty={{ icon: ListMusic, title: 'No playlists yet', children: 'Make the first playlist: listeners see it once it is published.' }}
      />
      {creating && <NewPlaylistDialog onClose={() => setCreating(false)} />}
    </AdminListPage>
  );
}

function NewPlaylistDialog({ onClose }: { onClose: () => void }) {
  const create = useCreatePlaylist();
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    create.mutate(
      { name: formText(form, 'name'), description: formText(form, 'description') },
      {
        onSuccess: (playlist) => {
          toast({ title: 'Playlist added', description: `${playlist.name} is a draft: add songs, then publish it.`, variant: 'success' });
          void navigate(`/admin/playlists/${encodeURIComponent(playlist.id)}`);
        },
        onError: (failure) => toast({ title: 'Not saved', description: serverMessageOf(failure) ?? undefined, variant: 'destructive' }),
      },
    );
  };
  const errors = fieldErrorsOf(create.error);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="New playlist" size="lg">
      <form onSubmit={submit} noValidate className="mt-4 space-y-4" data-testid="playlist-form">
        <TextField label="Name" name="name" error={errors.name} required maxLength={120} focusOnMount />
        <TextAreaField label="Description" name="description" error={errors.description} maxLength={2000} />
        <EditorFooter
          state={{ pending: create.isPending, error: create.error, errors, save: () => undefined }}
          submitLabel="Add playlist"
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
