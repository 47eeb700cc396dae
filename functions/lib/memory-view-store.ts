/** An in-memory ViewStore with the same commit semantics as the DynamoDB one, for pure unit tests. */
import type { ViewItem, ViewKey, ViewOp, ViewStore } from './projection.js';

/** Whether a `keep` put of `item` replaces `stored` (a stored item without the field is kept, as DynamoDB's condition does). */
function wins(item: ViewItem, stored: ViewItem, { field, winner }: NonNullable<Extract<ViewOp, { kind: 'put' }>['keep']>): boolean {
  const [mine, theirs] = [item[field], stored[field]];
  if (theirs === undefined || mine === undefined) return false;
  return winner === 'lowest' ? String(mine) < String(theirs) : String(mine) > String(theirs);
}

export function memoryViewStore() {
  const items = new Map<string, ViewItem>();
  const checkpoints = new Map<string, number>();
  const id = (k: ViewKey) => `${k.pk}|${k.sk}`;
  const store: ViewStore & { snapshot(): Record<string, ViewItem>; checkpoints(): Map<string, number> } = {
    async get(key) {
      const item = items.get(id(key));
      return item && structuredClone(item);
    },
    async checkpoint(projection, streamId) {
      return checkpoints.get(`${projection}|${streamId}`) ?? 0;
    },
    async commit(projection, streamId, from, to, ops) {
      const cp = `${projection}|${streamId}`;
      if ((checkpoints.get(cp) ?? 0) !== from) return false;
      for (const op of ops) {
        if (op.kind === 'put') {
          const stored = items.get(id(op.item));
          if (!stored || !op.keep || wins(op.item, stored, op.keep)) {
            items.set(id(op.item), structuredClone(op.item));
          }
        } else if (op.kind === 'delete') items.delete(id(op.key));
        else {
          const item: ViewItem = items.get(id(op.key)) ?? { ...op.key };
          Object.assign(item, structuredClone(op.set ?? {}));
          for (const [field, n] of Object.entries(op.add ?? {})) item[field] = ((item[field] as number | undefined) ?? 0) + n;
          items.set(id(op.key), item);
        }
      }
      checkpoints.set(cp, to);
      return true;
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
