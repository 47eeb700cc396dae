/** The placeholder for sign-up, sign-in and joining Toko+ until accounts arrive. */
import { brand } from '../../../lib/brand';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import type { AccountIntent } from './account-dialog-provider';

const titles: Record<AccountIntent, string> = {
  'sign-in': 'Sign in',
  'sign-up': 'Start listening',
  'join-plus': `Join ${brand.productPlus}`,
};

export function AccountDialog({ intent, onClose }: { intent: AccountIntent | null; onClose: () => void }) {
  return (
    <Dialog
      open={intent !== null}
      onOpenChange={(open) => !open && onClose()}
      title={titles[intent ?? 'sign-in']}
      description={`Sign-in arrives with accounts, coming soon to ${brand.product}. Until then, every free album streams right away, no account needed.`}
    >
      <div className="mt-6 flex justify-end">
        <Button onClick={onClose}>Keep listening</Button>
      </div>
    </Dialog>
  );
}
