/** Asks before refunding an order, refunds it and says how it went: one dialog for a listener's page and the Sales page. */
import { serverMessageOf } from '../../../lib/http';
import { formatMoney } from '../../../lib/format';
import { toast } from '../../../ui/toast';
import { useRefundOrder, type OrderRefund } from '../api/admin-sales';
import { ConfirmDialog } from '../people/confirm-dialog';

export function RefundOrderDialog({
  orderId,
  buyerId,
  description,
  onRefunded,
  onClose,
}: {
  orderId: string;
  /** The buyer, whose purchases are read again after the refund; none for an erased account. */
  buyerId: string | undefined;
  /** What the refund does, in the page's words. */
  description: string;
  onRefunded: (refund: OrderRefund) => void;
  onClose: () => void;
}) {
  const refund = useRefundOrder(buyerId);
  return (
    <ConfirmDialog
      title={`Refund order ${orderId}?`}
      description={description}
      confirmLabel="Refund"
      pending={refund.isPending}
      error={refund.error}
      onConfirm={() =>
        refund.mutate(orderId, {
          onSuccess: (answer) => {
            onRefunded(answer);
            toast({
              title: answer.status === 'refunded' ? 'Refunded' : 'Refund requested',
              description: `${formatMoney(answer.amount)} for ${answer.albums.map((a) => a.title).join(', ')}`,
              variant: 'success',
            });
            onClose();
          },
          onError: (error) => toast({ title: 'Not refunded', description: serverMessageOf(error) ?? undefined, variant: 'destructive' }),
        })
      }
      onClose={onClose}
      testId="refund-form"
    />
  );
}
