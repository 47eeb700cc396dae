/**
 * The player's keyboard shortcuts as a pure rule: which key does what, and when a key belongs to something
 * else (typing in a field, a focused button or slider, an open dialog) so the player leaves it alone.
 */

export type ShortcutAction =
  | 'togglePlay'
  | 'seekBackward'
  | 'seekForward'
  | 'volumeUp'
  | 'volumeDown'
  | 'toggleMute'
  | 'next'
  | 'previous'
  | 'showHelp';

/** Seconds one arrow press seeks. */
export const SEEK_STEP_SECONDS = 5;
/** Volume one arrow press changes (of 0..1). */
export const VOLUME_STEP = 0.1;

/** What has the keyboard focus, as far as shortcuts care. */
export type FocusKind = 'text-entry' | 'button' | 'slider' | 'dialog' | 'other';

export interface ShortcutKey {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  focus: FocusKind;
}

export const shortcuts: ReadonlyArray<{ keys: string; action: string }> = [
  { keys: 'Space', action: 'Play or pause' },
  { keys: '← / →', action: `Seek back or forward ${SEEK_STEP_SECONDS} seconds` },
  { keys: '↑ / ↓', action: 'Volume up or down' },
  { keys: 'M', action: 'Mute or unmute' },
  { keys: 'N', action: 'Next track' },
  { keys: 'P', action: 'Previous track' },
  { keys: '?', action: 'Show these shortcuts' },
];

const byKey: Record<string, ShortcutAction> = {
  ' ': 'togglePlay',
  ArrowLeft: 'seekBackward',
  ArrowRight: 'seekForward',
  ArrowUp: 'volumeUp',
  ArrowDown: 'volumeDown',
  m: 'toggleMute',
  M: 'toggleMute',
  n: 'next',
  N: 'next',
  p: 'previous',
  P: 'previous',
  '?': 'showHelp',
};

export function shortcutFor({ key, ctrlKey, metaKey, altKey, focus }: ShortcutKey): ShortcutAction | null {
  // Browser and system shortcuts (Ctrl+P prints) stay theirs; fields and dialogs keep their keys.
  if (ctrlKey || metaKey || altKey || focus === 'text-entry' || focus === 'dialog') return null;
  const action = byKey[key] ?? null;
  // A focused button is pressed by Space; a focused slider moves with the arrows.
  if (action === 'togglePlay' && focus === 'button') return null;
  if (focus === 'slider' && key.startsWith('Arrow')) return null;
  return action;
}

/** Classifies the focused element for `shortcutFor`. */
export function focusKindOf(element: Element | null): FocusKind {
  if (!element) return 'other';
  if (element.closest('[role=dialog], [role=alertdialog]')) return 'dialog';
  if (element instanceof HTMLElement && element.isContentEditable) return 'text-entry';
  const tag = element.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return 'text-entry';
  if (tag === 'INPUT') {
    const type = (element as HTMLInputElement).type;
    if (type === 'range') return 'slider';
    return type === 'button' || type === 'submit' || type === 'checkbox' || type === 'radio' ? 'button' : 'text-entry';
  }
  const role = element.getAttribute('role');
  if (role === 'slider') return 'slider';
  if (tag === 'BUTTON' || tag === 'A' || tag === 'SUMMARY' || role === 'button' || role === 'tab' || role === 'link') return 'button';
  return 'other';
}
