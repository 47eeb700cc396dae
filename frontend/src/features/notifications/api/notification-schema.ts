/** A notification as the API sends it (spec part 2, §3), checked on arrival. */
import { z } from 'zod/mini';
import { idSchema } from '../../../lib/api-id';

export const notificationSchema = z.object({
  id: idSchema,
  title: z.string(),
  message: z._default(z.string(), ''),
  isRead: z._default(z.boolean(), false),
  createdAt: z.string(),
  actionText: z.nullish(z.string()),
  actionUrl: z.nullish(z.string()),
});
export type Notification = z.infer<typeof notificationSchema>;
