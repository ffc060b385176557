import { describe, expect, it } from 'vitest';
import { prerenderPaths } from '../app/routes.tsx';
import { footerNav, primaryNav } from '../components/layout/navigation.ts';
import { PRICING_TIERS } from './constants.ts';
import { paths, redirects, type LinkTarget } from './paths.ts';

const pages = new Set(prerenderPaths);
const leadsSomewhere = (target: LinkTarget) =>
  pages.has(target) || target in redirects || target === paths.contactSection;

describe('paths', () => {
  it('gives every path of the table a page, except the homepage section', () => {
    for (const [name, path] of Object.entries(paths)) {
      if (path === paths.contactSection) continue;
      expect(pages.has(path), `${name}: ${path}`).toBe(true);
    }
  });

  it('redirects only to pages that exist', () => {
    for (const to of Object.values(redirects)) expect(leadsSomewhere(to), to).toBe(true);
  });

  it('links the top bar, the footer and the pricing tiers only to pages that exist', () => {
    const links = [...primaryNav, ...footerNav.flatMap((group) => group.items)].map((item) => item.href);
    for (const link of [...links, ...PRICING_TIERS.map((tier) => tier.ctaLink)]) expect(leadsSomewhere(link), link).toBe(true);
  });
});
