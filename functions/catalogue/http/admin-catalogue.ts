/**
 * HTTP context `admin-catalogue`: the label's artists, releases, release board, exclusive videos and curated playlists. Every route is
 * `admin` (checked at the edge); every command records the admin as actor and the request as correlation id.
 */
import { randomUUID } from 'node:crypto';
import { artistImageMaxBytes, type AdminArtist } from '../contract/admin-catalogue.js';
import { draftOf, type AlbumState } from '../domain/album.js';
import type { ArtistState } from '../domain/artist.js';
import { invalid, notFound } from '../../platform/errors.js';
import { changeArtistImage, type ArtistImage } from '../artist-images.js';
import {
  chooseFeaturedAlbum,
  clearFeaturedAlbum,
  createArtist,
  draftAlbum,
  loadAlbum,
  publishDraft,
  runArtistCommand,
  runReleaseCommand,
} from '../catalogue-commands.js';
import { commandContexts } from '../../platform/command.js';
import { dynamoEventStore } from '../../platform/event-store.js';
import { authorizer } from '../../accounts/index.js';
import { contextHandler, HttpError, type RequestInfo } from '../../platform/http.js';
import { adminCatalogueRoutes } from '../../routes.js';
import { arrivedUpload, fileInstrumental, removeInstrumental, startReleaseUpload, titleFromFileName } from '../media-intake/index.js';
import { resizeArtwork } from '../media-intake/artwork.js';
import { readMultipartFile, type MultipartProblem } from '../../platform/multipart.js';
import { releaseBoard } from '../release-board.js';
import { releaseDto } from '../release-details.js';
import { adminPlaylistOf, createPlaylist, loadPlaylist, runPlaylistCommand, setPlaylistTracks } from '../playlist-commands.js';
import { publishVideo, runVideoCommand } from '../video-commands.js';
import type { VideoState } from '../domain/video.js';
import { getViews, queryViews } from '../../platform/views.js';
import { ARCHIVED_ARTISTS_INDEX, ARTISTS_INDEX, artistKey } from '../projections/catalogue.js';
import { HIDDEN_VIDEOS_INDEX, VIDEOS_INDEX, type VideoView } from '../../commerce/projections/commerce.js';
import { DRAFT_PLAYLISTS_INDEX, PLAYLISTS_INDEX, type PlaylistView } from '../projections/playlists.js';

/** This Lambda's commands run on the events table. */
const commandContext = commandContexts(dynamoEventStore);

function artistDto(artistId: string, state: ArtistState): AdminArtist {
  if (!state.exists) throw notFound('artist_not_found', 'Artist not found');
  const { details, avatar, headerImage, archived } = state;
  return {
    id: artistId,
    name: details.name,
    bio: details.bio,
    isMain: details.isMain,
    socialLinks: Object.fromEntries(Object.entries(details.socialLinks).filter((e): e is [string, string] => Boolean(e[1]))),
    avatar,
    headerImage,
    archived,
  };
}

const slugOf = (title: string, videoId: string) =>
  `${
    title
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'video'
  }-${videoId.slice(0, 8)}`;

interface ArtistListItem {
  id: string;
  name: string;
  bio: string | null;
  isMain: boolean;
  socialLinks: Record<string, string> | null;
  avatar: string | null;
  headerImage: string | null;
  archived?: boolean;
}

const listedArtist = (artist: ArtistListItem): AdminArtist => ({
  id: artist.id,
  name: artist.name,
  bio: artist.bio,
  isMain: artist.isMain,
  socialLinks: artist.socialLinks ?? {},
  avatar: artist.avatar,
  headerImage: artist.headerImage,
  archived: artist.archived === true,
});

const imageRefusals: Record<MultipartProblem, (field: ArtistImage) => string> = {
  not_multipart: (field) => `Send the image as multipart/form-data in the field "${field}"`,
  too_large: () => `The image is larger than ${artistImageMaxBytes / 1024 / 1024} MB. Choose a smaller one.`,
  malformed: () => 'The upload is not valid multipart/form-data',
  missing: () => 'Choose an image',
  empty: () => 'The file is empty. Choose a JPEG or PNG image.',
};

/** The image in the multipart field named after it, or a 400 whose message stands under that field. */
async function uploadedImage(request: RequestInfo, field: ArtistImage): Promise<Buffer> {
  const upload = await readMultipartFile(request.rawBody, request.headers['content-type'] ?? '', field, artistImageMaxBytes);
  if (upload.ok) return upload.bytes;
  const message = imageRefusals[upload.problem](field);
  throw new HttpError(400, upload.problem === 'too_large' ? 'file_too_large' : 'invalid_image', message, { [field]: message });
}

/** The draft's track, or the refusal the release command would give (a published album, an unknown track). */
function draftTrack(state: AlbumState, trackId: string) {
  const track = draftOf(state).tracks.find((t) => t.trackId === trackId);
  if (!track) throw notFound('track_not_found', 'Track not found');
  return track;
}

function videoDto(id: string, state: VideoState) {
  if (!state.exists || state.deleted) throw notFound('video_not_found', 'Video not found');
  return { id, ...state.published, ...state.details, hidden: state.hidden };
}

export const handler = contextHandler(adminCatalogueRoutes, authorizer, {
  'GET /api/admin/artists': async () => {
    const [listed, archived] = await Promise.all([
      queryViews<ArtistListItem>({ gsi1pk: ARTISTS_INDEX }),
      queryViews<ArtistListItem>({ gsi1pk: ARCHIVED_ARTISTS_INDEX }),
    ]);
    return { artists: [...listed, ...archived].map(listedArtist) };
  },

  'POST /api/admin/artists': async ({ body, session, request }) => {
    const artistId = randomUUID();
    const { state } = await createArtist({ artistId, ...body, avatar: null, headerImage: null }, commandContext(session, request));
    return artistDto(artistId, state);
  },

  'PUT /api/admin/artists/{id}': async ({ params, body, session, request }) => {
    const { state } = await runArtistCommand(
      params.id,
      { type: 'ChangeArtistDetails', artistId: params.id, changes: body },
      commandContext(session, request),
    );
    return artistDto(params.id, state);
  },

  'POST /api/admin/artists/{id}/archive': async ({ params, session, request }) => {
    const { state } = await runArtistCommand(params.id, { type: 'ArchiveArtist', artistId: params.id }, commandContext(session, request));
    return artistDto(params.id, state);
  },

  'POST /api/admin/artists/{id}/restore': async ({ params, session, request }) => {
    const { state } = await runArtistCommand(params.id, { type: 'RestoreArtist', artistId: params.id }, commandContext(session, request));
    return artistDto(params.id, state);
  },

  'POST /api/admin/artists/{id}/avatar': async ({ params, session, request }) => {
    const bytes = await uploadedImage(request, 'avatar');
    return artistDto(params.id, await changeArtistImage(params.id, 'avatar', bytes, commandContext(session, request)));
  },

  'POST /api/admin/artists/{id}/header': async ({ params, session, request }) => {
    const bytes = await uploadedImage(request, 'header');
    return artistDto(params.id, await changeArtistImage(params.id, 'header', bytes, commandContext(session, request)));
  },

  'POST /api/admin/albums': async ({ body, session, request }) => {
    const albumId = randomUUID();
    const { artistId, ...details } = body;
    const { state } = await draftAlbum({ albumId, artistId, ...details, artwork: null }, commandContext(session, request));
    return releaseDto(albumId, state);
  },

  'GET /api/admin/albums/{id}': async ({ params }) => releaseDto(params.id, await loadAlbum(params.id, dynamoEventStore)),

  'PUT /api/admin/albums/{id}': async ({ params, body, session, request }) => {
    const { state } = await runReleaseCommand({ type: 'ChangeDraft', albumId: params.id, changes: body }, commandContext(session, request));
    return releaseDto(params.id, state);
  },

  'POST /api/admin/albums/{id}/uploads': async ({ params, body, request }) => {
    // Only a draft takes uploads: refuse before the browser sends 200 MB.
    draftOf(await loadAlbum(params.id, dynamoEventStore));
    return { upload: await startReleaseUpload({ albumId: params.id, ...body, now: request.receivedAt }) };
  },

  'POST /api/admin/albums/{id}/tracks': async ({ params, body, session, request }) => {
    const upload = await arrivedUpload(body.uploadId, params.id, 'track', request.receivedAt);
    // The upload's id is the track's: filing the same upload twice (a retried request) adds one track.
    const track = { trackId: upload.uploadId, title: body.title ?? titleFromFileName(upload.fileName), uploadKey: upload.key };
    const { state } = await runReleaseCommand({ type: 'UploadTrack', albumId: params.id, track }, commandContext(session, request));
    return releaseDto(params.id, state);
  },

  'PUT /api/admin/albums/{id}/artwork': async ({ params, body, session, request }) => {
    draftOf(await loadAlbum(params.id, dynamoEventStore));
    const upload = await arrivedUpload(body.uploadId, params.id, 'artwork', request.receivedAt);
    const artwork = await resizeArtwork({ sourceKey: upload.key, albumId: params.id });
    if (!artwork.ok) throw invalid('artwork_refused', artwork.reason, 'uploadId');
    const { state } = await runReleaseCommand(
      { type: 'ChangeDraft', albumId: params.id, changes: { artwork: artwork.url } },
      commandContext(session, request),
    );
    return releaseDto(params.id, state);
  },

  'DELETE /api/admin/albums/{id}/tracks/{trackId}': async ({ params, session, request }) => {
    const command = { type: 'RemoveTrack', albumId: params.id, trackId: params.trackId } as const;
    const { state } = await runReleaseCommand(command, commandContext(session, request));
    return releaseDto(params.id, state);
  },

  'PUT /api/admin/albums/{id}/tracks/order': async ({ params, body, session, request }) => {
    const { state } = await runReleaseCommand(
      { type: 'ReorderTracks', albumId: params.id, trackIds: body.trackIds },
      commandContext(session, request),
    );
    return releaseDto(params.id, state);
  },

  'PUT /api/admin/albums/{id}/tracks/{trackId}': async ({ params, body, session, request }) => {
    const { state } = await runReleaseCommand(
      { type: 'ChangeTrackDetails', albumId: params.id, trackId: params.trackId, changes: body },
      commandContext(session, request),
    );
    return releaseDto(params.id, state);
  },

  'PUT /api/admin/albums/{id}/tracks/{trackId}/band-page': async ({ params, body, session, request }) => {
    const { state } = await runReleaseCommand(
      { type: 'ShowOnBandPage', albumId: params.id, trackId: params.trackId, shown: body.shown },
      commandContext(session, request),
    );
    return releaseDto(params.id, state);
  },

  'PUT /api/admin/albums/{id}/tracks/{trackId}/instrumental': async ({ params, body, session, request }) => {
    // Refuse a published album or an unknown track before anything is copied where the ZIP would find it.
    draftTrack(await loadAlbum(params.id, dynamoEventStore), params.trackId);
    const upload = await arrivedUpload(body.uploadId, params.id, 'instrumental', request.receivedAt);
    const key = await fileInstrumental(upload.key, params.id, params.trackId);
    if (!key) throw invalid('instrumental_refused', 'The file is not a WAV recording: upload the instrumental as a WAV file', 'uploadId');
    const { state } = await runReleaseCommand(
      { type: 'ChangeTrackDetails', albumId: params.id, trackId: params.trackId, changes: { instrumentalKey: key } },
      commandContext(session, request),
    );
    return releaseDto(params.id, state);
  },

  'DELETE /api/admin/albums/{id}/tracks/{trackId}/instrumental': async ({ params, session, request }) => {
    const { state } = await runReleaseCommand(
      { type: 'ChangeTrackDetails', albumId: params.id, trackId: params.trackId, changes: { instrumentalKey: null } },
      commandContext(session, request),
    );
    // After the event: a failed removal is retried by sending the request again, which records nothing twice.
    await removeInstrumental(params.id, params.trackId);
    return releaseDto(params.id, state);
  },

  'POST /api/admin/albums/{id}/publish': async ({ params, session, request }) => {
    const { state } = await publishDraft(params.id, commandContext(session, request));
    return releaseDto(params.id, state);
  },

  'POST /api/admin/albums/{id}/schedule': async ({ params, body, session, request }) => {
    const command = {
      type: 'ScheduleRelease',
      albumId: params.id,
      releaseAt: new Date(body.releaseAt).toISOString(),
      now: request.receivedAt.toISOString(),
    } as const;
    const { state } = await runReleaseCommand(command, commandContext(session, request));
    return releaseDto(params.id, state);
  },

  'DELETE /api/admin/albums/{id}/schedule': async ({ params, session, request }) => {
    const { state } = await runReleaseCommand({ type: 'UnscheduleRelease', albumId: params.id }, commandContext(session, request));
    return releaseDto(params.id, state);
  },

  'POST /api/admin/albums/{id}/unpublish': async ({ params, session, request }) => {
    const { state } = await runReleaseCommand({ type: 'UnpublishAlbum', albumId: params.id }, commandContext(session, request));
    return releaseDto(params.id, state);
  },

  'POST /api/admin/albums/{id}/republish': async ({ params, session, request }) => {
    const { state } = await runReleaseCommand({ type: 'RepublishAlbum', albumId: params.id }, commandContext(session, request));
    return releaseDto(params.id, state);
  },

  'PUT /api/admin/featured-album': async ({ body, session, request }) => {
    const { state } = await chooseFeaturedAlbum(body.albumId, commandContext(session, request));
    return { albumId: state.albumId };
  },

  'DELETE /api/admin/featured-album': async ({ session, request }) => {
    const { state } = await clearFeaturedAlbum(commandContext(session, request));
    return { albumId: state.albumId };
  },

  'GET /api/admin/releases': async ({ query }) => {
    const page = await releaseBoard(query);
    const artists = await getViews<{ id: string; name: string }>([...new Set(page.items.map((r) => r.artistId))].map(artistKey));
    const names = new Map(artists.map((a) => [a.id, a.name]));
    return {
      items: page.items.map((r) => ({
        id: r.albumId,
        artistId: r.artistId,
        artistName: names.get(r.artistId) ?? '',
        title: r.title,
        albumType: r.albumType,
        artwork: r.artwork,
        status: r.status,
        releaseDate: r.releaseDate,
        scheduledAt: r.scheduledAt,
        trackCount: r.trackCount,
        updatedAt: r.updatedAt,
      })),
      counts: page.counts,
      nextCursor: page.nextCursor,
    };
  },

  'GET /api/admin/playlists': async () => {
    const [drafts, published] = await Promise.all([
      queryViews<PlaylistView>({ gsi1pk: DRAFT_PLAYLISTS_INDEX }),
      queryViews<PlaylistView>({ gsi1pk: PLAYLISTS_INDEX }),
    ]);
    return {
      playlists: [...drafts, ...published].map((p) => ({
        id: p.id,
        name: p.name,
        description: p.description,
        published: p.published !== false,
        trackCount: p.tracks.length,
      })),
    };
  },

  'POST /api/admin/playlists': async ({ body, session, request }) => {
    const playlistId = randomUUID();
    const { state } = await createPlaylist(
      { playlistId, name: body.name, description: body.description, tracks: [], published: false },
      commandContext(session, request),
    );
    return adminPlaylistOf(playlistId, state);
  },

  'GET /api/admin/playlists/{id}': async ({ params }) => adminPlaylistOf(params.id, await loadPlaylist(params.id, dynamoEventStore)),

  'PUT /api/admin/playlists/{id}': async ({ params, body, session, request }) => {
    const { state } = await runPlaylistCommand(
      { type: 'ChangePlaylistDetails', playlistId: params.id, ...body },
      commandContext(session, request),
    );
    return adminPlaylistOf(params.id, state);
  },

  'PUT /api/admin/playlists/{id}/tracks': async ({ params, body, session, request }) => {
    const { state } = await setPlaylistTracks(params.id, body.tracks, commandContext(session, request));
    return adminPlaylistOf(params.id, state);
  },

  'POST /api/admin/playlists/{id}/publish': async ({ params, session, request }) => {
    const { state } = await runPlaylistCommand({ type: 'PublishPlaylist', playlistId: params.id }, commandContext(session, request));
    return adminPlaylistOf(params.id, state);
  },

  'POST /api/admin/playlists/{id}/unpublish': async ({ params, session, request }) => {
    const { state } = await runPlaylistCommand({ type: 'UnpublishPlaylist', playlistId: params.id }, commandContext(session, request));
    return adminPlaylistOf(params.id, state);
  },

  'GET /api/admin/videos': async () => {
    const [shown, hidden] = await Promise.all([
      queryViews<VideoView>({ gsi1pk: VIDEOS_INDEX }, { descending: true }),
      queryViews<VideoView>({ gsi1pk: HIDDEN_VIDEOS_INDEX }, { descending: true }),
    ]);
    return {
      videos: [...shown, ...hidden].map((v) => ({
        id: v.id,
        slug: v.slug,
        title: v.title,
        description: v.description,
        youtubeVideoId: v.youtubeVideoId,
        requiredTier: v.requiredTier,
        publishedAt: v.publishedAt,
        hidden: v.hidden === true,
      })),
    };
  },

  'POST /api/admin/videos': async ({ body, session, request }) => {
    const videoId = randomUUID();
    const video = {
      videoId,
      slug: slugOf(body.title, videoId),
      title: body.title,
      description: body.description,
      youtubeVideoId: body.youtube,
      requiredTier: body.requiredTier,
      publishedAt: request.receivedAt.toISOString().slice(0, 10),
    };
    await publishVideo(video, commandContext(session, request));
    const { videoId: id, ...rest } = video;
    return { id, ...rest, hidden: false };
  },

  'PUT /api/admin/videos/{id}': async ({ params, body, session, request }) => {
    const { youtube, ...changes } = body;
    const { state } = await runVideoCommand(
      { type: 'ChangeVideoDetails', videoId: params.id, changes: { ...changes, ...(youtube ? { youtubeVideoId: youtube } : {}) } },
      commandContext(session, request),
    );
    return videoDto(params.id, state);
  },

  'POST /api/admin/videos/{id}/hide': async ({ params, session, request }) => {
    const { state } = await runVideoCommand({ type: 'HideVideo', videoId: params.id }, commandContext(session, request));
    return videoDto(params.id, state);
  },

  'POST /api/admin/videos/{id}/show': async ({ params, session, request }) => {
    const { state } = await runVideoCommand({ type: 'ShowVideo', videoId: params.id }, commandContext(session, request));
    return videoDto(params.id, state);
  },

  'DELETE /api/admin/videos/{id}': async ({ params, session, request }) => {
    await runVideoCommand({ type: 'DeleteVideo', videoId: params.id }, commandContext(session, request));
    return { id: params.id, deleted: true as const };
  },
});
