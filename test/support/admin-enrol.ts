/** `npm run admin:enrol -- <email>` as an operator runs it, against the test cloud's tables (its environment, as `npm run ops` takes it). */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { inject } from 'vitest';

/** What the command printed, and the link in it (undefined when it printed none). */
export async function runAdminEnrol(...args: string[]): Promise<{ printed: string; link: string | undefined }> {
  const { stdout } = await promisify(execFile)('npx', ['tsx', 'infra/ops/admin-enrol.ts', ...args], {
    env: { ...process.env, ...inject('cloudEnv'), TOKO_OPERATOR: 'test-operator' },
  });
  return { printed: stdout, link: /\s(http\S+)\s/.exec(stdout)?.[1] };
}
