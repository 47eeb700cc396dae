/** Stripe's form encoding: `a[b][0][c]=v` into nested objects and arrays (values stay strings, as Stripe receives them). */

/** A value of a form-encoded request: a string, or the object or array its bracketed keys build. */
type FormValue = string | FormValue[] | FormObject;
interface FormObject {
  [key: string]: FormValue;
}
/** While parsing: arrays are made once every key is known. */
interface Node {
  [key: string]: string | Node;
}

export function parseForm(text: string): FormObject {
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
  // The request itself stays an object: its parameters have names.
  return Object.fromEntries(Object.entries(root).map(([key, value]) => [key, arrays(value)]));
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
function arrays(value: string | Node): FormValue {
  if (typeof value === 'string') return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((k) => [k, arrays(value[k])]));
  if (keys.length && keys.every((k, i) => k === String(i))) return keys.map((k) => converted[k]);
  return converted;
}
