// Entry of a consumer's worker thread (consumer-worker.ts). Workers of Node 20 do not inherit tsx's loader hooks, so
// this plain module loads the TypeScript thread through tsx's API, as the seed's media workers do (infra/seed/media).
import { tsImport } from 'tsx/esm/api';

await tsImport('./consumer-worker-thread.ts', import.meta.url);
