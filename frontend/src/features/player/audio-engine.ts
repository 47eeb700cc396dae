/**
 * The audio engine: two audio elements, one playing and one holding the next track so the change is gapless
 * (the preloaded element is swapped in instead of loading the track again), and starts of playback tried
 * again when the browser refuses them. Plain code over the few parts of HTMLAudioElement it uses.
 */
import type { RetryPlan } from './playback-retries';

/** What the engine uses of an HTMLAudioElement. */
export interface AudioElementLike {
  src: string;
  preload: string;
  currentTime: number;
  volume: number;
  readonly error: unknown;
  getAttribute(name: 'src'): string | null;
  play(): Promise<void>;
  pause(): void;
}

export type Slot = 0 | 1;
const otherSlot = (slot: Slot): Slot => (slot === 0 ? 1 : 0);

/** How a start of playback ended: playing, given way to a newer start or a pause, or refused every time. */
type StartOutcome = 'started' | 'superseded' | 'failed';

interface AudioEngineOptions {
  retryPlan: RetryPlan;
  /** Called when the other element becomes the playing one. */
  onSwap?: (active: Slot) => void;
  wait?: (ms: number) => Promise<unknown>;
}

interface AudioEngine<A extends AudioElementLike> {
  /** The two elements' callback refs: React hands each element over when it mounts, and null when it unmounts. */
  mountSlots: readonly [(element: A | null) => void, (element: A | null) => void];
  /** The element that plays. */
  active: () => A | null;
  /** The element that holds the next track. */
  standby: () => A | null;
  isActive: (element: unknown) => boolean;
  /** Makes `url` the playing element's track from its start: the preloaded element when it holds it; answers that element. */
  load(url: string): A | null;
  /** Loads `url` into the standby element, unless it holds it already. */
  preload(url: string): void;
  /** Starts `audio`, tried again per the retry plan; a newer start or a stop() ends the tries. */
  start(audio: A): Promise<StartOutcome>;
  /** Pauses the playing element and ends any start still being tried. */
  stop(): void;
  setVolume(volume: number): void;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createAudioEngine<A extends AudioElementLike>(opts: AudioEngineOptions): AudioEngine<A> {
  const wait = opts.wait ?? sleep;
  let activeSlot: Slot = 0;
  // Each start gets a number; a newer one (or a stop) makes older retries give up.
  let startAttempt = 0;
  const mounted: [A | null, A | null] = [null, null];
  const element = (slot: Slot) => mounted[slot];

  return {
    mountSlots: [
      (audio) => {
        mounted[0] = audio;
      },
      (audio) => {
        mounted[1] = audio;
      },
    ],
    active: () => element(activeSlot),
    standby: () => element(otherSlot(activeSlot)),
    isActive: (candidate) => candidate === element(activeSlot),
    load(url) {
      const audio = element(activeSlot);
      const standby = element(otherSlot(activeSlot));
      if (!audio) return null;
      if (audio.getAttribute('src') === url) {
        audio.currentTime = 0;
        return audio;
      }
      if (standby && standby.getAttribute('src') === url && !standby.error) {
        audio.pause();
        activeSlot = otherSlot(activeSlot);
        opts.onSwap?.(activeSlot);
        if (standby.currentTime !== 0) standby.currentTime = 0;
        return standby;
      }
      audio.src = url;
      return audio;
    },
    preload(url) {
      const standby = element(otherSlot(activeSlot));
      if (!standby || standby.getAttribute('src') === url) return;
      standby.preload = 'auto';
      standby.src = url;
    },
    async start(audio) {
      const attempt = ++startAttempt;
      const { retries, delayMs } = opts.retryPlan;
      for (let retry = 0; retry <= retries; retry += 1) {
        try {
          await audio.play();
          return 'started';
        } catch (error) {
          // A newer source or a pause interrupted this start: not a failure.
          if (isAbort(error) || attempt !== startAttempt) return 'superseded';
        }
        if (retry < retries) await wait(delayMs);
        if (attempt !== startAttempt) return 'superseded';
      }
      return 'failed';
    },
    stop() {
      startAttempt += 1;
      element(activeSlot)?.pause();
    },
    setVolume(volume) {
      for (const audio of mounted) if (audio) audio.volume = volume;
    },
  };
}
