// The fixed top bar: logo, page links (the active one follows the path), Contact (opens the
// receptionist), Sign In and Start Free Trial from 1024 px, and below that a toggle for the mobile menu.
import { NavLink, Link, useLocation, useNavigate } from 'react-router';
import { useCallback, useState } from 'react';
import { HEADER_SCROLL_THRESHOLD_PX } from '../../config/constants.ts';
import { CONTACT_SECTION_ID, paths } from '../../config/paths.ts';
import { openReceptionist } from '../../lib/receptionist-events.ts';
import { useScrolledPast } from '../../lib/use-scrolled-past.ts';
import { Logo } from './logo.tsx';
import { useActiveSection } from './active-section.ts';
import { MobileMenu } from './mobile-menu.tsx';
import { primaryNav } from './navigation.ts';

const MOBILE_MENU_ID = 'mobile-menu';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'bg-ink-800 text-brand-300' : 'text-slate-200 hover:bg-ink-800 hover:text-white'
  }`;

export function TopBar() {
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD_PX);
  const location = useLocation();
  // The menu belongs to the location it was opened at, so any navigation closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const menuOpen = openAt === location.key;
  const closeMenu = useCallback(() => setOpenAt(null), []);
  const navigate = useNavigate();
  // On the homepage the highlight follows the section in view: Contact while #contact is there.
  const section = useActiveSection();
  const contactInView = location.pathname === paths.home && section === CONTACT_SECTION_ID;
  // Contact opens the receptionist; where there is none, it leads to the contact section.
  const contact = useCallback(
    (source: string) => {
      if (!openReceptionist(source)) void navigate(paths.contactSection);
    },
    [navigate],
  );

  return (
    <header
      data-scrolled={scrolled ? 'true' : 'false'}
      className={`fixed inset-x-0 top-0 z-40 border-b transition-[background-color,border-color,box-shadow] duration-300 ${
        scrolled ? 'border-ink-700 bg-ink-950/95 shadow-lg shadow-black/40 backdrop-blur' : 'border-transparent bg-ink-950/70'
      }`}
    >
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <ul className="hidden items-center gap-1 lg:flex">
          {primaryNav.map((item) => (
            <li key={item.id}>
              <NavLink
                to={item.href}
                end
                className={({ isActive }) => linkClass({ isActive: isActive && !(contactInView && item.id === 'home') })}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
          <li>
            <button
              type="button"
              onClick={() => contact('top-bar')}
              data-active={contactInView ? 'true' : 'false'}
              className={linkClass({ isActive: contactInView })}
            >
              Contact
            </button>
          </li>
        </ul>
        <div className="hidden items-center gap-2 lg:flex">
          <Link to={paths.signIn} className="rounded-md px-3 py-2 text-sm font-medium text-slate-200 hover:text-white">
            Sign In
          </Link>
          <Link
            to={paths.register}
            className="rounded-lg bg-brand-400 px-4 py-2 text-sm font-semibold text-ink-950 transition-colors hover:bg-brand-300"
          >
            Start Free Trial
          </Link>
        </div>
        <button
          type="button"
          className="rounded-md p-2 text-slate-100 hover:bg-ink-800 lg:hidden"
          aria-expanded={menuOpen}
          aria-controls={MOBILE_MENU_ID}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          data-testid="mobile-menu-toggle"
          onClick={() => setOpenAt(menuOpen ? null : location.key)}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
            {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </nav>
      <MobileMenu id={MOBILE_MENU_ID} open={menuOpen} onClose={closeMenu} onContact={() => contact('mobile-menu')} />
    </header>
  );
}
