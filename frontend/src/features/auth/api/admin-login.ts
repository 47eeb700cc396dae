/** POST /api/auth/login: the password an admin account gives besides its e-mail; the server sets the session cookie. */
import { useMutation } from '@tanstack/react-query';
import * as accounts from '../../../../../functions/contract/accounts';
import { request } from '../../../lib/http';

export const adminLogin = (body: { email: string; password: string }) =>
  request('/api/auth/login', accounts.login.answer, { method: 'POST', body });

export const useAdminLogin = () => useMutation({ mutationFn: adminLogin });
