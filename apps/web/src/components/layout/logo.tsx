// The Bytebound mark and name, linking home.
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../config/app.ts';
import { paths } from '../../config/paths.ts';

export function Logo() {
  return (
    <Link to={paths.home} className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-white">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8">
        <rect width="32" height="32" rx="7" className="fill-ink-800" />
        <path d="M9 7h8.5a5 5 0 0 1 2.9 9.1A5.5 5.5 0 0 1 18 26H9z" fill="none" className="stroke-brand-400" strokeWidth="3" strokeLinejoin="round" />
        <path d="M9 16h9" className="stroke-brand-400" strokeWidth="3" />
      </svg>
      <span>{PRODUCT_NAME}</span>
    </Link>
  );
}
