/**
 * One release, as the label edits it: its details and price (each refusal shown beside its field), its tracks in
 * order (moved by drag or by keyboard, renamed, lyrics edited), and what can happen to it next by its state:
 * publish now or at a time, unschedule, unpublish, republish; and, once live, whether the home page features it.
 * Every change answers the release as it now is.
 */
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, House } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { fieldErrorsOf, serverMessageOf } from '../../../lib/http';
import { formatDateTime } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { SelectField } from '../../../ui/field';
import { Spinner } from '../../../ui/spinner';
import { ErrorState } from '../../../ui/status-message';
import { MoneyField, TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast';
import { featuredAlbumQueryOptions } from '../../albums';
import {
  albumAccessOptions,
  releaseQueryOptions,
  useChangeDraft,
  useFeaturedAlbumChoice,
  useReleaseAction,
  useScheduleRelease,
  type AdminRelease,
  type AlbumAccess,
  type DraftChanges,
  type ReleaseAction,
} from '../api/admin-catalogue';
import { ArtworkUpload } from './artwork-upload';
import { TextAreaField } from './fields';
import { filledFields, formText } from './form-text';
import { ReleaseStatusBadge } from './release-status';
import { TrackList } from './track-list';
import { HistoryPanel } from '../history/history-panel';

const accessLabels: Record<AlbumAccess, string> = {
  free: 'Free to stream',
  toko_plus: 'Toko+ members',
  purchase_required: 'Purchase required',
  physical_only: 'Physical only',
};

const linkFields = [
  ['externalListenUrl', 'Listen elsewhere'],
  ['spotifyUrl', 'Spotify'],
  ['appleMusicUrl', 'Apple Music'],
  ['youtubeUrl', 'YouTube'],
  ['amazonMusicUrl', 'Amazon Music'],
  ['deezerUrl', 'Deezer'],
] as const;

/**
 * The form starts again from the saved details whenever they change (a save), but not when only the tracks or the
 * state change: a reorder or a publish must not throw away what the admin is typing.
 */
const detailsKey = ({ tracks: _tracks, status: _status, scheduledAt: _scheduledAt, ...details }: AdminRelease) => JSON.stringify(details);

export function ReleaseEditor() {
  const { albumId = '' } = useParams();
  const release = useQuery(releaseQueryOptions(albumId));
  if (release.isPending) return <Spinner label="Loading the release…" className="py-16" />;
  if (release.isError)
    return <ErrorState title="Could not load this release" error={release.error} onRetry={() => void release.refetch()} />;
  const current = release.data;
  return (
    <article className="space-y-8" aria-labelledby="release-title" data-testid="release-editor">
      <div className="space-y-3">
        <Link to="/admin/releases" className="inline-flex items-center gap-1 text-sm text-zinc-300 hover:text-zinc-50">
          <ArrowLeft aria-hidden="true" className="size-4" />
          All releases
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="release-title" className="text-2xl font-extrabold text-zinc-50">
            {current.title}
          </h1>
          <ReleaseStatusBadge status={current.status} />
          {current.scheduledAt && <span className="text-sm text-zinc-300">Goes live {formatDateTime(current.scheduledAt)}</span>}
        </div>
      </div>
      <ReleaseActions release={current} />
      {current.status === 'live' && <HomePageFeature release={current} />}
      <DetailsForm key={detailsKey(current)} release={current} />
      <ArtworkUpload release={current} />
      <TrackList release={current} />
      <HistoryPanel kind="album" id={current.id} shownAs={current} />
    </article>
  );
}

function ReleaseActions({ release }: { release: AdminRelease }) {
  const act = useReleaseAction(release.id);
  const schedule = useScheduleRelease(release.id);
  const [releaseAt, setReleaseAt] = useState('');
  // A refusal ("Add at least one track before publishing") holds for the release as it was: once its tracks,
  // artwork or status change, the refusal is gone until the admin tries again.
  const { reset: resetAct } = act;
  const { reset: resetSchedule } = schedule;
  const releaseShape = JSON.stringify([release.status, release.artwork, release.tracks.map((track) => [track.id, track.status])]);
  useEffect(() => {
    resetAct();
    resetSchedule();
  }, [releaseShape, resetAct, resetSchedule]);
  const errors = { ...fieldErrorsOf(act.error), ...fieldErrorsOf(schedule.error) };
  const failure = serverMessageOf(act.error) ?? serverMessageOf(schedule.error);
  const done: Record<ReleaseAction, string> = {
    publish: 'Published: listeners can find it now',
    unschedule: 'The schedule is cancelled',
    unpublish: 'Unpublished: listeners no longer see it',
    republish: 'Published again',
  };
  const run = (action: ReleaseAction) =>
    act.mutate(action, {
      onSuccess: () => toast({ title: done[action], variant: 'success' }),
      onError: (error) => toast({ title: 'That did not work', description: serverMessageOf(error) ?? undefined, variant: 'destructive' }),
    });
  const submitSchedule = (event: FormEvent) => {
    event.preventDefault();
    const at = new Date(releaseAt);
    schedule.mutate(Number.isNaN(at.getTime()) ? releaseAt : at.toISOString(), {
      onSuccess: (scheduled) => toast({ title: `Scheduled for ${formatDateTime(scheduled.scheduledAt ?? '')}`, variant: 'success' }),
      onError: (error) =>
        toast({ title: 'Could not schedule it', description: serverMessageOf(error) ?? undefined, variant: 'destructive' }),
    });
  };
  const busy = act.isPending || schedule.isPending;
  return (
    <section
      aria-labelledby="release-actions"
      className="space-y-3 rounded-2xl border border-white/10 bg-zinc-900 p-5"
      data-testid="release-actions"
    >
      <h2 id="release-actions" className="text-lg font-bold text-zinc-50">
        Publishing
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        {(release.status === 'draft' || release.status === 'scheduled') && (
          <Button onClick={() => run('publish')} disabled={busy} data-testid="publish-now">
            Publish now
          </Button>
        )}
        {release.status === 'scheduled' && (
          <Button variant="secondary" onClick={() => run('unschedule')} disabled={busy}>
            Cancel the schedule
          </Button>
        )}
        {release.status === 'live' && (
          <Button variant="secondary" onClick={() => run('unpublish')} disabled={busy} data-testid="unpublish">
            Unpublish
          </Button>
        )}
        {release.status === 'unpublished' && (
          <Button onClick={() => run('republish')} disabled={busy} data-testid="republish">
            Publish again
          </Button>
        )}
        {release.status === 'draft' && (
          <form onSubmit={submitSchedule} className="flex flex-wrap items-end gap-2">
            <TextField
              label="Or publish at"
              type="datetime-local"
              value={releaseAt}
              onChange={(event) => setReleaseAt(event.target.value)}
              error={errors.releaseAt}
              required
            />
            <Button type="submit" variant="secondary" disabled={busy || !releaseAt}>
              Schedule
            </Button>
          </form>
        )}
      </div>
      {failure && !errors.releaseAt && (
        <p role="alert" className="text-sm text-red-300" data-testid="release-action-error">
          {failure}
        </p>
      )}
    </section>
  );
}

/**
 * Whether the home page features this live release: the staff's choice, or the newest release when there is none. The
 * choice a button just made is shown at once; the home page's own answer follows once the catalogue view has it.
 */
function HomePageFeature({ release }: { release: AdminRelease }) {
  const featured = useQuery(featuredAlbumQueryOptions());
  const choose = useFeaturedAlbumChoice();
  const shown = featured.data;
  const choiceId = choose.data ? choose.data.albumId : shown?.chosen ? (shown.album?.id ?? null) : null;
  const run = (albumId: string | null) =>
    choose.mutate(albumId, {
      onSuccess: () =>
        toast({ title: albumId ? 'The home page features this release' : 'The home page features the newest release', variant: 'success' }),
      onError: (error) => toast({ title: 'That did not work', description: serverMessageOf(error) ?? undefined, variant: 'destructive' }),
    });
  const status =
    choiceId === release.id
      ? 'The home page features this release: the staff chose it.'
      : choiceId
        ? `The staff chose ${shown?.album && shown.album.id === choiceId ? `“${shown.album.title}”` : 'another release'} for the home page.`
        : shown?.album?.id === release.id
          ? 'The home page features this release: it is the newest.'
          : 'The home page features the newest release.';
  return (
    <section
      aria-labelledby="home-page-feature"
      className="space-y-3 rounded-2xl border border-white/10 bg-zinc-900 p-5"
      data-testid="home-page-feature"
    >
      <h2 id="home-page-feature" className="flex items-center gap-2 text-lg font-bold text-zinc-50">
        <House aria-hidden="true" className="size-5" />
        Home page
      </h2>
      {featured.isPending ? (
        <Spinner label="Reading what the home page features…" />
      ) : (
        <p className="text-sm text-zinc-200" data-testid="home-page-feature-status">
          {status}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        {choiceId !== release.id && (
          <Button onClick={() => run(release.id)} disabled={choose.isPending} data-testid="feature-on-home">
            Feature on the home page
          </Button>
        )}
        {choiceId !== null && (
          <Button variant="secondary" onClick={() => run(null)} disabled={choose.isPending} data-testid="feature-newest">
            Feature the newest release instead
          </Button>
        )}
      </div>
    </section>
  );
}

/** The details as the form sends them: only what the admin changed, prices as numbers, empty text as none. */
function changesFrom(form: FormData, release: AdminRelease): DraftChanges {
  const text = (name: string) => formText(form, name);
  const money = (name: string) => (text(name) === '' ? null : Number(text(name)));
  const next: DraftChanges = {
    title: text('title'),
    albumType: text('albumType'),
    description: text('description') || null,
    releaseDate: text('releaseDate') || null,
    copyright: text('copyright') || null,
    access: text('access') as AlbumAccess,
    price: money('price'),
    memberPrice: money('memberPrice'),
    isExclusive: form.get('isExclusive') === 'on',
    externalLinks: filledFields(
      form,
      linkFields.map(([name]) => name),
    ),
  };
  const changed: Partial<Record<string, unknown>> = {};
  for (const [key, value] of Object.entries(next)) {
    if (JSON.stringify(value) !== JSON.stringify(release[key as keyof AdminRelease])) changed[key] = value;
  }
  return changed;
}

function DetailsForm({ release }: { release: AdminRelease }) {
  const change = useChangeDraft(release.id);
  const errors = fieldErrorsOf(change.error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const changes = changesFrom(new FormData(event.currentTarget), release);
    if (Object.keys(changes).length === 0) {
      toast({ title: 'Nothing to save' });
      return;
    }
    change.mutate(changes, {
      onSuccess: () => toast({ title: 'Saved', variant: 'success' }),
      onError: (error) => toast({ title: 'Not saved', description: serverMessageOf(error) ?? undefined, variant: 'destructive' }),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-labelledby="release-details" data-testid="release-details">
      <h2 id="release-details" className="text-lg font-bold text-zinc-50">
        Details and price
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        <TextField label="Title" name="title" defaultValue={release.title} error={errors.title} required />
        <TextField label="Type" name="albumType" defaultValue={release.albumType} error={errors.albumType} />
        <TextField
          label="Release date"
          name="releaseDate"
          type="date"
          defaultValue={release.releaseDate ?? ''}
          error={errors.releaseDate}
        />
        <TextField label="Copyright" name="copyright" defaultValue={release.copyright ?? ''} error={errors.copyright} />
        <SelectField label="Access" name="access" defaultValue={release.access} error={errors.access}>
          {albumAccessOptions.map((access) => (
            <option key={access} value={access}>
              {accessLabels[access]}
            </option>
          ))}
        </SelectField>
        <label className="flex items-center gap-3 self-end rounded-lg border border-white/10 px-3 py-2.5 text-sm text-zinc-100">
          <input type="checkbox" name="isExclusive" defaultChecked={release.isExclusive} className="size-4 accent-[var(--color-accent)]" />
          Toko+ exclusive
        </label>
        <MoneyField label="Price (USD)" name="price" defaultValue={release.price ?? ''} error={errors.price} />
        <MoneyField
          label="Member price (USD)"
          name="memberPrice"
          defaultValue={release.memberPrice ?? ''}
          error={errors.memberPrice}
          hint="Left empty, members pay 70% of the price."
        />
      </div>
      <TextAreaField label="Description" name="description" defaultValue={release.description ?? ''} error={errors.description} />
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-zinc-200">Listen elsewhere</legend>
        <div className="grid gap-4 md:grid-cols-2">
          {linkFields.map(([name, label]) => (
            <TextField
              key={name}
              label={label}
              name={name}
              type="url"
              placeholder="https://…"
              defaultValue={release.externalLinks[name] ?? ''}
              error={errors[`externalLinks.${name}`]}
            />
          ))}
        </div>
      </fieldset>
      <Button type="submit" disabled={change.isPending} data-testid="save-release">
        {change.isPending ? 'Saving…' : 'Save details'}
      </Button>
    </form>
  );
}
