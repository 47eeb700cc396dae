/**
 * The one-time enrolment link of a new owner: POST /api/auth/admin/enrolment reads whom the token of the page's URL
 * is for (a read: opening or reloading the page changes nothing), and POST /api/auth/admin/enrolment/complete uses
 * it with the password the owner chose, answering the second step of an admin's sign-in.
 */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { adminEnrolmentAnswer, adminEnrolmentCompleteAnswer } from '#contract/accounts.js';
import { api } from '../../../lib/http';

export const adminEnrolmentKeys = {
  all: ['admin-enrolment'] as const,
  link: (token: string) => [...adminEnrolmentKeys.all, token] as const,
};

export const readAdminEnrolment = (token: string) => api('POST /api/auth/admin/enrolment', adminEnrolmentAnswer, { body: { token } });

export const adminEnrolmentQueryOptions = (token: string) =>
  queryOptions({
    queryKey: adminEnrolmentKeys.link(token),
    queryFn: () => readAdminEnrolment(token),
    // A refused link stays refused; a later look must not turn the page back into a form.
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const useAdminEnrolment = (token: string | null) =>
  useQuery({ ...adminEnrolmentQueryOptions(token ?? ''), enabled: token !== null });

export const completeAdminEnrolment = (body: { token: string; password: string }) =>
  api('POST /api/auth/admin/enrolment/complete', adminEnrolmentCompleteAnswer, { body });

export const useCompleteAdminEnrolment = () => useMutation({ mutationFn: completeAdminEnrolment });
