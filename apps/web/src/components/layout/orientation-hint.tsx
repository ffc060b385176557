// A dismissible hint for iPhone visitors in portrait: the wide sections read better in landscape.
// It never blocks portrait use (WCAG 1.3.4): a small banner, closed for good with one tap.
import { useEffect, useState } from 'react';

const DISMISSED_KEY = 'bytebound:orientation-hint-dismissed';

function isIphonePortrait(): boolean {
  return /iPhone/.test(navigator.userAgent) && window.matchMedia('(orientation: portrait)').matches;
}

export function OrientationHint() {
  const [shown, setShown] = useState(false);

  useEffect(() => {
    let dismissed = false;
    try {
      dismissed = localStorage.getItem(DISMISSED_KEY) === 'yes';
    } catch {
      // Storage may be unavailable (private mode); the hint can still be closed for this visit.
    }
    if (dismissed) return;
    const query = window.matchMedia('(orientation: portrait)');
    const update = () => setShown(isIphonePortrait());
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  if (!shown) return null;
  const dismiss = () => {
    setShown(false);
    try {
      localStorage.setItem(DISMISSED_KEY, 'yes');
    } catch {
      // Closed for this visit only.
    }
  };
  // Above the receptionist's floating buttons (bottom right), which would otherwise cover Dismiss.
  return (
    <div role="note" data-testid="orientation-hint" className="fixed inset-x-2 bottom-24 z-30 flex items-center gap-3 rounded-lg border border-ink-700 bg-ink-900/95 p-3 text-sm text-slate-200 shadow-lg">
      <p className="flex-1">Tip: turn your iPhone sideways for the wide diagrams and tables. Everything also works in portrait.</p>
      <button type="button" onClick={dismiss} className="rounded-md border border-ink-700 px-3 py-1.5 font-medium hover:bg-ink-800">
        Dismiss
      </button>
    </div>
  );
}
