/** An in-memory ViewStore with the same commit semantics as the DynamoDB one, for pure unit tests. */
import { fnv1a, spreadOp, type ViewItem, type ViewKey, type ViewOp, type ViewStore } from './projection.js';

/** How DynamoDB orders two values in a condition: two strings or two numbers; any other pair is not comparable. */
function order(a: unknown, b: unknown): number | undefined {
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return undefined;
}

/** Whether a `keep` put of `item` replaces `stored` (a stored item without the field is kept, as DynamoDB's condition does). */
export function wins(item: ViewItem, stored: ViewItem, { field, winner }: NonNullable<Extract<ViewOp, { kind: 'put' }>['keep']>): boolean {
  const cmp = order(item[field], stored[field]);
  if (cmp === undefined) return false;
  return winner === 'lowest' ? cmp < 0 : cmp > 0;
}

/** The item a view op leaves where `stored` was (undefined: none), as DynamoDB writes it. Pure. */
export function applyViewOp(stored: ViewItem | undefined, op: ViewOp): ViewItem | undefined {
  if (op.kind === 'put') return !stored || !op.keep || wins(op.item, stored, op.keep) ? structuredClone(op.item) : stored;
  if (op.kind === 'delete') return undefined;
  const item: ViewItem = stored ? { ...stored } : { ...op.key };
  Object.assign(item, structuredClone(op.set ?? {}));
  for (const [field, n] of Object.entries(op.add ?? {})) item[field] = ((item[field] as number | undefined) ?? 0) + n;
  for (const field of op.remove ?? []) delete item[field];
  return item;
}

export function memoryViewStore() {
  const items = new Map<string, ViewItem>();
  const checkpoints = new Map<string, number>();
  const id = (k: ViewKey) => `${k.pk}|${k.sk}`;
  const store: ViewStore & { snapshot(): Record<string, ViewItem>; checkpoints(): Map<string, number> } = {
    get(key) {
      const item = items.get(id(key));
      return Promise.resolve(item && structuredClone(item));
    },
    checkpoint(projection, streamId) {
      return Promise.resolve(checkpoints.get(`${projection}|${streamId}`) ?? 0);
    },
    commit(projection, streamId, from, to, ops) {
      const cp = `${projection}|${streamId}`;
      if ((checkpoints.get(cp) ?? 0) !== from) return Promise.resolve(false);
      // Spread updates go to the partition the stream hashes to, so the views do not depend on how commits were batched.
      for (const op of ops.map((op) => spreadOp(op, fnv1a(streamId)))) {
        const key = id(op.kind === 'put' ? op.item : op.key);
        const next = applyViewOp(items.get(key), op);
        if (next) items.set(key, next);
        else items.delete(key);
      }
      checkpoints.set(cp, to);
      return Promise.resolve(true);
    },
    /** `<projection>|<streamId>` → the version applied. */
    checkpoints() {
      return new Map(checkpoints);
    },
    snapshot() {
      return Object.fromEntries([...items].sort(([a], [b]) => a.localeCompare(b)));
    },
  };
  return store;
}
