// The frame every page stands in: skip link, fixed top bar, the main landmark, the footer and the
// receptionist's floating entry points.
// As the root route's component it renders the matched page; the error screen passes children.
import type { ReactNode } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { MAIN_CONTENT_ID } from '../../config/paths.ts';
import { ReceptionistLauncher } from '../../features/receptionist/components/receptionist-launcher.tsx';
import type { PageMeta } from '../../lib/page-meta.ts';
import { DocumentMeta } from './document-meta.tsx';
import { Footer } from './footer.tsx';
import { OrientationHint } from './orientation-hint.tsx';
import { SkipLink } from './skip-link.tsx';
import { TopBar } from './top-bar.tsx';
import { useFocusMainOnNavigation } from './use-focus-main-on-navigation.ts';

type Props = { children?: ReactNode; meta?: PageMeta };

export function AppShell({ children, meta }: Props) {
  useFocusMainOnNavigation();
  return (
    <>
      <DocumentMeta override={meta} />
      <ScrollRestoration />
      <SkipLink />
      <TopBar />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-h-[70vh] pt-16">
        {children ?? <Outlet />}
      </main>
      <Footer />
      <OrientationHint />
      <ReceptionistLauncher />
    </>
  );
}
