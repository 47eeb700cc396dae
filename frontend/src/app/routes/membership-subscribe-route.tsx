/**
 * /subscribe: the join page, with the app's own sign-in flow in its Sign Up and Sign In tabs. Signing up
 * carries the Toko+ intent (on to the checkout overlay); signing in comes back here to choose an amount.
 */
import { SignInFlow } from '../../features/auth/components/sign-in-flow';
import { SubscribePage } from '../../features/membership/components/subscribe-page';

export function SubscribeRoute() {
  return (
    <SubscribePage
      renderSignIn={(tab, prefill) => (
        <SignInFlow
          key={tab}
          surface="page"
          initialMode={tab}
          wantsPlus={tab === 'sign-up'}
          initialEmail={prefill.email}
          then="/subscribe"
          onSignedIn={() => undefined}
          onInstantSignIn={() => undefined}
        />
      )}
    />
  );
}
