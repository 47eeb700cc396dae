/** Stripe's form encoding: `a[b][0][c]=v` into nested objects and arrays (values stay strings, as Stripe receives them). */
type Node = Record<string, unknown>;

export function parseForm(text: string): Record<string, any> {
  const root: Node = {};
  if (!text) return root;
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawKey = decode(eq < 0 ? pair : pair.slice(0, eq));
    const value = eq < 0 ? '' : decode(pair.slice(eq + 1));
    const path = keyPath(rawKey);
    let node: Node = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const key = part === '' ? String(Object.keys(node).length) : part;
      if (last) node[key] = value;
      else node = (node[key] ??= {}) as Node;
    });
  }
  return arrays(root) as Record<string, any>;
}

const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));

function keyPath(key: string): string[] {
  const first = key.indexOf('[');
  if (first < 0) return [key];
  const parts = [key.slice(0, first)];
  for (const m of key.slice(first).matchAll(/\[([^\]]*)\]/g)) parts.push(m[1]);
  return parts;
}

/** Objects whose keys are exactly 0..n-1 become arrays. */
function arrays(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const node = value as Node;
  const keys = Object.keys(node);
  const converted = Object.fromEntries(keys.map((k) => [k, arrays(node[k])]));
  if (keys.length && keys.every((k, i) => k === String(i))) return keys.map((k) => converted[k]);
  return converted;
}
