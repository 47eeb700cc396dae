/** The touch screen's gestures, loaded only on devices with touch: swipe through visited pages, pull to refresh. */
import { PullToRefresh } from './pull-to-refresh';
import { SwipeNavigation } from './swipe-navigation';

export function TouchGestures() {
  return (
    <>
      <PullToRefresh />
      <SwipeNavigation />
    </>
  );
}
