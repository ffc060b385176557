// The footer: links to every page of the site and the sales address.
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../config/app.ts';
import { SALES_EMAIL } from '../../config/constants.ts';
import { Logo } from './logo.tsx';
import { footerNav } from './navigation.ts';

export function Footer() {
  return (
    <footer id="footer" className="border-t border-ink-700 bg-ink-900">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1.2fr_3fr]">
        <div>
          <Logo />
          <p className="mt-4 max-w-xs text-sm text-slate-300">
            Legal text compiled into machine-enforceable policy: allow or block before an AI agent acts, with the article that
            decided and a signed proof.
          </p>
          <p className="mt-4 text-sm text-slate-300">
            Sales: <a href={`mailto:${SALES_EMAIL}`} className="text-brand-300 underline underline-offset-2 hover:text-brand-200">{SALES_EMAIL}</a>
          </p>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-4">
          {footerNav.map((group) => (
            <div key={group.heading}>
              <h2 className="text-sm font-semibold text-white">{group.heading}</h2>
              <ul className="mt-3 space-y-2">
                {group.items.map((item) => (
                  <li key={item.id}>
                    <Link to={item.href} className="text-sm text-slate-300 hover:text-white hover:underline">
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      {/* Room below the last line on narrow screens, where the receptionist's floating buttons would cover it at the end of the page. */}
      <div className="border-t border-ink-700 pt-6 pb-24 text-center text-xs text-slate-300 md:pb-6">© {PRODUCT_NAME}</div>
    </footer>
  );
}
