/** The player's keyboard shortcuts on the whole page (rules in ../keyboard-shortcuts.ts). */
import { useEffect } from 'react';
import { useLatest } from '../../../lib/use-latest';
import { focusKindOf, SEEK_STEP_SECONDS, shortcutFor, VOLUME_STEP, type ShortcutAction } from '../keyboard-shortcuts';
import { usePlayer, type PlayerControls } from './player-provider';

function perform(action: Exclude<ShortcutAction, 'showHelp'>, player: PlayerControls) {
  switch (action) {
    case 'togglePlay':
      return player.togglePlay();
    case 'seekBackward':
      return player.seekBy(-SEEK_STEP_SECONDS);
    case 'seekForward':
      return player.seekBy(SEEK_STEP_SECONDS);
    case 'volumeUp':
      return player.setVolume(player.state.volume + VOLUME_STEP);
    case 'volumeDown':
      return player.setVolume(player.state.volume - VOLUME_STEP);
    case 'toggleMute':
      return player.toggleMute();
    case 'next':
      return player.canGoNext && player.next();
    case 'previous':
      return player.canGoPrevious && player.previous();
    default: {
      const unhandled: never = action;
      return unhandled;
    }
  }
}

const held = new Set<ShortcutAction>(['seekBackward', 'seekForward', 'volumeUp', 'volumeDown']);

export function usePlayerShortcuts(onShowHelp: () => void) {
  const player = usePlayer();
  const latest = useLatest({ player, onShowHelp });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const action = shortcutFor({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        focus: focusKindOf(document.activeElement),
      });
      // Holding an arrow keeps seeking or changing the volume; holding anything else does it once.
      if (!action || (event.repeat && !held.has(action))) return;
      const { player: current, onShowHelp: showHelp } = latest.current;
      // Nothing to control before anything has been queued (except the help).
      if (action !== 'showHelp' && !current.track) return;
      event.preventDefault();
      if (action === 'showHelp') showHelp();
      else perform(action, current);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [latest]);
}
