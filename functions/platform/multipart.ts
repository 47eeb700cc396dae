/** One file out of a multipart/form-data upload, read with the platform's own form parser. */

export type MultipartProblem = 'not_multipart' | 'too_large' | 'malformed' | 'missing' | 'empty';

type MultipartFile = { ok: true; bytes: Buffer } | { ok: false; problem: MultipartProblem };

/** What the multipart framing (boundaries, part headers) may add to the file before a body counts as too large unread. */
const FRAMING_ALLOWANCE = 64 * 1024;

/**
 * The file sent in form field `field` of `body`, or why there is none. A body far beyond `maxBytes`
 * is refused before it is parsed.
 */
export async function readMultipartFile(body: Buffer, contentType: string, field: string, maxBytes: number): Promise<MultipartFile> {
  if (!/^multipart\/form-data;/i.test(contentType)) return { ok: false, problem: 'not_multipart' };
  if (body.length > maxBytes + FRAMING_ALLOWANCE) return { ok: false, problem: 'too_large' };
  let form: FormData;
  try {
    const request = new Request('http://localhost/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: new Blob([Uint8Array.from(body)]),
    });
    form = await request.formData();
  } catch {
    return { ok: false, problem: 'malformed' };
  }
  const file = form.get(field);
  if (!file || typeof file === 'string') return { ok: false, problem: 'missing' };
  if (file.size > maxBytes) return { ok: false, problem: 'too_large' };
  if (file.size === 0) return { ok: false, problem: 'empty' };
  return { ok: true, bytes: Buffer.from(await file.arrayBuffer()) };
}
