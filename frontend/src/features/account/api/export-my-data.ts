/** GET /api/users/me/export: the listener's own data, built from the log, saved by the browser as a JSON file. */
import { useMutation } from '@tanstack/react-query';
import { userExport } from '#contract/user-data.js';
import { api } from '../../../lib/http';

/** The file name the browser saves it under: the day it was made, as the server names it too. */
export const exportFileName = (exportedAt: string) => `toko-my-data-${exportedAt.slice(0, 10)}.json`;

export async function downloadMyData(): Promise<void> {
  const data = await api('GET /api/users/me/export', userExport);
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: exportFileName(data.exportedAt) });
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export const useDownloadMyData = () => useMutation({ mutationFn: downloadMyData });
