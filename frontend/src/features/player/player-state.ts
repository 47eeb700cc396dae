/**
 * The player as a pure state machine: queue, position in it, playing or paused, shuffle, repeat, volume.
 * Time and randomness come in with the commands, so every transition is reproducible in a test.
 */

export type RepeatMode = 'off' | 'all' | 'one';
export const repeatModes: readonly RepeatMode[] = ['off', 'all', 'one'];

/** A track the player can load: only tracks with an audio URL ever enter the queue. */
export interface QueueTrack {
  id: string;
  albumId: string;
  title: string;
  artist: string;
  albumTitle: string;
  artwork: string | null;
  audioUrl: string;
  /** Seconds, from the catalogue; the audio element's own duration wins once known. */
  duration: number | null;
}

export interface PlayerState {
  queue: readonly QueueTrack[];
  index: number;
  status: 'playing' | 'paused';
  shuffle: boolean;
  repeat: RepeatMode;
  volume: number;
  /** The level unmuting returns to. */
  unmuteVolume: number;
  /** Bumped each time a track starts from its beginning: the audio reloads and the play counter restarts. */
  playId: number;
  /** When the last accepted request to play a track arrived (ms), for the 800 ms guard. */
  lastPlayRequestAt: number | null;
  error: string | null;
}

export type PlayerCommand =
  | { type: 'playTrack'; track: QueueTrack; at: number; guardMs?: number }
  | { type: 'playQueue'; tracks: readonly QueueTrack[]; index: number; at: number; guardMs?: number }
  /** Puts back the queue of an earlier visit, paused, without counting as a play request. */
  | { type: 'restore'; queue: readonly QueueTrack[]; index: number; shuffle: boolean }
  | { type: 'settingsLoaded'; repeat: RepeatMode; volume: number }
  | { type: 'resume' }
  | { type: 'pause' }
  | { type: 'next'; random: number }
  | { type: 'previous'; random: number }
  | { type: 'trackEnded'; random: number }
  | { type: 'toggleShuffle' }
  | { type: 'cycleRepeat' }
  | { type: 'setVolume'; volume: number }
  | { type: 'toggleMute' }
  /** Queued tracks' audio under fresh URLs (track id → URL; signed URLs expire): the queue keeps its place and status. */
  | { type: 'audioUrlsRefreshed'; audioUrls: Readonly<Record<string, string>> }
  | { type: 'playbackFailed'; message: string };

/** Requests to start a track closer together than this are double taps, not intentions. */
export const PLAY_REQUEST_GUARD_MS = 800;
/** Album cards guard less: a card's Play is one deliberate tap, and a second within 500 ms is still a double tap. */
export const CARD_PLAY_GUARD_MS = 500;
/** Unmuting a player muted since it started comes back at this level. */
const DEFAULT_UNMUTE_VOLUME = 0.75;

export const clampVolume = (volume: number): number => Math.min(1, Math.max(0, volume));

export function initialPlayerState(settings: { repeat: RepeatMode; volume: number }): PlayerState {
  const volume = clampVolume(settings.volume);
  return {
    queue: [],
    index: 0,
    status: 'paused',
    shuffle: false,
    repeat: settings.repeat,
    volume,
    unmuteVolume: volume > 0 ? volume : DEFAULT_UNMUTE_VOLUME,
    playId: 0,
    lastPlayRequestAt: null,
    error: null,
  };
}

export const currentTrack = (state: PlayerState): QueueTrack | null => state.queue[state.index] ?? null;

const nextRepeatMode = (mode: RepeatMode): RepeatMode => repeatModes[(repeatModes.indexOf(mode) + 1) % repeatModes.length];

/** A uniformly chosen index other than `current` (the current one when there is no other). */
function randomOtherIndex(length: number, current: number, random: number): number {
  if (length < 2) return current;
  const pick = Math.min(Math.floor(random * (length - 1)), length - 2);
  return pick >= current ? pick + 1 : pick;
}

/** Where "next" goes: the same track on repeat-one, a random other when shuffling, else the next (the first again on repeat-all). */
export function nextIndex(state: PlayerState, random: number): number {
  const { queue, index, repeat, shuffle } = state;
  if (queue.length === 0) return 0;
  if (repeat === 'one') return index;
  if (shuffle) return randomOtherIndex(queue.length, index, random);
  if (index + 1 < queue.length) return index + 1;
  return repeat === 'all' ? 0 : index;
}

/** Where "previous" goes: the mirror of `nextIndex`. */
export function previousIndex(state: PlayerState, random: number): number {
  const { queue, index, repeat, shuffle } = state;
  if (queue.length === 0) return 0;
  if (repeat === 'one') return index;
  if (shuffle) return randomOtherIndex(queue.length, index, random);
  if (index > 0) return index - 1;
  return repeat === 'all' ? queue.length - 1 : index;
}

/**
 * The track that will play after this one ends, for preloading: null when playback stops there, or when the
 * same track starts over. `random` must be the one the next `trackEnded` will carry.
 */
export function upcomingIndex(state: PlayerState, random: number): number | null {
  if (state.queue.length === 0) return null;
  const index = nextIndex(state, random);
  return index === state.index ? null : index;
}

const hasNeighbourControls = (state: PlayerState): boolean => state.queue.length > 0 && (state.shuffle || state.repeat !== 'off');

export const canGoNext = (state: PlayerState): boolean => hasNeighbourControls(state) || state.index + 1 < state.queue.length;

export const canGoPrevious = (state: PlayerState): boolean => hasNeighbourControls(state) || (state.queue.length > 0 && state.index > 0);

function isGuarded(state: PlayerState, at: number, guardMs = PLAY_REQUEST_GUARD_MS): boolean {
  return state.lastPlayRequestAt !== null && at - state.lastPlayRequestAt < guardMs;
}

const playableIn = (tracks: readonly QueueTrack[]) => tracks.filter((track) => track.audioUrl);
const clampIndex = (index: number, length: number) => Math.min(Math.max(0, Math.trunc(index) || 0), length - 1);

function startAt(state: PlayerState, queue: readonly QueueTrack[], index: number, at: number): PlayerState {
  return {
    ...state,
    queue,
    index,
    status: 'playing',
    playId: state.playId + 1,
    lastPlayRequestAt: at,
    error: null,
  };
}

/**
 * Moving through the queue keeps the play/pause status (skipping while paused stays paused).
 * Landing on the same track restarts it only when a repeat mode asks for it; otherwise nothing moves.
 */
function skipTo(state: PlayerState, index: number): PlayerState {
  if (state.queue.length === 0) return state;
  if (index === state.index && state.repeat === 'off') return state;
  return { ...state, index, playId: state.playId + 1, error: null };
}

export function playerReducer(state: PlayerState, command: PlayerCommand): PlayerState {
  switch (command.type) {
    case 'playTrack':
      if (!command.track.audioUrl || isGuarded(state, command.at, command.guardMs)) return state;
      return startAt(state, [command.track], 0, command.at);
    case 'playQueue': {
      const tracks = playableIn(command.tracks);
      if (tracks.length === 0 || isGuarded(state, command.at, command.guardMs)) return state;
      return startAt(state, tracks, clampIndex(command.index, tracks.length), command.at);
    }
    case 'restore': {
      const queue = playableIn(command.queue);
      if (queue.length === 0 || state.queue.length > 0) return state;
      return {
        ...state,
        queue,
        index: clampIndex(command.index, queue.length),
        shuffle: command.shuffle,
        status: 'paused',
        playId: state.playId + 1,
      };
    }
    case 'settingsLoaded': {
      const { volume, unmuteVolume } = initialPlayerState(command);
      return { ...state, repeat: command.repeat, volume, unmuteVolume };
    }
    case 'resume':
      if (state.queue.length === 0 || state.status === 'playing') return state;
      return { ...state, status: 'playing', error: null };
    case 'pause':
      return state.status === 'paused' ? state : { ...state, status: 'paused' };
    case 'next':
      return skipTo(state, nextIndex(state, command.random));
    case 'previous':
      return skipTo(state, previousIndex(state, command.random));
    case 'trackEnded': {
      if (state.queue.length === 0) return state;
      const index = nextIndex(state, command.random);
      // The last track of a queue that does not repeat: playback is over.
      if (index === state.index && state.repeat === 'off') return { ...state, status: 'paused' };
      return { ...state, index, status: 'playing', playId: state.playId + 1, error: null };
    }
    case 'toggleShuffle':
      return { ...state, shuffle: !state.shuffle };
    case 'cycleRepeat':
      return { ...state, repeat: nextRepeatMode(state.repeat) };
    case 'setVolume': {
      if (!Number.isFinite(command.volume)) return state;
      const volume = clampVolume(command.volume);
      if (volume === state.volume) return state;
      return { ...state, volume, unmuteVolume: volume > 0 ? volume : state.unmuteVolume };
    }
    case 'toggleMute':
      return state.volume > 0 ? { ...state, volume: 0, unmuteVolume: state.volume } : { ...state, volume: state.unmuteVolume };
    case 'audioUrlsRefreshed': {
      const freshUrl = (track: QueueTrack) => (Object.hasOwn(command.audioUrls, track.id) ? command.audioUrls[track.id] : '');
      if (!state.queue.some((track) => freshUrl(track) && freshUrl(track) !== track.audioUrl)) return state;
      return { ...state, queue: state.queue.map((track) => (freshUrl(track) ? { ...track, audioUrl: freshUrl(track) } : track)) };
    }
    case 'playbackFailed':
      return { ...state, status: 'paused', error: command.message };
    default: {
      const unhandled: never = command;
      return unhandled;
    }
  }
}
