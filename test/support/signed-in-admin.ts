/** A fresh signed-in admin for tests over HTTP: a listener made admin through the user commands (the role the users view then shows). */
import { runUserCommand } from '../../functions/lib/users.js';
import { eventually } from './cloud.js';
import { signedInListener, type TestListener } from './signed-in.js';

/** Call after `useCloudEnv()`. Resolves once the session is read as an admin's (the users view has the new role). */
export async function signedInAdmin(): Promise<TestListener> {
  const admin = await signedInListener();
  await runUserCommand(admin.userId, { type: 'ChangeRole', role: 'admin' }, { actor: 'test', correlationId: `test-admin-${admin.userId}` });
  await eventually(async () => (await admin.call('/api/admin/releases?limit=1')).status === 200);
  return admin;
}
