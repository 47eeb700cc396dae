/** POST /api/listening-history: adds a counted play to the signed-in listener's history (failures ignored). */
import { recordListeningAnswer } from '#contract/library.js';
import { api } from '../../../lib/http';

export function recordListening(trackId: string): void {
  // The history is a nicety: a failed write never disturbs the music.
  api('POST /api/listening-history', recordListeningAnswer, { body: { trackId } }).catch(() => undefined);
}
