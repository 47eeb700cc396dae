/** The names of the plays streams, one per listener and day: written by the plays context, read by a listener's export. */

/**
 * A listener's plays of one day. A guest's are a stream category of their own: only the stats take them, where a
 * signed-in listener's plays also feed their library's recently played (functions/consumers.ts).
 */
export const playsStream = (listenerId: string, at: Date, signedIn: boolean) =>
  `${signedIn ? 'plays' : 'guest-plays'}#${listenerId}#${at.toISOString().slice(0, 10)}`;
