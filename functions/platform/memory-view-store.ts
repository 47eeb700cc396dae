/** An in-memory ViewStore with the same commit semantics as the DynamoDB one, for pure unit tests. */
import { applyViewOp, fnv1a, spreadOp, type ViewItem, type ViewKey, type ViewStore } from './projection.js';

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
