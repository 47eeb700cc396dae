/** POST /api/auth/login: the password an admin account gives besides its e-mail; the server sets the session cookie. */
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { request } from '../../../lib/http';

export const adminLogin = (body: { email: string; password: string }): Promise<unknown> =>
  request('/api/auth/login', z.unknown(), { method: 'POST', body });

export const useAdminLogin = () => useMutation({ mutationFn: adminLogin });
