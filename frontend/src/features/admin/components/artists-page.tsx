/**
 * The label's artists: all of them, archived ones included, sortable by name; add one, edit one (name, bio, main
 * artist, social links checked against each network's address; avatar and header, cropped), archive one after a
 * confirmation, or restore an archived one. Admins who also handle money set the artist's split terms there.
 */
import { useQuery } from '@tanstack/react-query';
import { Mic2 } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { Artwork } from '../../../ui/artwork';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { TextField } from '../../../ui/text-field';
import {
  adminArtistsQueryOptions,
  socialNetworks,
  useArchiveArtist,
  useChangeArtist,
  useCreateArtist,
  useRestoreArtist,
  type AdminArtist,
  type ArtistInput,
} from '../api/admin-catalogue';
import { serverMessageOf } from '../../../lib/http';
import { toast } from '../../../ui/toast';
import { AdminListPage } from './admin-page';
import { EditorFooter, useEditorSave } from './editor-save';
import { ArtistImages } from './artist-images';
import { HistoryPanel } from '../history/history-panel';
import { DataTable, type Column } from '../table/data-table';
import type { SortState } from '../table/table-sort';
import { TextAreaField } from './fields';
import { useSession } from '../../../lib/session';
import { ArtistTerms } from '../statements/artist-terms';
import { filledFields, formText } from './form-text';

const networkLabels: Record<(typeof socialNetworks)[number], string> = {
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
  spotify: 'Spotify',
  appleMusic: 'Apple Music',
  discord: 'Discord',
  website: 'Website',
};

/** The whole list is loaded, so it sorts here: by name, or active before archived. */
function sortArtists(artists: AdminArtist[], sort: SortState | null): AdminArtist[] {
  const sign = sort?.direction === 'desc' ? -1 : 1;
  const byName = (a: AdminArtist, b: AdminArtist) => a.name.localeCompare(b.name);
  if (sort?.key === 'state') return [...artists].sort((a, b) => sign * (Number(a.archived) - Number(b.archived)) || byName(a, b));
  return [...artists].sort((a, b) => sign * byName(a, b));
}

export function ArtistsPage() {
  const artists = useQuery(adminArtistsQueryOptions());
  const [sort, setSort] = useState<SortState | null>({ key: 'name', direction: 'asc' });
  const [editing, setEditing] = useState<AdminArtist | 'new' | null>(null);
  const [archiving, setArchiving] = useState<AdminArtist | null>(null);
  const rows = useMemo(() => sortArtists(artists.data?.artists ?? [], sort), [artists.data, sort]);
  // Kept here, not in the row: the row's button turns into Archive as the answer lands, and a mutation's own
  // callbacks do not run once the component that called it is gone.
  const restore = useRestoreArtist();
  // Restoring takes nothing away, so it asks no confirmation: the artist is back in the lists and search as they were.
  const restoreArtist = (artist: AdminArtist) =>
    restore.mutate(artist.id, {
      onSuccess: () => toast({ title: `${artist.name} restored`, description: 'Back in the artists list and search.' }),
      onError: (error) => toast({ title: 'Not restored', description: serverMessageOf(error) ?? undefined, variant: 'destructive' }),
    });

  const columns: Column<AdminArtist>[] = [
    {
      key: 'name',
      header: 'Name',
      sortFirst: 'asc',
      cell: (artist) => (
        <span className="flex items-center gap-3">
          <Artwork src={artist.avatar} alt="" kind="artist" size={32} className="w-8 shrink-0" />
          <span className="font-semibold text-zinc-50">{artist.name}</span>
        </span>
      ),
    },
    { key: 'main', header: 'Main artist', cell: (artist) => (artist.isMain ? 'Yes' : 'No') },
    { key: 'links', header: 'Links', numeric: true, cell: (artist) => Object.keys(artist.socialLinks).length },
    { key: 'state', header: 'State', sortFirst: 'asc', cell: (artist) => (artist.archived ? 'Archived' : 'Active') },
    {
      key: 'actions',
      header: 'Actions',
      cell: (artist) => (
        <div className="flex gap-1">
          <Button variant="ghost" className="px-2 py-1.5" onClick={() => setEditing(artist)} aria-label={`Edit ${artist.name}`}>
            Edit
          </Button>
          {artist.archived ? (
            <Button
              variant="ghost"
              className="px-2 py-1.5"
              disabled={restore.isPending}
              aria-label={`Restore ${artist.name}`}
              onClick={() => restoreArtist(artist)}
            >
              Restore
            </Button>
          ) : (
            <Button variant="ghost" className="px-2 py-1.5" onClick={() => setArchiving(artist)} aria-label={`Archive ${artist.name}`}>
              Archive
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <AdminListPage title="Artists" addLabel="New artist" onAdd={() => setEditing('new')} addTestId="new-artist">
      <DataTable
        caption="Artists"
        testId="artists-table"
        columns={columns}
        rows={rows}
        source={artists}
        empty={{ icon: Mic2, title: 'No artists yet', children: 'Add the label’s first artist.' }}
        sort={sort}
        onSortChange={setSort}
      />
      {editing && <ArtistDialog artist={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {archiving && <ArchiveDialog artist={archiving} onClose={() => setArchiving(null)} />}
    </AdminListPage>
  );
}

function ArtistDialog({ artist, onClose }: { artist: AdminArtist | null; onClose: () => void }) {
  const { adminMay } = useSession();
  const state = useEditorSave({
    item: artist,
    create: useCreateArtist(),
    change: useChangeArtist(),
    noun: 'Artist',
    nameOf: (saved) => saved.name,
    onClose,
  });
  const { errors } = state;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input: ArtistInput = {
      name: formText(form, 'name'),
      bio: formText(form, 'bio') || null,
      isMain: form.get('isMain') === 'on',
      socialLinks: filledFields(form, socialNetworks),
    };
    state.save(input);
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={artist ? `Edit ${artist.name}` : 'New artist'} size="lg">
      {artist && <ArtistImages artist={artist} />}
      <form onSubmit={submit} noValidate className="mt-4 space-y-4" data-testid="artist-form">
        <TextField label="Name" name="name" defaultValue={artist?.name ?? ''} error={errors.name} required />
        <TextAreaField label="Bio" name="bio" defaultValue={artist?.bio ?? ''} error={errors.bio} />
        <label className="flex items-center gap-3 text-sm text-zinc-100">
          <input type="checkbox" name="isMain" defaultChecked={artist?.isMain ?? false} className="size-4" />
          Main artist (shown first)
        </label>
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-zinc-200">Social links</legend>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {socialNetworks.map((network) => (
              <TextField
                key={network}
                label={networkLabels[network]}
                name={network}
                type="url"
                placeholder="https://…"
                defaultValue={artist?.socialLinks[network] ?? ''}
                error={errors[`socialLinks.${network}`]}
              />
            ))}
          </div>
        </fieldset>
        <EditorFooter state={state} submitLabel={artist ? 'Save artist' : 'Add artist'} onCancel={onClose} />
      </form>
      {artist && adminMay('money') && <ArtistTerms artistId={artist.id} artistName={artist.name} />}
      {artist && <HistoryPanel kind="artist" id={artist.id} />}
    </Dialog>
  );
}

function ArchiveDialog({ artist, onClose }: { artist: AdminArtist; onClose: () => void }) {
  const archive = useArchiveArtist();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Archive ${artist.name}?`}
      description="They leave the artists list and search. Their albums stay as they are, and buyers keep what they bought."
    >
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Keep
        </Button>
        <Button
          disabled={archive.isPending}
          onClick={() =>
            archive.mutate(artist.id, {
              onSuccess: () => {
                toast({ title: `${artist.name} archived` });
                onClose();
              },
              onError: (error) =>
                toast({ title: 'Not archived', description: serverMessageOf(error) ?? undefined, variant: 'destructive' }),
            })
          }
        >
          Archive
        </Button>
      </div>
    </Dialog>
  );
}
