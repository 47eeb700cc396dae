/**
 * A release's uploads: ask the API for a presigned form, send the file straight to the media bucket with
 * XMLHttpRequest (fetch reports no upload progress), then name the upload to the release. The API calls go through
 * the contract like every admin call; the bucket answers S3's XML, read here for its message.
 */
import * as contract from '#contract/admin-catalogue.js';
import { api } from '../../../lib/http';
import type { AdminRelease } from './admin-catalogue';

export type UploadKind = contract.UploadKind;
export const uploadRules = contract.uploadRules;

/**
 * The content type to declare for a file: the browser's when the kind accepts it, else the one its extension names
 * (browsers leave FLAC untyped, or type it in ways of their own). The server reads what the file really is.
 */
export function contentTypeOf(file: Pick<File, 'name' | 'type'>, kind: UploadKind): string {
  const rules = uploadRules[kind];
  const type = file.type.toLowerCase();
  if ((rules.contentTypes as readonly string[]).includes(type)) return type;
  const extension = /\.[^.]+$/.exec(file.name.toLowerCase())?.[0] ?? '';
  const byExtension: Record<string, string> = {
    '.mp3': 'audio/mpeg',
    '.wav': 'audio/wav',
    '.flac': 'audio/flac',
    '.jpg': 'image/jpeg',
    '.jpeg': 'image/jpeg',
    '.png': 'image/png',
  };
  const named = byExtension[extension];
  return named && (rules.contentTypes as readonly string[]).includes(named) ? named : type || 'application/octet-stream';
}

/** Why the bucket refused a form, in words for the form. */
export class UploadRefused extends Error {}

export interface PresignedForm {
  id: string;
  url: string;
  fields: Record<string, string>;
  maxBytes: number;
}

export const startUpload = (albumId: string, kind: UploadKind, file: File) =>
  api('POST /api/admin/albums/{id}/uploads', contract.startUpload.answer, {
    params: { id: albumId },
    body: { kind, fileName: file.name, contentType: contentTypeOf(file, kind), size: file.size },
  }).then((answer) => answer.upload);

/** Sends the file with the form's fields; `onProgress` gets the share sent, 0…1. Aborting rejects with an AbortError. */
export function sendFile(form: PresignedForm, file: File, onProgress: (share: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(form.fields)) body.append(name, value);
    // S3 reads the fields before the file, and the file under its declared type.
    body.append('file', new Blob([file], { type: form.fields['Content-Type'] ?? file.type }), file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', form.url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
        return;
      }
      const message = /<Message>([^<]*)<\/Message>/.exec(xhr.responseText)?.[1];
      reject(new UploadRefused(message ? `The upload was refused: ${message}` : `The upload failed (${xhr.status})`));
    };
    xhr.onerror = () => reject(new UploadRefused('The connection was lost during the upload'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

export const addTrack = (albumId: string, uploadId: string): Promise<AdminRelease> =>
  api('POST /api/admin/albums/{id}/tracks', contract.addTrack.answer, { params: { id: albumId }, body: { uploadId } });

export const setArtwork = (albumId: string, uploadId: string): Promise<AdminRelease> =>
  api('PUT /api/admin/albums/{id}/artwork', contract.setArtwork.answer, { params: { id: albumId }, body: { uploadId } });

export const attachInstrumental = (albumId: string, trackId: string, uploadId: string): Promise<AdminRelease> =>
  api('PUT /api/admin/albums/{id}/tracks/{trackId}/instrumental', contract.attachInstrumental.answer, {
    params: { id: albumId, trackId },
    body: { uploadId },
  });

export const detachInstrumental = (albumId: string, trackId: string): Promise<AdminRelease> =>
  api('DELETE /api/admin/albums/{id}/tracks/{trackId}/instrumental', contract.detachInstrumental.answer, {
    params: { id: albumId, trackId },
  });
