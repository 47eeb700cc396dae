/** The sign-in / sign-up modal the whole app opens through `useOpenAccountDialog()`. */
import { useState } from 'react';
import { Link } from 'react-router';
import { brand } from '../../../lib/brand';
import { isSubscriber, useSession } from '../../../lib/session';
import { Button, buttonClass } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { SUBSCRIPTION_CHECKOUT_PATH } from '../complete-sign-in';
import { signInReason } from '../sign-in-messages';
import type { AccountDialogRequest } from './account-dialog-provider';
import { SignInFlow } from './sign-in-flow';

export function AccountDialog({ request, open, onClose }: { request: AccountDialogRequest; open: boolean; onClose: () => void }) {
  const { user } = useSession();
  const wantsPlus = request.intent === 'join-plus' || Boolean(request.showSubscriptionForm);
  // Whether the listener was already signed in when this request opened the modal (another tab, a stale
  // button): decided once per opening, so signing in inside the modal never flips it to this message.
  const [opening, setOpening] = useState({ id: request.id, signedIn: user !== null });
  if (opening.id !== request.id) setOpening({ id: request.id, signedIn: user !== null });
  const alreadySignedIn = opening.id === request.id ? opening.signedIn : user !== null;

  if (alreadySignedIn && user) {
    const offerCheckout = wantsPlus && !isSubscriber(user);
    return (
      <Dialog
        open={open}
        onOpenChange={(next) => !next && onClose()}
        title="You're signed in"
        description={`Signed in as ${user.email ?? user.displayName ?? 'you'}.`}
      >
        <div className="mt-6 flex justify-end gap-2">
          {offerCheckout ? (
            <Link to={SUBSCRIPTION_CHECKOUT_PATH} onClick={onClose} className={buttonClass()}>
              Continue to {brand.productPlus} Checkout
            </Link>
          ) : (
            <Button onClick={onClose}>Keep listening</Button>
          )}
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <SignInFlow
        key={request.id}
        surface="modal"
        initialMode={request.intent === 'sign-in' ? 'sign-in' : 'sign-up'}
        wantsPlus={wantsPlus}
        reason={signInReason(request.context)}
        onSignedIn={(signedIn) => {
          onClose();
          request.onSuccess?.(signedIn);
        }}
        onInstantSignIn={onClose}
      />
    </Dialog>
  );
}
