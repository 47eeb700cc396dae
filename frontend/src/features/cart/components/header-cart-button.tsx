/**
 * The header's cart button with its item count (9+ above 9). The album cart arrives with the shop (issue #5),
 * which replaces this placeholder: until then the count reads 0 and the button opens /cart.
 */
import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { Tooltip } from '../../../ui/tooltip';

export function HeaderCartButton() {
  const count = 0;
  return (
    <Tooltip content="Cart">
      <Link
        to="/cart"
        aria-label={count > 0 ? `Cart, ${count} items` : 'Cart'}
        data-testid="header-cart"
        data-count={count}
        className="relative inline-flex size-10 shrink-0 items-center justify-center rounded-full text-zinc-200 transition hover:bg-white/10 hover:text-white"
      >
        <ShoppingCart aria-hidden="true" className="size-5" />
        {count > 0 && (
          <span className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-accent px-1 text-center text-[11px] font-bold leading-5 text-accent-foreground">
            {count > 9 ? '9+' : count}
          </span>
        )}
      </Link>
    </Tooltip>
  );
}
