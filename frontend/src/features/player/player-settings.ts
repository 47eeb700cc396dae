/** The player settings a listener keeps between visits (volume, repeat mode), validated on the way back in. */
import { readStored, writeStored } from '../../lib/storage';
import { clampVolume, repeatModes, type RepeatMode } from './player-state';

export const MOBILE_BREAKPOINT_PX = 768;
const VOLUME_KEY = 'player.volume';
const REPEAT_KEY = 'player.repeat';

/** Phones play at full volume (their hardware buttons rule); desktops start a little lower. */
export const defaultVolume = (viewportWidth: number): number => (viewportWidth < MOBILE_BREAKPOINT_PX ? 1 : 0.75);

/** A stored repeat mode, or "off" for anything that is not one. */
export const parseRepeatMode = (stored: string | null): RepeatMode => repeatModes.find((mode) => mode === stored) ?? 'off';

/** A stored volume clamped to 0..1, or the fallback when it is missing or not a number. */
export function parseVolume(stored: string | null, fallback: number): number {
  if (stored === null || stored.trim() === '') return fallback;
  const volume = Number(stored);
  return Number.isFinite(volume) ? clampVolume(volume) : fallback;
}

export function loadPlayerSettings(viewportWidth: number): { repeat: RepeatMode; volume: number } {
  return {
    repeat: parseRepeatMode(readStored('local', REPEAT_KEY)),
    volume: parseVolume(readStored('local', VOLUME_KEY), defaultVolume(viewportWidth)),
  };
}

export function savePlayerSettings(settings: { repeat: RepeatMode; volume: number }): void {
  writeStored('local', REPEAT_KEY, settings.repeat);
  writeStored('local', VOLUME_KEY, String(settings.volume));
}
