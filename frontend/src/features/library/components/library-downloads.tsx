/** The Downloads tab before any purchase: what it will hold, and the way to the shop. */
import { Download } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../ui/button';
import { EmptyState } from '../../../ui/status-message';

export const DOWNLOADS_NOTE = 'Each download contains all formats (MP3, WAV, instrumentals) in one ZIP.';

export function LibraryDownloads() {
  return (
    <div className="space-y-4" data-testid="library-downloads">
      <EmptyState icon={Download} title="No downloads yet">
        <p>Albums you buy appear here, ready to download.</p>
        <Link to="/shop" className={buttonClass('primary', 'mt-4')}>
          Browse Albums
        </Link>
      </EmptyState>
      <p className="text-center text-xs text-zinc-400">{DOWNLOADS_NOTE}</p>
    </div>
  );
}
