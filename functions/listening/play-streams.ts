/** The names of a listener's daily streams, plays and listening: written by the plays and library contexts, read by a listener's export and the event log. */

/**
 * A listener's plays of one day. A guest's are a stream category of their own: only the stats take them, where a
 * signed-in listener's plays also feed their library's recently played (functions/consumers.ts).
 */
export const playsStream = (listenerId: string, at: Date, signedIn: boolean) =>
  `${signedIn ? 'plays' : 'guest-plays'}#${listenerId}#${at.toISOString().slice(0, 10)}`;

/**
 * A listener's listening history of one day: a stream of its own, not `library#<userId>`, since it only grows and the
 * library commands read their whole stream.
 */
export const listeningStream = (userId: string, at: Date) => `listening#${userId}#${at.toISOString().slice(0, 10)}`;

/**
 * What a listener's player reported on one day besides counted plays: the ends of counted plays (`PlayCompleted`) and
 * the reports the server refused (`PlayRefused`). A stream apart from the plays, so the plays stream's version stays
 * the day's count of plays, which its ceiling reads.
 */
export const playReportsStream = (listenerId: string, at: Date) => `play-reports#${listenerId}#${at.toISOString().slice(0, 10)}`;
