/** The way from an empty list of bought albums to the shop. */
import { Link } from 'react-router';
import { buttonClass } from '../../../ui/button';

export function BrowseAlbumsLink() {
  return (
    <Link to="/shop" className={buttonClass('primary', 'mt-4')}>
      Browse Albums
    </Link>
  );
}
