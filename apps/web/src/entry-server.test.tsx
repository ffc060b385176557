import { describe, expect, it } from 'vitest';
import { clientRoutePrefixes, prerenderPaths, redirects, render } from './entry-server.tsx';

const headings: Record<string, string> = {
  '/': 'Bytebound, the first legal-to-code compiler',
  '/docs': 'Documentation',
  '/pricing': 'Real-Time AI Compliance API for Enterprise',
  '/auth/sign-in': 'Welcome Back',
  '/auth/register': 'Create Your Account',
  '/auth/forget-password': 'Forgot Your Password?',
  '/auth/reset-password': 'Reset Your Password',
  '/auth/payment': 'Choose Your Plan',
  '/demo': 'Free Legal-to-Code Demo',
  '/booking': 'Book an Enterprise Demo',
  '/booking/cancel': 'Manage Your Booking',
  '/trial': 'Start Your Free Enterprise Pilot',
  '/newsletter/confirm': 'Newsletter Subscription',
  '/newsletter/unsubscribe': 'Unsubscribe from the Newsletter',
  '/operator/leads': 'Leads',
  '/account': 'Your Account',
  '/terms': 'Terms of Service',
  '/privacy': 'Privacy Policy',
  '/security': 'Security',
  '/support': 'Support',
};

function h1(html: string): string {
  const inner = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '';
  return inner.replace(/<[^>]+>/g, '').replace(/<!-- -->/g, '');
}

describe('prerender', () => {
  it('prerenders every route of the site', () => {
    expect([...prerenderPaths].sort()).toEqual(Object.keys(headings).sort());
  });

  it.each(Object.entries(headings))('renders %s with its heading, title and description, without scripts', async (path, heading) => {
    const result = await render(path);
    if (result.kind !== 'page') throw new Error(`${path} redirected`);
    expect(result.status).toBe(200);
    expect(h1(result.html)).toBe(heading);
    expect(result.html.match(/<h1\b/g)).toHaveLength(1);
    expect(result.meta.title).toMatch(/Bytebound/);
    expect(result.meta.description.length).toBeGreaterThan(20);
    expect(result.html).not.toMatch(/<script/i);
    expect(result.html).toContain('id="main-content"');
  });

  it('gives each page its own title', async () => {
    const titles = new Set<string>();
    for (const path of prerenderPaths) {
      const result = await render(path);
      if (result.kind === 'page') titles.add(result.meta.title);
    }
    expect(titles.size).toBe(prerenderPaths.length);
  });

  it('marks the current page in the top bar', async () => {
    const result = await render('/docs');
    if (result.kind !== 'page') throw new Error('redirected');
    expect(result.html).toMatch(/<a aria-current="page"[^>]*href="\/docs"/);
    expect(result.html).not.toMatch(/<a aria-current="page"[^>]*href="\/"/);
  });

  it('renders an unknown path as the router error screen with 404', async () => {
    const result = await render('/no-such-page');
    if (result.kind !== 'page') throw new Error('redirected');
    expect(result.status).toBe(404);
    expect(h1(result.html)).toBe('Unexpected Application Error!');
    expect(result.html).toContain('404 Not Found');
    expect(result.meta.title).toMatch(/not found/i);
  });

  it('serves sub-paths of /account with the account page', async () => {
    const result = await render('/account/keys');
    expect(result.kind === 'page' && h1(result.html)).toBe('Your Account');
    expect(clientRoutePrefixes).toEqual(['/account']);
  });

  it.each(Object.entries(redirects))('redirects %s to %s', async (from, to) => {
    expect(await render(from)).toMatchObject({ kind: 'redirect', location: to });
  });

  it('sends /contact to the homepage contact section, which exists', async () => {
    const home = await render('/');
    expect(redirects['/contact']).toBe('/#contact');
    expect(home.kind === 'page' && home.html).toContain('id="contact"');
  });
});
