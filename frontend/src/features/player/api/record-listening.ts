/** POST /api/listening-history: adds a counted play to the signed-in listener's history (failures ignored). */
import { api } from '../../../lib/http';

/** The answers' schemas, loaded apart from the first page's code (lib/http.ts). */
const librarySchemas = () => import('#contract/library.js');

export function recordListening(trackId: string): void {
  // The history is a nicety: a failed write never disturbs the music.
  api('POST /api/listening-history', () => librarySchemas().then((c) => c.recordListeningAnswer), { body: { trackId } }).catch(
    () => undefined,
  );
}
