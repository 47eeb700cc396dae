/** Generates the seeded media into a directory: `npx tsx infra/seed/generate-media.ts [dir]` (default .local/media). */
import { generateMedia } from './media/index.js';

const dir = process.argv[2] ?? '.local/media';
const started = performance.now();
let generated = 0;
const files = await generateMedia(dir, {
  onProgress: ({ status }) => {
    if (status === 'generated') generated++;
  },
});
const seconds = ((performance.now() - started) / 1000).toFixed(1);
// cpuUsage covers every thread of the process, the render workers included.
const { user, system } = process.cpuUsage();
const cpuSeconds = ((user + system) / 1e6).toFixed(1);
console.log(
  `${files.length} media objects in ${dir}: ${generated} generated, ${files.length - generated} unchanged, ${seconds} s (CPU ${cpuSeconds} s)`,
);
