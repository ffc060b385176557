// The small-screen menu: a panel under the top bar and an overlay over the page. While it is open
// the page does not scroll; Escape, a click on the overlay or any navigation closes it.
import { useEffect, useRef } from 'react';
import { Link, NavLink } from 'react-router';
import { paths } from '../../config/paths.ts';
import { primaryNav } from './navigation.ts';

type Props = { id: string; open: boolean; onClose: () => void; onContact: () => void };

const itemClass = 'block rounded-md px-3 py-3 text-base font-medium';

export function MobileMenu({ id, open, onClose, onContact }: Props) {
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const { body } = document;
    const previousOverflow = body.style.overflow;
    body.style.overflow = 'hidden';
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        onClose();
        opener?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      body.style.overflow = previousOverflow;
      document.removeEventListener('keydown', onKey);
    };
  }, [open, onClose]);

  return (
    <>
      {open && (
        // A pointer convenience: keyboard users close the menu with Escape or the toggle.
        <div data-testid="mobile-menu-overlay" aria-hidden="true" className="fixed inset-0 top-16 z-30 bg-black/70 lg:hidden" onClick={onClose} />
      )}
      <div
        id={id}
        ref={panel}
        hidden={!open}
        className="absolute inset-x-0 top-16 z-40 max-h-[calc(100vh-4rem)] overflow-y-auto border-b border-ink-700 bg-ink-900 px-4 pt-2 pb-6 shadow-xl lg:hidden"
      >
        <nav aria-label="Mobile">
          <ul className="space-y-1">
            {primaryNav.map((item) => (
              <li key={item.id}>
                <NavLink
                  to={item.href}
                  end
                  onClick={onClose}
                  className={({ isActive }) => `${itemClass} ${isActive ? 'bg-ink-800 text-brand-300' : 'text-slate-100 hover:bg-ink-800'}`}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li>
              <button
                type="button"
                className={`${itemClass} w-full text-left text-slate-100 hover:bg-ink-800`}
                onClick={() => {
                  onClose();
                  onContact();
                }}
              >
                Contact
              </button>
            </li>
          </ul>
          <div className="mt-4 grid gap-2 border-t border-ink-700 pt-4">
            <Link to={paths.signIn} onClick={onClose} className={`${itemClass} text-center text-slate-100 hover:bg-ink-800`}>
              Sign In
            </Link>
            <Link to={paths.register} onClick={onClose} className={`${itemClass} rounded-lg bg-brand-400 text-center font-semibold text-ink-950 hover:bg-brand-300`}>
              Start Free Trial
            </Link>
          </div>
        </nav>
      </div>
    </>
  );
}
