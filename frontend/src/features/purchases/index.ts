/** What other features use of the purchases: the bought albums and their download buttons and rows. */
export { usePurchasedAlbums } from './api/get-purchased-albums';
export { DownloadAlbumButton } from './components/download-album-button';
export { DownloadAllButton } from './components/download-all-button';
export { PurchaseList, PurchaseListSkeleton } from './components/purchase-row';
export { BrowseAlbumsLink } from './components/browse-albums-link';
