import { describe, expect, it } from 'vitest';
import { readMultipartFile } from './multipart.js';

/** A form as a browser would send it: its bytes and its content type with the boundary. */
async function encoded(form: FormData) {
  const response = new Response(form);
  return { body: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type')! };
}

const fileForm = (field: string, bytes: Uint8Array<ArrayBuffer>) => {
  const form = new FormData();
  form.append('note', 'hello');
  form.append(field, new Blob([bytes], { type: 'image/png' }), 'picture.png');
  return form;
};

describe('readMultipartFile', () => {
  it('gives the bytes of the file in the named field, exactly as sent', async () => {
    const bytes = Uint8Array.from({ length: 3000 }, (_, i) => (i * 7) % 256);
    const { body, contentType } = await encoded(fileForm('avatar', bytes));
    const read = await readMultipartFile(body, contentType, 'avatar', 5000);
    expect(read.ok && read.bytes.equals(Buffer.from(bytes))).toBe(true);
  });

  it('refuses a body that is not multipart/form-data', async () => {
    expect(await readMultipartFile(Buffer.from('{}'), 'application/json', 'avatar', 5000)).toEqual({ ok: false, problem: 'not_multipart' });
    expect(await readMultipartFile(Buffer.from('x'), '', 'avatar', 5000)).toEqual({ ok: false, problem: 'not_multipart' });
  });

  it('refuses broken framing', async () => {
    const read = await readMultipartFile(Buffer.from('no boundary in here'), 'multipart/form-data; boundary=xyz', 'avatar', 5000);
    expect(read).toEqual({ ok: false, problem: 'malformed' });
  });

  it('finds no file when the field is absent or holds text', async () => {
    const other = await encoded(fileForm('picture', new Uint8Array([1, 2, 3])));
    expect(await readMultipartFile(other.body, other.contentType, 'avatar', 5000)).toEqual({ ok: false, problem: 'missing' });
    const text = new FormData();
    text.append('avatar', 'just text');
    const asText = await encoded(text);
    expect(await readMultipartFile(asText.body, asText.contentType, 'avatar', 5000)).toEqual({ ok: false, problem: 'missing' });
  });

  it('refuses an empty file, and a file over the limit whether or not the body is far beyond it', async () => {
    const empty = await encoded(fileForm('avatar', new Uint8Array(0)));
    expect(await readMultipartFile(empty.body, empty.contentType, 'avatar', 5000)).toEqual({ ok: false, problem: 'empty' });
    const over = await encoded(fileForm('avatar', new Uint8Array(5001)));
    expect(await readMultipartFile(over.body, over.contentType, 'avatar', 5000)).toEqual({ ok: false, problem: 'too_large' });
    const farOver = await encoded(fileForm('avatar', new Uint8Array(5000 + 70 * 1024)));
    expect(await readMultipartFile(farOver.body, farOver.contentType, 'avatar', 5000)).toEqual({ ok: false, problem: 'too_large' });
  });
});
