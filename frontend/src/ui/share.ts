/** Sharing a link: the system share sheet where there is one, else the link is copied with a "Link copied!" toast. */
import { toast } from './toast';

export async function shareLink({ title, text, url }: { title: string; text?: string; url: string }): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text, url });
      return;
    } catch (error) {
      // The listener closed the share sheet: nothing more to do. Any other refusal falls back to copying.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied!', description: url });
  } catch {
    toast({ title: 'Could not copy the link', description: url, variant: 'destructive', duration: 5000 });
  }
}
