// What a hosting deploy uploads (hosting-deploys.ts), and the hook judging it: a project whose
// uploaded folder holds a person's address is blocked, naming the service it goes to; the same
// project with an ignore file that leaves the address out, or with it outside the folder uploaded,
// is allowed, and so are the deploy tools' local commands.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firebaseDeploy, flyDeploy, globIgnoreRules, netlifyDeploy, netlifyFolders, railwayUp, surgeDeploy, vercelDeploy } from '../../src/agent/hosting-deploys.ts';
import type { FolderReader } from '../../src/agent/published-packages.ts';
import { hookIn } from './hook-in-folder.ts';

const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-hosting-'));
const customers = 'name,email\nJane,jane.doe@acme-corp.com\n';
const page = '<!doctype html><title>Acme CRM</title>\n';
const put = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(cwd, file)), { recursive: true });
  fs.writeFileSync(path.join(cwd, file), text);
};
/** A project folder of files (relative path: text), each also holding an index page. */
const project = (name: string, files: Record<string, string>) => {
  put(`${name}/index.html`, page);
  for (const [file, text] of Object.entries(files)) put(`${name}/${file}`, text);
};

// Vercel: the data in the project, left out by .vercelignore, kept in spite of .gitignore (Vercel does not read it),
// in files Vercel never uploads, and in a prebuilt output or only beside it.
project('vercel-app', { 'fixtures/customers.csv': customers });
project('vercel-ignored', { '.vercelignore': '# test data stays here\nfixtures/\n', 'fixtures/customers.csv': customers });
project('vercel-gitignored', { '.gitignore': 'fixtures\n', 'fixtures/customers.csv': customers });
project('vercel-local', { '.env.local': `ADMIN_EMAIL=jane.doe@acme-corp.com\n`, '.vercel/cache/customers.csv': customers, 'node_modules/seed/customers.csv': customers });
project('vercel-built', { '.vercel/output/static/customers.csv': customers });
project('vercel-built-clean', { '.vercel/output/static/index.html': page, 'fixtures/customers.csv': customers });
// Netlify: a publish folder from netlify.toml beside the data; one under a base folder holding it; none; functions holding it; a dotfile.
project('netlify-site', { 'netlify.toml': '[build]\n  command = "npm run build"\n  publish = "dist"\n', 'dist/index.html': page, 'fixtures/customers.csv': customers });
project('netlify-base', { 'netlify.toml': "[build]\n  base = 'web'\n  publish = 'public'\n", 'web/public/customers.csv': customers });
project('netlify-bare', { 'fixtures/customers.csv': customers });
project('netlify-fn', { 'netlify.toml': '[build]\npublish = "dist"\n', 'dist/index.html': page, 'netlify/functions/seed.js': `export default () => new Response(${JSON.stringify(customers)});\n` });
project('netlify-dot', { 'dist/index.html': page, 'dist/.customers.csv': customers });
// Firebase: a public folder holding the data; the data outside it or left out by its ignore globs; two sites; functions; a dotfile
// with no ignore list; a dot folder's files, which a glob ignore of `**/.*` matches only by their own name, as Firebase's file walk does.
const firebaseJson = (name: string, json: unknown) => put(`${name}/firebase.json`, JSON.stringify(json, null, 2));
project('firebase-site', { 'public/index.html': page, 'public/data/customers.csv': customers });
firebaseJson('firebase-site', { hosting: { public: 'public', ignore: ['firebase.json', '**/.*', '**/node_modules/**'] } });
project('firebase-clean', { 'public/index.html': page, 'public/.customers.csv': customers, 'fixtures/customers.csv': customers });
firebaseJson('firebase-clean', { hosting: { public: 'public', ignore: ['firebase.json', '**/.*', '**/node_modules/**'] } });
project('firebase-ignored', { 'fixtures/customers.csv': customers });
firebaseJson('firebase-ignored', { hosting: { public: '.', ignore: ['firebase.json', 'fixtures/**'] } });
project('firebase-multi', { 'www/index.html': page, 'admin/customers.csv': customers });
firebaseJson('firebase-multi', { hosting: [{ site: 'acme-www', public: 'www' }, { target: 'admin', public: 'admin' }] });
project('firebase-fn', { 'functions/index.js': 'exports.seed = () => null;\n', 'functions/seed/customers.json': JSON.stringify({ email: 'jane.doe@acme-corp.com' }) });
firebaseJson('firebase-fn', { functions: { source: 'functions' }, firestore: { rules: 'firestore.rules' } });
project('firebase-dot', { 'public/index.html': page, 'public/.customers.csv': customers });
firebaseJson('firebase-dot', { hosting: { public: 'public' } });
project('firebase-dot-folder', { 'public/index.html': page, 'public/.backup/customers.csv': customers });
firebaseJson('firebase-dot-folder', { hosting: { public: 'public', ignore: ['firebase.json', '**/.*', '**/node_modules/**'] } });
// surge: the data in the project, left out by .surgeignore, or in a dot folder surge never publishes.
project('surge-site', { 'fixtures/customers.csv': customers });
project('surge-ignored', { '.surgeignore': 'fixtures\n', 'fixtures/customers.csv': customers });
project('surge-dot', { '.data/customers.csv': customers });
// Railway: the data in the folder, left out by .railwayignore, by .gitignore in a git work tree, and a .gitignore outside one.
project('railway-app', { 'fixtures/customers.csv': customers });
project('railway-ignored', { '.railwayignore': 'fixtures/\n', 'fixtures/customers.csv': customers });
project('railway-git', { '.git/HEAD': 'ref: refs/heads/main\n', '.gitignore': 'fixtures\n', 'fixtures/customers.csv': customers });
project('railway-nogit', { '.gitignore': 'fixtures\n', 'fixtures/customers.csv': customers });
// Fly: a build context holding the data, one whose .dockerignore leaves it out, one whose fly.toml names an image built elsewhere.
const dockerfile = 'FROM node:20-alpine\nCOPY index.html /srv/\n';
project('fly-app', { 'fly.toml': 'app = "acme-crm"\n\n[build]\n  dockerfile = "Dockerfile"\n', Dockerfile: dockerfile, 'fixtures/customers.csv': customers });
project('fly-ignored', { 'fly.toml': 'app = "acme-crm"\n', Dockerfile: dockerfile, '.dockerignore': 'fixtures\n', 'fixtures/customers.csv': customers });
project('fly-image', { 'fly.toml': "app = 'acme-crm'\n[build]\n  image = 'registry.fly.io/acme-crm:1.4.2'\n", 'fixtures/customers.csv': customers });
project('fly-own-ignore', { 'fly.toml': '[build]\n  ignorefile = ".flyignore"\n', Dockerfile: dockerfile, '.flyignore': 'fixtures\n', 'fixtures/customers.csv': customers });

const { bash, expectBlocked } = hookIn(cwd);

describe('the hook and what a hosting deploy uploads', () => {
  it.each([
    // Vercel: the folder it runs in, the path it is given (after options that take a value), --cwd, and through npx.
    ['vercel', 'cd vercel-app && vercel', 'api.vercel.com'],
    ['vercel deploy <path>', 'vercel deploy vercel-app --yes', 'api.vercel.com'],
    ['vercel --prod <path>', 'vercel --prod -e NODE_ENV=production --scope acme vercel-app', 'api.vercel.com'],
    ['vercel --cwd', 'vercel deploy --prod --cwd=vercel-app', 'api.vercel.com'],
    ['npx vercel', 'cd vercel-app && npx vercel deploy --prod', 'api.vercel.com'],
    ['vc, with a .gitignore Vercel does not read', 'vc deploy vercel-gitignored', 'api.vercel.com'],
    ['vercel deploy --prebuilt', 'cd vercel-built && vercel build --prod; vercel deploy --prebuilt --prod', 'api.vercel.com'],
    ['a person’s address set as a deployment’s variable', 'vercel deploy vercel-ignored -e ADMIN_EMAIL=jane.doe@acme-corp.com', 'api.vercel.com'],
    // Netlify: the folder --dir names, glued or not; netlify.toml's publish under its base; the folder it runs in; the functions folder.
    ['netlify deploy --dir', 'cd netlify-site && netlify deploy --prod --dir fixtures', 'api.netlify.com'],
    ['ntl deploy -d glued to its value', 'cd netlify-site && ntl deploy -dfixtures --message "test data"', 'api.netlify.com'],
    ['netlify deploy of netlify.toml’s publish folder under its base', 'netlify deploy --cwd netlify-base --prod', 'api.netlify.com'],
    ['netlify deploy --build of the folder it runs in', 'cd netlify-bare && netlify deploy --build', 'api.netlify.com'],
    ['netlify deploy of a functions folder', 'cd netlify-fn && netlify deploy --prod', 'api.netlify.com'],
    // Firebase: hosting's public folder, a site picked by --only, a public folder without an ignore list (its dotfiles go), functions.
    ['firebase deploy', 'cd firebase-site && firebase deploy', 'firebasehosting.googleapis.com'],
    ['firebase deploy --only hosting from a folder below firebase.json', 'cd firebase-site/public && firebase -P acme-prod deploy --only hosting', 'firebasehosting.googleapis.com'],
    ['firebase deploy --only hosting:<target>', 'cd firebase-multi && firebase deploy --only hosting:admin', 'firebasehosting.googleapis.com'],
    ['firebase deploy of a public folder with no ignore list', 'cd firebase-dot && firebase deploy --only hosting', 'firebasehosting.googleapis.com'],
    ['firebase deploy of a dot folder’s files, which `**/.*` does not match', 'cd firebase-dot-folder && firebase deploy', 'firebasehosting.googleapis.com'],
    ['firebase hosting:channel:deploy', 'cd firebase-site && firebase hosting:channel:deploy preview --expires 7d', 'firebasehosting.googleapis.com'],
    ['firebase deploy --only functions', 'cd firebase-fn && firebase deploy --only functions', 'cloudfunctions.googleapis.com'],
    ['firebase deploy --config', 'firebase deploy --config firebase-site/firebase.json', 'firebasehosting.googleapis.com'],
    // surge: the project operand, the folder it runs in, --project.
    ['surge <project> <domain>', 'surge surge-site acme-crm.surge.sh', 'surge.sh'],
    ['surge in the project folder', 'cd surge-site && surge', 'surge.sh'],
    ['surge --project', 'surge --domain acme-crm.surge.sh --project ./surge-site', 'surge.sh'],
    // Railway: the folder it runs in, the path it is given after options, a .gitignore outside a git work tree, --no-gitignore.
    ['railway up', 'cd railway-app && railway up --detach', 'backboard.railway.app'],
    ['railway up <path>', 'railway up -s api -e production railway-app', 'backboard.railway.app'],
    ['railway up of a folder whose .gitignore is outside a git work tree', 'railway up railway-nogit', 'backboard.railway.app'],
    ['railway up --no-gitignore', 'railway up railway-git --no-gitignore', 'backboard.railway.app'],
    // Fly: the build context for the remote builder, a path after options, --local-only's push, --file-local.
    ['fly deploy', 'cd fly-app && fly deploy', 'api.fly.io'],
    ['flyctl deploy <path>', 'flyctl deploy -a acme-crm --remote-only fly-app', 'api.fly.io'],
    ['fly deploy --local-only', 'fly deploy --local-only fly-app', 'registry.fly.io'],
    ['fly deploy --file-local', 'cd fly-ignored && fly deploy --file-local /seed/customers.csv=fixtures/customers.csv', 'api.fly.io'],
  ])('blocks personal data uploaded by %s', (_road, command, host) => {
    expectBlocked(command, host);
  });

  it.each([
    // Ignore files that leave the data out, files Vercel never uploads, a prebuilt output that holds none, local commands.
    ['vercel deploy vercel-ignored'],
    ['cd vercel-ignored && vercel --scope ../vercel-app --prod'],
    ['vercel deploy vercel-local'],
    ['cd vercel-built-clean && vercel deploy --prebuilt'],
    ['cd vercel-app && vercel env ls'],
    ['cd vercel-app && vercel logs https://acme-crm.vercel.app'],
    ['cd vercel-app && vercel link --yes'],
    ['cd vercel-app && vercel dev'],
    ['cd vercel-app && vercel build --prod'],
    ['cd vercel-app && vercel deploy --dry'],
    // A publish folder beside the data, a dotfile netlify leaves out, a build on Netlify's side, local commands.
    ['cd netlify-site && netlify deploy --prod'],
    ['cd netlify-site && netlify deploy --dir dist --build'],
    ['netlify deploy --dir netlify-dot/dist'],
    ['cd netlify-bare && netlify deploy --trigger'],
    ['cd netlify-bare && netlify dev'],
    ['cd netlify-bare && netlify status'],
    // The data outside the public folder, left out by ignore globs, in a site not deployed; a deploy of rules only; local commands.
    ['cd firebase-clean && firebase deploy'],
    ['cd firebase-ignored && firebase deploy --only hosting'],
    ['cd firebase-multi && firebase deploy --only hosting:acme-www'],
    ['cd firebase-multi && firebase deploy --except hosting'],
    ['cd firebase-fn && firebase deploy --only firestore'],
    ['cd firebase-site && firebase deploy --dry-run'],
    ['cd firebase-site && firebase emulators:start --only hosting'],
    ['cd firebase-site && firebase serve'],
    // surge: .surgeignore, a dot folder, the domain option's value, surge's other commands.
    ['surge surge-ignored acme-crm.surge.sh'],
    ['surge surge-dot'],
    ['surge -d surge-site surge-ignored'],
    ['cd surge-site && surge list'],
    ['cd surge-site && surge teardown acme-crm.surge.sh'],
    // Railway: .railwayignore, .gitignore in a git work tree, an option's value, Railway's other commands.
    ['railway up railway-ignored'],
    ['cd railway-git && railway up --ci'],
    ['cd railway-ignored && railway up --service ../railway-app'],
    ['cd railway-app && railway logs'],
    ['cd railway-app && railway status'],
    // Fly: .dockerignore, an ignore file fly.toml names, an image built elsewhere, a local build kept here, Fly's other commands.
    ['fly deploy fly-ignored'],
    ['fly deploy fly-own-ignore'],
    ['cd fly-app && fly deploy --image registry.fly.io/acme-crm:1.4.2'],
    ['fly deploy fly-image'],
    ['fly deploy --local-only --build-only fly-app'],
    ['fly deploy -a fly-app --config fly.toml fly-ignored'],
    ['cd fly-app && fly logs'],
    ['cd fly-app && flyctl status'],
  ])('allows %s', (command) => {
    expect(bash(command)).toMatchObject({ exitCode: 0, stderr: '' });
  });
});

/** A reader of the files in `files` (full paths): a folder read whole is the files under it that `skip` leaves in. */
const readerOf =
  (files: Record<string, string>): FolderReader =>
  (word, folder, skip) => {
    const full = path.resolve(folder, word);
    if (!skip) return files[full] ?? '';
    const under = Object.keys(files).filter((file) => file.startsWith(`${full}/`));
    const kept = under.filter((file) => {
      const parts = path.relative(full, file).split('/');
      return !parts.some((_, k) => skip(path.join(full, ...parts.slice(0, k + 1)), k < parts.length - 1));
    });
    return kept.map((file) => files[file]).join('\n');
  };

describe('what each deploy reads', () => {
  it('reads Vercel’s ignores as git reads them, its .vercelignore’s exceptions taking back', () => {
    const read = readerOf({ '/p/.vercelignore': '/*\n!api\n!*.html\n', '/p/index.html': 'page', '/p/api/handler.js': 'api', '/p/fixtures/c.csv': 'data', '/p/.env.local': 'local' });
    expect(vercelDeploy(['deploy'], '/p', read)?.text.split('\n').sort()).toEqual(['api', 'page']);
  });

  it('reads netlify.toml’s base, publish folders (each context’s) and functions folder', () => {
    const toml = '# site\n[build]\n  base = "site"\n  publish = "out" # built\n[build.environment]\n  NODE_VERSION = "20"\n[context.production]\n  publish = \'prod-out\'\n[dev]\n  publish = "dev-out"\n[functions]\n  directory = "fns"\n';
    expect(netlifyFolders(toml, '/w')).toEqual({ publish: ['/w/site/out', '/w/site/prod-out'], functions: '/w/site/fns' });
    expect(netlifyFolders('', '/w')).toEqual({ publish: [], functions: '/w/netlify/functions' });
  });

  it('reads Firebase’s ignore globs against whole paths, dotfiles matched', () => {
    const ignored = globIgnoreRules(['firebase.json', '**/.*', '**/node_modules/**', 'docs/*.md']);
    expect(ignored('firebase.json', false)).toBe(true);
    expect(ignored('sub/firebase.json', false)).toBe(false);
    expect(ignored('.env', false)).toBe(true);
    expect(ignored('a/b/.secret', false)).toBe(true);
    expect(ignored('node_modules', true)).toBe(true);
    expect(ignored('a/node_modules/x.js', false)).toBe(true);
    expect(ignored('docs/guide.md', false)).toBe(true);
    expect(ignored('docs/deep/guide.md', false)).toBe(false);
    // A folder is left out whole only by a glob ending in `/**`.
    expect(ignored('.well-known', true)).toBe(false);
    expect(ignored('index.html', false)).toBe(false);
  });

  it('reads each Firebase codebase’s functions source less its ignore list', () => {
    const read = readerOf({
      '/f/firebase.json': JSON.stringify({ functions: [{ source: 'api', ignore: ['fixtures'] }, { codebase: 'jobs', source: 'jobs' }] }),
      '/f/api/index.js': 'api',
      '/f/api/fixtures/c.csv': 'data',
      '/f/jobs/run.js': 'jobs',
      '/f/jobs/.git/config': 'git',
    });
    const [functions] = firebaseDeploy(['deploy', '--only', 'functions:jobs'], '/f', read) ?? [];
    expect(functions?.host).toBe('cloudfunctions.googleapis.com');
    expect(functions?.text.split('\n').sort()).toEqual(['api', 'jobs']);
  });

  it('takes an option’s value for its value, never for the folder deployed', () => {
    const read = readerOf({ '/r/app/a.txt': 'app', '/r/other/b.txt': 'other' });
    expect(surgeDeploy(['--domain', 'other', 'app'], '/r', read)?.text).toBe('app');
    expect(railwayUp(['up', '--environment', 'other', 'app'], '/r', read)?.text).toBe('app');
    expect(flyDeploy(['deploy', '--app', 'other', 'app'], '/r', read)?.text).toBe('app');
    expect(vercelDeploy(['--team', 'other', 'app'], '/r', read)?.text).toBe('app');
    expect(netlifyDeploy(['deploy', '--site', 'other', '--dir', 'app'], '/r', read)?.text).toBe('app');
  });
});

describe('reading long adversarial input', () => {
  // Linear work on a few hundred kilobytes takes milliseconds; a parser that backtracked would run past the test's timeout.
  const long = 'a'.repeat(300_000);
  const spaces = ' '.repeat(300_000);

  it('reads a Vercel command line and .vercelignore of 300 KB', () => {
    const read = readerOf({ '/v/.vercelignore': `fixtures\n${'*a'.repeat(150_000)}b\n`, '/v/fixtures/c.csv': 'data' });
    expect(vercelDeploy(['deploy', '-e', long, `--meta=${long}`], '/v', read)?.text).toContain('data');
    expect(vercelDeploy([`--cwd=${spaces}x`], '/v', read)?.host).toBe('api.vercel.com');
  });

  it('reads a netlify.toml of 300 KB', () => {
    expect(netlifyFolders(`[build]\npublish = "${long}\n[${'['.repeat(300_000)}\n${']'.repeat(300_000)}\npublish ${'='.repeat(300_000)}`, '/w').publish).toEqual([]);
    expect(netlifyDeploy(['deploy', '--dir', long, '-m', spaces], '/w', readerOf({}))?.host).toBe('api.netlify.com');
  });

  it('sets aside Firebase ignore globs past the bounds, and matches a deep path in linear time', () => {
    expect(globIgnoreRules(['fixtures/**', `${'*a'.repeat(150_000)}b`])('fixtures/c.csv', false)).toBe(false);
    expect(globIgnoreRules(['**/x/**/y/**/z'])(`${'a/'.repeat(100_000)}q`, false)).toBe(false);
    const read = readerOf({ '/f/firebase.json': JSON.stringify({ hosting: { public: 'p', ignore: Array<string>(300_000).fill('fixtures/**') } }), '/f/p/fixtures/c.csv': 'data' });
    expect(firebaseDeploy(['deploy', '--only', long], '/f', read)).toBeNull();
    expect(firebaseDeploy(['deploy'], '/f', read)?.[0]?.text).toBe('data');
  });

  it('reads a .surgeignore, a .railwayignore and a fly.toml of 300 KB', () => {
    const read = readerOf({
      '/s/.surgeignore': `fixtures\n${spaces}x\n`,
      '/s/.railwayignore': 'fixtures\n'.repeat(30_000),
      '/s/fly.toml': `[build]\n  image = "${long}\n${'[build'.repeat(50_000)}\n`,
      '/s/fixtures/c.csv': 'data',
    });
    expect(surgeDeploy([long], '/s', read)?.text).toBe('');
    expect(surgeDeploy([], '/s', read)?.text).toContain('data');
    expect(railwayUp(['up', '-m', long], '/s', read)?.text).toContain('data');
    expect(flyDeploy(['deploy', '--env', long], '/s', read)?.text).toContain('data');
  });
});
