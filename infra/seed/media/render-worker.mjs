// Entry of the media worker threads. Workers of Node 20 do not inherit tsx's loader hooks, so this
// plain module loads the TypeScript worker through tsx's API.
import { tsImport } from 'tsx/esm/api';

await tsImport('./render-worker.ts', import.meta.url);
