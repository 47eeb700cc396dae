/** An in-memory ViewStore with the same commit semantics as the DynamoDB one, for pure unit tests. */
import type { ViewItem, ViewKey, ViewStore } from './projection.js';

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
          const keep = op.keepLowest;
          const loses = stored && keep && !(stored[keep] !== undefined && String(stored[keep]) > String(op.item[keep]));
          if (!loses) {
            items.set(id(op.item), structuredClone(op.item));
          }
        }
        else if (op.kind === 'delete') items.delete(id(op.key));
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
