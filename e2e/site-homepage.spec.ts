// The homepage: every section in order, the typewriter's phrases and timings, section tracking with
// the dot navigation and the top bar, the illustration and the synthetic feed, the carousel, the
// podcast player, the metrics, and reduced motion (nothing animates). axe finds nothing.
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { openPage } from './support/page.ts';
import { uniqueEmail } from './support/smtp.ts';

/** Lets React finish rendering and run its effects (its scheduler uses MessageChannel, which the fake clock leaves alone). */
async function settle(page: Page) {
  for (let i = 0; i < 3; i++) {
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(0);
        }),
    );
  }
}

/** Opens the homepage with a clock that stands still from before its scripts run: only the test moves time. */
async function openWithFrozenClock(page: Page) {
  const start = Date.parse('2026-01-01T00:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1_000);
  await page.goto('/');
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  await settle(page);
}

/** Moves the frozen clock forward in steps, letting the page render between them. */
async function advance(page: Page, ms: number, step = 250) {
  for (let done = 0; done < ms; done += step) {
    await page.clock.runFor(Math.min(step, ms - done));
    await settle(page);
  }
}

// The clock-driven tests step time in small increments, which takes a while on a busy machine.
test.describe.configure({ timeout: 120_000 });

const SECTION_ORDER = [
  'hero',
  'value-proposition',
  'market',
  'advantage',
  'industry-solutions',
  'ai-demo',
  'demo',
  'podcast',
  'metrics',
  'investors',
  'timeline-section',
  'pipeline',
  'founder',
  'codebase-anatomy',
  'pretool-hook',
  'enterprise-demo',
  'investor-quest',
  'testimonials',
  'contact',
];

test('every section of the homepage is there, in order, with the calls to action', async ({ page }) => {
  await openPage(page, '/');
  const ids = await page.locator('main section[id]').evaluateAll((sections) => sections.map((s) => s.id));
  expect(ids).toEqual(SECTION_ORDER);
  await expect(page.locator('#transpiler-demo')).toBeAttached();
  await expect(page.locator('#investor-section')).toBeAttached();
  // The spec's list ends with the footer, after the page's main content.
  await expect(page.locator('main ~ footer#footer, main ~ * footer#footer')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Try Legal Compiler' })).toHaveAttribute('href', '#demo');
  await expect(page.getByRole('link', { name: 'Book Enterprise Demo' }).first()).toHaveAttribute('href', '#contact');
  // The six real compile stages and the real hook settings.
  await expect(page.locator('#pipeline li')).toHaveText([/validating/, /parsing/, /analyzing/, /generating/, /optimizing/, /finalizing/]);
  await expect(page.locator('#pretool-hook pre')).toContainText('"PreToolUse"');
  await expect(page.locator('#pretool-hook pre')).toContainText('bytebound-hook-guard.sh');
  await expectNoAxeViolations(page);
});

test('the typewriter types at 40 ms a character, holds 3 s, deletes at 25 ms and starts the next phrase after 0.5 s', async ({ page }) => {
  await openWithFrozenClock(page);
  const typed = page.getByTestId('typewriter');
  const first = 'Compiling GDPR Article 17 into Rego';
  await expect(typed).toHaveText(first);
  // Each timer is set after the previous step has rendered, so time moves one step at a time.
  await page.clock.runFor(2_990);
  await expect(typed).toHaveText(first);
  await settle(page);
  // The hold ends at 3 s; the first character goes one deletion step (25 ms) later.
  await page.clock.runFor(10);
  await settle(page);
  await page.clock.runFor(24);
  await expect(typed).toHaveText(first);
  await settle(page);
  await page.clock.runFor(1);
  await expect(typed).toHaveText(first.slice(0, -1));
  await settle(page);
  const phraseLength = 'GDPR Article 17 into Rego'.length;
  for (let deleted = 2; deleted <= 4; deleted++) {
    await page.clock.runFor(24);
    await expect(typed).toHaveText(first.slice(0, 1 - deleted));
    await settle(page);
    await page.clock.runFor(1);
    await expect(typed).toHaveText(first.slice(0, -deleted));
    await settle(page);
  }
  await advance(page, 25 * (phraseLength - 4), 25);
  await expect(typed).toHaveText('Compiling ');
  await settle(page);
  await page.clock.runFor(499);
  await expect(typed).toHaveText('Compiling ');
  await settle(page);
  await page.clock.runFor(1);
  await page.clock.runFor(39);
  await expect(typed).toHaveText('Compiling ');
  await settle(page);
  await page.clock.runFor(1);
  await expect(typed).toHaveText('Compiling C');
  await settle(page);
  for (const expected of ['CC', 'CCP', 'CCPA']) {
    await page.clock.runFor(40);
    await expect(typed).toHaveText(`Compiling ${expected}`);
    await settle(page);
  }
  await advance(page, 40 * 30, 40);
  await expect(typed).toHaveText('Compiling CCPA opt-outs into Cedar');
  await settle(page);

  // Paused, it holds its text.
  await page.getByRole('button', { name: 'Pause typing animation' }).click();
  await page.clock.runFor(10_000);
  await expect(typed).toHaveText('Compiling CCPA opt-outs into Cedar');
  await settle(page);
  await expect(page.getByRole('button', { name: 'Resume typing animation' })).toHaveAttribute('aria-pressed', 'true');
});

test('the section in view is tracked: dots highlight it, Contact lights up at #contact, and a dot scrolls there', async ({ page }) => {
  await openPage(page, '/');
  const dots = page.getByRole('navigation', { name: 'Sections' });
  await expect(dots.getByRole('link', { name: 'Introduction' })).toHaveAttribute('data-in-view', 'true');
  await expect(dots.getByRole('link', { name: 'Compile pipeline' })).toHaveAttribute('data-in-view', 'false');

  // The demo compiler above loads on demand and changes the page's height: let it settle first.
  await page.waitForLoadState('networkidle');
  await dots.getByRole('link', { name: 'Compile pipeline' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Six real stages, each one timed' })).toBeInViewport();
  await expect(dots.getByRole('link', { name: 'Compile pipeline' })).toHaveAttribute('data-in-view', 'true');
  await expect(dots.getByRole('link', { name: 'Introduction' })).toHaveAttribute('data-in-view', 'false');
  await expect(page).toHaveURL(/#pipeline$/);

  const contact = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Contact' });
  await expect(contact).toHaveAttribute('data-active', 'false');
  // The visitor scrolls on (a wheel ends the landing's hold on the pipeline), down to the contact section.
  await page.mouse.wheel(0, 400);
  await page.locator('#contact').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await expect(contact).toHaveAttribute('data-active', 'true');
});

test('the outcome illustration alternates every 4 s and pauses; the synthetic feed decides in the browser', async ({ page }) => {
  await openWithFrozenClock(page);
  const outcome = page.getByTestId('outcome');
  await expect(page.locator('#ai-demo')).toContainText('Illustration, not live data');
  await expect(outcome).toHaveText('allow');
  await advance(page, 4_000);
  await expect(outcome).toHaveText('shutdown');
  await advance(page, 4_000);
  await expect(outcome).toHaveText('allow');
  await page.getByRole('button', { name: 'Pause illustration' }).click();
  await advance(page, 12_000);
  await expect(outcome).toHaveText('allow');

  await expect(page.locator('#ai-demo')).toContainText('Synthetic traffic, decided in your browser');
  await page.getByRole('button', { name: 'Start feed' }).click();
  const feed = page.getByTestId('synthetic-feed').locator('li');
  await expect(feed).toHaveCount(1);
  await advance(page, 2_000);
  await expect(feed).toHaveCount(2);
  await page.clock.runFor(2_000 * 120);
  await expect(feed).toHaveCount(100);
  // Decided by the compiled policy: every entry carries an exit code and what decided it.
  await expect(feed.first()).toContainText(/exit [02]/);
  await page.getByRole('button', { name: 'Pause feed' }).click();
  await advance(page, 10_000);
  await expect(page.getByRole('button', { name: 'Start feed' })).toBeVisible();
});

test('the carousel advances every 8 s, and previous, next, dots and pause work', async ({ page }) => {
  await openWithFrozenClock(page);
  const slide = page.getByTestId('testimonial');
  const section = page.locator('#testimonials');
  await expect(section).toContainText('AI-model commentary');
  await expect(slide).toHaveAttribute('data-index', '0');
  await advance(page, 8_000);
  await expect(slide).toHaveAttribute('data-index', '1');
  await section.getByRole('button', { name: 'Next' }).click();
  await expect(slide).toHaveAttribute('data-index', '2');
  await section.getByRole('button', { name: 'Previous' }).click();
  await section.getByRole('button', { name: 'Previous' }).click();
  await expect(slide).toHaveAttribute('data-index', '0');
  await section.getByRole('button', { name: 'Previous' }).click();
  await expect(slide).toHaveAttribute('data-index', '3');
  await section.getByRole('button', { name: 'Show commentary 2' }).click();
  await expect(slide).toHaveAttribute('data-index', '1');
  await section.getByRole('button', { name: 'Pause' }).click();
  await advance(page, 30_000);
  await expect(slide).toHaveAttribute('data-index', '1');
  await section.getByRole('button', { name: 'Resume' }).click();
  await advance(page, 8_000);
  await expect(slide).toHaveAttribute('data-index', '2');
});

test('the podcast plays, pauses, seeks, reaches its complete state and can be downloaded', async ({ page, request }) => {
  await openPage(page, '/');
  const player = page.getByTestId('podcast');
  await player.scrollIntoViewIfNeeded();
  await expect(page.getByTestId('podcast-time')).toHaveText(/0:00 \/ 2:\d\d/);
  await player.getByRole('button', { name: 'Play' }).click();
  await expect(player).toHaveAttribute('data-state', 'playing');
  await expect(page.getByTestId('podcast-time')).not.toHaveText(/^0:00 /, { timeout: 5_000 });
  await player.getByRole('button', { name: 'Pause' }).click();
  await expect(player).toHaveAttribute('data-state', 'paused');

  await player.getByRole('slider', { name: 'Position in the episode' }).fill('60');
  await expect(page.getByTestId('podcast-time')).toHaveText(/^1:00 /);

  await page.locator('#podcast audio').evaluate((audio: HTMLAudioElement) => {
    audio.currentTime = audio.duration - 0.3;
  });
  await player.getByRole('button', { name: 'Play' }).click();
  await expect(player).toHaveAttribute('data-state', 'complete');
  await expect(player).toContainText('Episode complete.');
  await expect(player.getByRole('button', { name: 'Play again' })).toBeVisible();

  const download = player.getByRole('link', { name: 'Download episode' });
  await expect(download).toHaveAttribute('download', '');
  const response = await request.get((await download.getAttribute('href'))!);
  expect(response.status()).toBe(200);
  expect((await response.body()).length).toBeGreaterThan(50_000);
});

/** Registers an account through the API, creates its API key and has the server sign one real decision with it. */
async function signOneRealDecision(request: APIRequestContext) {
  const register = await request.post('/api/auth/register', {
    data: { firstName: 'Ada', lastName: 'Lovelace', companyName: 'Analytical', email: uniqueEmail('metrics'), password: 'Orbit-Lantern-Quartz-42', acceptTerms: true, subscribeNewsletter: false, termsVersion: '2026-01' },
  });
  expect(register.status()).toBe(201);
  const { token } = (await register.json()) as { token: string };
  const created = await request.post('/api/account/keys', { headers: { authorization: `Bearer ${token}` }, data: { name: 'Homepage metrics test' } });
  expect(created.status()).toBe(201);
  const { key } = ((await created.json()) as { key: { key: string } }).key;
  const decision = await request.post('/api/v1/decide', {
    headers: { authorization: `Bearer ${key}` },
    data: { arbiters: ['gdpr'], request: { action: 'share', timing: 'pre-action', target: 'personal', attributes: { destination: 'third-country', legalBasis: 'consent' } } },
  });
  expect(decision.status()).toBe(200);
}

type LiveDemo = { totalDecisions: number; complianceRate: number | null; averageLatencyUs: number | null };
type Metrics = { totalDecisions: number; allowedDecisions: number; blockedDecisions: number; averageExecutionTime: number };

test('the metrics section shows the counters and the live demo summary the API returns after a real decision', async ({ page, request }) => {
  await signOneRealDecision(request);
  await openPage(page, '/');
  // Other tests may sign decisions at the same time: the page must show exactly what it was sent.
  const metricsResponse = page.waitForResponse((r) => r.url().endsWith('/api/v1/analytics/metrics'));
  const liveDemoResponse = page.waitForResponse((r) => r.url().endsWith('/api/home/live-demo'));
  await page.locator('#metrics').scrollIntoViewIfNeeded();
  const metrics = (await (await metricsResponse).json()) as Metrics;
  const live = (await (await liveDemoResponse).json()) as LiveDemo;
  expect(live.totalDecisions).toBeGreaterThanOrEqual(1);
  expect(live.complianceRate).not.toBeNull();
  expect(live.averageLatencyUs).not.toBeNull();

  // Microseconds read like the other figures: grouped thousands, at most one decimal.
  const micros = (us: number) => `${us.toLocaleString('en-US', { maximumFractionDigits: 1 })} µs`;
  const microsShape = /^\d{1,3}(,\d{3})*(\.\d)? µs$/;
  const counters = page.getByTestId('metrics');
  await expect(counters).toHaveAttribute('data-loaded', 'true');
  await expect(counters.getByRole('definition')).toHaveText([
    metrics.totalDecisions.toLocaleString('en-US'),
    metrics.allowedDecisions.toLocaleString('en-US'),
    metrics.blockedDecisions.toLocaleString('en-US'),
    micros(metrics.averageExecutionTime),
    /^\d\d:\d\d:\d\d$/,
  ]);
  await expect(counters.getByRole('definition').nth(3)).toHaveText(microsShape);
  const summary = page.getByTestId('live-demo');
  await expect(summary).toHaveAttribute('data-loaded', 'true');
  await expect(summary.getByRole('term')).toHaveText(['Signed decisions', 'Compliance rate', 'Average latency']);
  await expect(summary.getByRole('definition')).toHaveText([live.totalDecisions.toLocaleString('en-US'), `${live.complianceRate!.toFixed(1)}%`, micros(live.averageLatencyUs!)]);
  await expect(summary.getByRole('definition').nth(2)).toHaveText(microsShape);
  await expectNoAxeViolations(page);
});

test('the homepage lists the features GET /api/home/features returns', async ({ page, request }) => {
  const { features } = (await (await request.get('/api/home/features')).json()) as { features: Array<{ title: string; description: string }> };
  expect(features.length).toBeGreaterThan(0);
  await openPage(page, '/');
  await page.locator('#value-proposition').scrollIntoViewIfNeeded();
  const list = page.getByTestId('features');
  await expect(list.getByRole('listitem')).toHaveCount(features.length);
  for (const [n, feature] of features.entries()) {
    await expect(list.getByRole('listitem').nth(n)).toHaveText(`${feature.title}${feature.description}`);
  }
});

/** Sections below the fold when the page opens: built on the section component, the demo, the carousel and contact. */
const FADING_SECTIONS = ['#podcast', '#demo', '#testimonials', '#contact'];

test('sections below the fold fade in as they come into view', async ({ page }) => {
  await openPage(page, '/');
  for (const id of FADING_SECTIONS) {
    const section = page.locator(`section${id}`);
    await expect(section).toHaveAttribute('data-fade', 'hidden');
    await expect(section).toHaveCSS('opacity', '0');
  }
  for (const id of FADING_SECTIONS) {
    const section = page.locator(`section${id}`);
    await section.scrollIntoViewIfNeeded();
    await expect(section).toHaveAttribute('data-fade', 'shown');
    await expect(section).toHaveCSS('opacity', '1');
  }
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('no section fades: each is shown as it was rendered', async ({ page }) => {
    await openPage(page, '/');
    for (const id of FADING_SECTIONS) {
      await expect(page.locator(`section${id}`)).toHaveAttribute('data-fade', 'none');
      await expect(page.locator(`section${id}`)).toHaveCSS('opacity', '1');
    }
  });

  test('no animation frame runs and nothing moves on its own', async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { framesRequested: number };
      w.framesRequested = 0;
      const original = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (callback) => {
        w.framesRequested++;
        return original(callback);
      };
    });
    await openPage(page, '/');
    const typed = await page.getByTestId('typewriter').textContent();
    await expect(page.getByTestId('backdrop')).toHaveAttribute('data-running', 'false');
    await page.waitForTimeout(4_500);
    expect(await page.evaluate(() => (window as unknown as { framesRequested: number }).framesRequested)).toBe(0);
    await expect(page.getByTestId('typewriter')).toHaveText(typed!);
    await expect(page.getByTestId('outcome')).toHaveText('allow');
    await expect(page.getByRole('button', { name: /Pause background animation/ })).toHaveCount(0);
  });
});

test('with motion, the backdrop runs on animation frames from the first input and its pause stops them', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { framesRequested: number };
    w.framesRequested = 0;
    const original = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) => {
      w.framesRequested++;
      return original(callback);
    };
  });
  await openPage(page, '/');
  await expect(page.getByTestId('backdrop')).toHaveAttribute('data-running', 'true');
  // The motion starts at the visitor's first input.
  await page.mouse.move(400, 300);
  await page.mouse.move(420, 320);
  await expect.poll(() => page.evaluate(() => (window as unknown as { framesRequested: number }).framesRequested), { timeout: 10_000 }).toBeGreaterThan(10);
  await page.getByRole('button', { name: 'Pause background animation' }).click();
  const after = await page.evaluate(() => (window as unknown as { framesRequested: number }).framesRequested);
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { framesRequested: number }).framesRequested)).toBeLessThanOrEqual(after + 1);
});
