/** `npm run logs -- <correlation id>`: the lines `npm start` logged for one request (infra/local/request-logs.ts). */
import { fileURLToPath } from 'node:url';
import { cloudLogFile, requestLines } from './request-logs.js';

const correlationId = process.argv[2];
if (!correlationId) {
  console.error('Usage: npm run logs -- <correlation id>   (an API answer names it in its apigw-requestid header)');
  process.exit(2);
}
const file = cloudLogFile(fileURLToPath(new URL('../../', import.meta.url)));
const lines = requestLines(file, correlationId);
if (lines.length === 0)
  console.error(`No line of ${file} has the correlation id ${correlationId} (is npm start running from this folder?)`);
for (const line of lines) console.log(line);
