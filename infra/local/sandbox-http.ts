/**
 * What the local cloud's payment and shop sandboxes (stripe-sandbox/, shopify-sandbox/) share: their saved state, the
 * request body, JSON and HTML answers, and the look of their hosted pages.
 */
import fs from 'node:fs';
import type http from 'node:http';

/** The state a sandbox saved in `file`, over its empty state (a missing or unreadable file: the empty state). */
export function loadState<State extends object>(file: string | undefined, empty: () => State): State {
  if (!file) return empty();
  try {
    // The file is this sandbox's own save() of its state.
    return { ...empty(), ...(JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<State>) };
  } catch {
    return empty();
  }
}

export function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** A hosted page: never cached, no outside assets; `csp` adds to the policy (where its forms post, who may frame it). */
export function sendHtml(res: http.ServerResponse, status: number, html: string, csp: string) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; ${csp}`,
  });
  res.end(html);
}

export const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The hosted pages' shared look: a dark card in the middle of the page. */
export const pageStyle = `
  :root { color-scheme: dark; }
  body { font: 16px/1.5 system-ui, sans-serif; background: #0f1115; color: #eceff4; margin: 0; min-height: 100vh; display: grid; place-items: center; }
  main { width: min(28rem, 100% - 2rem); background: #181b22; border-radius: 12px; padding: 1.5rem; box-shadow: 0 8px 32px #0008; }
  h1 { font-size: 1.1rem; margin: 0 0 .25rem; } p.note { color: #9aa3b2; font-size: .85rem; margin: 0 0 1rem; }
  ul { list-style: none; padding: 0; margin: 0 0 1rem; } li { display: flex; justify-content: space-between; gap: 1rem; padding: .5rem 0; border-bottom: 1px solid #2a2f3a; }
  label { display: block; font-size: .85rem; color: #c7ceda; margin-bottom: .25rem; }
  input { width: 100%; box-sizing: border-box; padding: .6rem; border-radius: 8px; border: 1px solid #3a4150; background: #0f1115; color: inherit; font: inherit; margin-bottom: 1rem; }`;

/** A sandbox's server listening on 127.0.0.1 (`port` 0: any free port): its URL, its port, and how to stop it. */
export async function listen(server: http.Server, port: number): Promise<{ url: string; port: number; stop: () => Promise<void> }> {
  const bound = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
