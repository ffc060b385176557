// The receptionist's entry points on every page: the floating toggle (bottom right) and the floating
// call to action, and the claim on the open event that the top bar's Contact and the homepage's
// teaser dispatch. Tiny on purpose: the modal is its own chunk, fetched on first intent.
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { CTA_ACTIVATION_DELAY_MS } from '../../../config/constants.ts';
import { onOpenReceptionist } from '../../../lib/receptionist-events.ts';

/** Spec section 2's floating call to action (kept here: the modal chunk does not need it). */
const CTA_LABEL = 'Live AI Receptionist POC';

const loadModal = () => import('./receptionist-modal.tsx');
const ReceptionistModal = lazy(loadModal);

export function ReceptionistLauncher() {
  const [open, setOpen] = useState(false);
  const [activating, setActivating] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const activation = useRef<ReturnType<typeof setTimeout> | null>(null);

  const show = useCallback(() => {
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    void loadModal();
    setOpen(true);
  }, []);

  useEffect(() => onOpenReceptionist(show), [show]);
  useEffect(() => () => {
    if (activation.current) clearTimeout(activation.current);
  }, []);

  const activate = () => {
    if (activating || open) return;
    void loadModal();
    setActivating(true);
    activation.current = setTimeout(() => {
      setActivating(false);
      show();
    }, CTA_ACTIVATION_DELAY_MS);
  };

  const close = useCallback(() => {
    setOpen(false);
    const target = opener.current;
    opener.current = null;
    // After the dialog has left the top layer, so that focus can land behind it.
    requestAnimationFrame(() => target?.focus());
  }, []);

  const prefetch = () => void loadModal();

  return (
    <>
      <div className="fixed right-4 bottom-4 z-40 flex items-center gap-3">
        <button
          type="button"
          onClick={activate}
          onPointerEnter={prefetch}
          onFocus={prefetch}
          aria-busy={activating}
          className="rounded-full border border-brand-400 bg-ink-900/95 px-4 py-2 text-sm font-semibold text-brand-200 shadow-lg hover:bg-ink-800"
        >
          {activating ? 'Activating...' : CTA_LABEL}
        </button>
        <button
          type="button"
          onClick={show}
          onPointerEnter={prefetch}
          onFocus={prefetch}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-label="Open the AI receptionist"
          className="grid h-14 w-14 place-items-center rounded-full bg-brand-400 text-ink-950 shadow-lg hover:bg-brand-300"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
          </svg>
        </button>
      </div>
      {open ? (
        <Suspense fallback={null}>
          <ReceptionistModal onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
