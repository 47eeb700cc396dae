/**
 * Media intake: what admin routes and the media consumer call to take in a track or an artwork.
 * - presignUpload: a browser uploads straight to the media bucket (light: for HTTP handlers); startReleaseUpload and
 *   arrivedUpload record a release's upload between its form and the command that files it; fileInstrumental checks an
 *   uploaded WAV by its header and copies it where the album ZIP reads it.
 * - inspectAudio (./audio.js), makeStreamingMp3 (./transcode.js), resizeArtwork (./artwork.js): the media consumer's
 *   work, importing the codecs. They are not re-exported here, so a handler that only presigns bundles none of them.
 */
export { presignUpload } from './presign.js';
export { fileInstrumental, removeInstrumental } from './instrumentals.js';
export { arrivedUpload, startReleaseUpload, titleFromFileName } from './release-uploads.js';
