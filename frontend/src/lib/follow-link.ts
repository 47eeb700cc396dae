/** Follows a link from the server: in-app paths through the router, other sites in a new tab or this window. */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { classifyLink, openExternal, type LinkTarget } from './links';

export function useFollowLink(): (url: string, elsewhere?: 'new-tab' | 'this-window') => LinkTarget {
  const navigate = useNavigate();
  return useCallback(
    (url, elsewhere = 'new-tab') => {
      const target = classifyLink(url, window.location.origin);
      if (target.kind === 'in-app') void navigate(target.path);
      else if (target.kind === 'external') {
        if (elsewhere === 'new-tab') openExternal(target.href);
        else window.location.assign(target.href);
      }
      return target;
    },
    [navigate],
  );
}
