// After a client-side navigation to another page, focus moves to the main landmark, so that
// keyboard and screen-reader users start on the new page's content (as after a full page load)
// instead of on the link they left behind in the top bar.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { MAIN_CONTENT_ID } from '../../config/paths.ts';

export function useFocusMainOnNavigation(): void {
  const { pathname, hash } = useLocation();
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    // A link to a section (/#contact) is scrolled to by the router; focus follows it there.
    const target = (hash && document.getElementById(decodeURIComponent(hash.slice(1)))) || document.getElementById(MAIN_CONTENT_ID);
    if (target && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target?.focus({ preventScroll: true });
  }, [pathname, hash]);
}
