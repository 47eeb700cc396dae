/** Sets the browser tab title for the page on screen, e.g. "Album title · Toko". */
import { useEffect } from 'react';
import { brand } from './brand';

export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · ${brand.product}` : brand.product;
  }, [title]);
}
