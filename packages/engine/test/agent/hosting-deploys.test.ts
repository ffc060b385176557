// What a hosting deploy uploads (hosting-deploys.ts), and the hook judging it: a project whose
// uploaded folder holds a person's address is blocked, naming the service it goes to; the same
// project with an ignore file that leaves the address out, or with it outside the folder uploaded,
// is allowed, and so are the deploy tools' local commands.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bundledModules,
  firebaseDeploy,
  flyDeploy,
  globIgnoreRules,
  netlifyDeploy,
  netlifyFolders,
  railwayUp,
  surgeDeploy,
  vercelDeploy,
  wranglerConfig,
  wranglerUpload,
} from '../../src/agent/hosting-deploys.ts';
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

// Cloudflare: a Worker whose main script imports the data, one whose data stays in its tests, one whose assets folder holds it
// (and one whose .assetsignore leaves it out), vars holding an address, an environment's own main script; Pages folders with and
// without the data, one from wrangler.toml's pages_build_output_dir, one whose Functions hold it; files for R2, KV and D1.
const seed = JSON.stringify([{ email: 'jane.doe@acme-corp.com' }]);
project('worker-app', {
  'wrangler.toml': 'name = "acme-crm"\nmain = "src/index.ts"\ncompatibility_date = "2025-01-01"\n',
  'src/index.ts': 'import { leads } from "./leads";\nexport default { fetch: () => Response.json(leads) };\n',
  'src/leads.ts': 'import seed from "./data/seed.json";\nexport const leads = seed;\n',
  'src/data/seed.json': seed,
});
project('worker-clean', {
  'wrangler.toml': 'name = "acme-crm"\nmain = "src/index.js"\n[vars]\nLOG_LEVEL = "info"\n',
  'src/index.js': 'import { html } from "./page.js";\nexport default { fetch: () => new Response(html) };\n',
  'src/page.js': 'export const html = "<h1>Acme CRM</h1>";\n',
  'test/fixtures/customers.csv': customers,
});
project('worker-assets', {
  'wrangler.jsonc': '{\n  // the Worker and its static files\n  "name": "acme-crm",\n  "main": "src/index.js",\n  "assets": { "directory": "./dist", },\n}\n',
  'src/index.js': 'export default { fetch: () => new Response("ok") };\n',
  'dist/index.html': page,
  'dist/data/customers.csv': customers,
});
project('worker-assets-ignored', {
  'wrangler.toml': 'name = "acme-crm"\nmain = "src/index.js"\nassets = { directory = "./dist", binding = "ASSETS" }\n',
  'src/index.js': 'export default { fetch: () => new Response("ok") };\n',
  'dist/.assetsignore': 'data/\n',
  'dist/data/customers.csv': customers,
});
project('worker-vars', { 'wrangler.toml': 'name = "acme-crm"\nmain = "src/index.js"\n\n[vars]\nADMIN_EMAIL = "jane.doe@acme-corp.com"\n', 'src/index.js': 'export default {};\n' });
project('worker-env', {
  'wrangler.toml': 'name = "acme-crm"\nmain = "src/index.js"\n\n[env.staging]\nmain = "src/staging.js"\n',
  'src/index.js': 'export default {};\n',
  'src/staging.js': `export const admin = "jane.doe@acme-corp.com";\n`,
});
project('pages-site', { 'dist/index.html': page, 'dist/data/customers.csv': customers });
project('pages-clean', { 'dist/index.html': page, 'fixtures/customers.csv': customers, 'dist/node_modules/seed/customers.csv': customers });
project('pages-config', { 'wrangler.toml': 'name = "acme-site"\npages_build_output_dir = "./out"\n', 'out/customers.csv': customers });
project('pages-fn', { 'dist/index.html': page, 'functions/api/leads.js': `export const onRequest = () => Response.json(${seed});\n` });
project('cf-data', { 'customers.csv': customers, 'leads.json': JSON.stringify([{ key: 'lead-1', value: 'jane.doe@acme-corp.com' }]), 'seed.sql': "INSERT INTO leads (email) VALUES ('jane.doe@acme-corp.com');\n" });
// A monorepo whose root site publishes a clean folder, and whose packages each have their own netlify.toml and publish folder.
project('netlify-mono', {
  'package.json': JSON.stringify({ name: 'acme', private: true, workspaces: ['apps/*'] }),
  'netlify.toml': '[build]\npublish = "dist"\n',
  'dist/index.html': page,
  'apps/web/package.json': JSON.stringify({ name: '@acme/web' }),
  'apps/web/netlify.toml': '[build]\npublish = "public"\n',
  'apps/web/public/customers.csv': customers,
  'apps/admin/package.json': JSON.stringify({ name: '@acme/admin' }),
  'apps/admin/netlify.toml': '[build]\npublish = "public"\n',
  'apps/admin/public/index.html': page,
});

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
    // fly launch: it deploys the folder it runs in, or --path, once the app is made.
    ['fly launch', 'cd fly-app && fly launch --now --copy-config', 'api.fly.io'],
    ['fly launch --path', 'flyctl launch --name acme-crm --path fly-app --yes', 'api.fly.io'],
    // Netlify in a monorepo: --filter picks a package by name or path, its netlify.toml's publish folder.
    ['netlify deploy --filter <package name>', 'cd netlify-mono && netlify deploy --filter @acme/web --prod', 'api.netlify.com'],
    ['netlify deploy --filter <package path>', 'cd netlify-mono && netlify deploy --filter apps/web', 'api.netlify.com'],
    // Wrangler: what a Worker bundles (its imports), its assets, its vars, an environment's script; older spellings.
    ['wrangler deploy of a Worker importing the data', 'cd worker-app && wrangler deploy', 'api.cloudflare.com'],
    ['npx wrangler deploy --config', 'npx wrangler deploy --config worker-app/wrangler.toml', 'api.cloudflare.com'],
    ['wrangler publish', 'cd worker-app && wrangler publish --minify', 'api.cloudflare.com'],
    ['wrangler versions upload', 'cd worker-app && wrangler versions upload --message "seed"', 'api.cloudflare.com'],
    ['wrangler deploy of an assets folder (wrangler.jsonc)', 'cd worker-assets && wrangler deploy', 'api.cloudflare.com'],
    ['wrangler deploy --assets', 'cd worker-clean && wrangler deploy --assets ../pages-site/dist', 'api.cloudflare.com'],
    ['wrangler deploy of vars', 'cd worker-vars && wrangler deploy', 'api.cloudflare.com'],
    ['wrangler deploy --env of its own main script', 'cd worker-env && wrangler deploy --env staging', 'api.cloudflare.com'],
    ['wrangler deploy <script>', 'cd worker-env && wrangler deploy src/staging.js --name acme-staging', 'api.cloudflare.com'],
    ['wrangler deploy --var', 'cd worker-clean && wrangler deploy --var ADMIN_EMAIL:jane.doe@acme-corp.com', 'api.cloudflare.com'],
    // Pages: the folder given, wrangler.toml's output folder, the Functions beside it; its older spelling.
    ['wrangler pages deploy', 'wrangler pages deploy pages-site/dist --project-name acme-site', 'api.cloudflare.com'],
    ['wrangler pages publish', 'cd pages-site && wrangler pages publish dist', 'api.cloudflare.com'],
    ['wrangler pages deploy of pages_build_output_dir', 'cd pages-config && wrangler pages deploy --branch main', 'api.cloudflare.com'],
    ['wrangler pages deploy with Functions', 'cd pages-fn && wrangler pages deploy dist', 'api.cloudflare.com'],
    // R2, KV and D1: a file, the command's input, a value on the line, SQL run on the remote database.
    ['wrangler r2 object put --file', 'wrangler r2 object put exports/customers.csv --file cf-data/customers.csv', 'api.cloudflare.com'],
    ['wrangler r2 object put --pipe', 'wrangler r2 object put exports/customers.csv --pipe --remote < cf-data/customers.csv', 'api.cloudflare.com'],
    ['wrangler kv key put of a value', 'wrangler kv key put lead-1 jane.doe@acme-corp.com --binding LEADS', 'api.cloudflare.com'],
    ['wrangler kv key put --path', 'wrangler kv key put lead-1 --path cf-data/customers.csv --namespace-id 0f2ac74b', 'api.cloudflare.com'],
    ['wrangler kv bulk put', 'wrangler kv bulk put cf-data/leads.json --binding LEADS --remote', 'api.cloudflare.com'],
    ['wrangler kv:key put', 'wrangler kv:key put --binding LEADS lead-1 jane.doe@acme-corp.com', 'api.cloudflare.com'],
    ['wrangler kv:bulk put', 'wrangler kv:bulk put --binding LEADS cf-data/leads.json', 'api.cloudflare.com'],
    ['wrangler d1 execute --remote --file', 'wrangler d1 execute crm --remote --file cf-data/seed.sql', 'api.cloudflare.com'],
    ['wrangler d1 execute --remote --command', `wrangler d1 execute crm --remote --command "INSERT INTO leads (email) VALUES ('jane.doe@acme-corp.com')"`, 'api.cloudflare.com'],
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
    // fly launch that does not deploy, or whose .dockerignore leaves the data out.
    ['cd fly-app && fly launch --no-deploy'],
    ['cd fly-app && fly launch --manifest'],
    ['fly launch --path fly-ignored --now'],
    // Netlify in a monorepo: the root site, and a package whose publish folder holds no data.
    ['cd netlify-mono && netlify deploy --prod'],
    ['cd netlify-mono && netlify deploy --filter @acme/admin'],
    // Wrangler: a Worker whose data stays in its tests, assets less .assetsignore, an environment not deployed, a dry run,
    // Pages folders without the data, R2 and KV kept local, D1 run on the local database, and its other commands.
    ['cd worker-clean && wrangler deploy'],
    ['cd worker-assets-ignored && wrangler deploy'],
    ['cd worker-env && wrangler deploy'],
    ['cd worker-app && wrangler deploy --dry-run --outdir dist'],
    ['wrangler pages deploy pages-clean/dist --project-name acme-site'],
    ['wrangler r2 object put exports/customers.csv --file cf-data/customers.csv --local'],
    ['wrangler kv key put lead-1 --path cf-data/customers.csv --binding LEADS --local'],
    ['wrangler kv bulk put cf-data/leads.json --binding LEADS --local'],
    ['wrangler d1 execute crm --file cf-data/seed.sql'],
    ['wrangler d1 execute crm --local --command "SELECT count(*) FROM leads"'],
    [`wrangler d1 execute crm --command "INSERT INTO leads (email) VALUES ('jane.doe@acme-corp.com')"`],
    ['wrangler d1 execute crm --remote --command "SELECT count(*) FROM leads"'],
    ['cd worker-app && wrangler dev'],
    ['cd worker-app && wrangler tail'],
    ['wrangler r2 object get exports/customers.csv --file cf-data/customers.csv'],
    ['wrangler kv key get lead-1 --binding LEADS'],
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

  it('reads a Wrangler config’s main script, assets, Pages output and vars, an environment’s over the top level', () => {
    const toml = 'name = "x"\nmain = "src/index.ts"\npages_build_output_dir = "out"\nassets = { directory = "./public", binding = "A,B" }\n[vars]\nA = "1"\n[env.staging]\nmain = "src/staging.ts"\n[env.staging.vars]\nB = "2"\n';
    expect(wranglerConfig('/w/wrangler.toml', toml, undefined)).toEqual({ folder: '/w', main: 'src/index.ts', assets: './public', pagesOutput: 'out', vars: ['1'] });
    expect(wranglerConfig('/w/wrangler.toml', toml, 'staging')).toMatchObject({ main: 'src/staging.ts', vars: ['1', '2'] });
    expect(wranglerConfig('/w/wrangler.toml', '[site]\nbucket = "./site"\n', undefined).assets).toBe('./site');
    const jsonc = '{\n  // the Worker\n  "main": "src/index.js", /* its files: */ "assets": { "directory": "dist", },\n  "vars": { "URL": "https://x.io//y", "N": 2, },\n  "env": { "prod": { "main": "src/prod.js" } },\n}\n';
    expect(wranglerConfig('/w/wrangler.jsonc', jsonc, undefined)).toEqual({ folder: '/w', main: 'src/index.js', assets: 'dist', pagesOutput: undefined, vars: ['https://x.io//y', '2'] });
    expect(wranglerConfig('/w/wrangler.jsonc', jsonc, 'prod').main).toBe('src/prod.js');
    expect(wranglerConfig('/w/wrangler.json', 'not json', undefined)).toEqual({ folder: '/w', main: undefined, assets: undefined, pagesOutput: undefined, vars: [] });
  });

  it('follows a Worker’s relative imports, not its packages, each module once', () => {
    const read = readerOf({
      '/w/src/index.ts': 'import { a } from "./a";\nimport b from "../lib";\nimport "hono";\nconst c = require("./c.cjs");\nconst d = await import("./a.ts");\n',
      '/w/src/a.ts': 'export const a = 1; import data from "./data.json";',
      '/w/src/data.json': '"data"',
      '/w/lib/index.ts': 'export default "lib";',
      '/w/src/c.cjs': 'module.exports = "c";',
      '/w/src/unused.ts': 'unused',
    });
    const lines = bundledModules('/w/src/index.ts', read).split('\n');
    expect(lines.filter((line) => line !== '' && !/import|require/.test(line)).sort()).toEqual(['"data"', 'export default "lib";', 'module.exports = "c";']);
    expect(lines.filter((line) => line.startsWith('export const a'))).toHaveLength(1);
    // Past the bound on modules, the main script's folder is read whole.
    const many = Object.fromEntries(Array.from({ length: 80 }, (_, k) => [`/m/src/m${k}.js`, `import "./m${k + 1}.js"; // ${k}`]));
    const text = bundledModules('/m/src/m0.js', readerOf({ ...many, '/m/src/other/x.txt': 'beside' }));
    expect(text).toContain('beside');
  });

  it('reads what each Wrangler upload sends, its input for --pipe, and nothing from its local commands', () => {
    const read = readerOf({ '/c/data.csv': 'csv', '/c/wrangler.toml': 'main = "src/i.js"\n', '/c/src/i.js': 'worker', '/c/dist/a.html': 'page', '/c/dist/.git/x': 'git', '/c/functions/f.js': 'fn' });
    const input = () => 'piped';
    const sent = (...args: string[]) => wranglerUpload(args, '/c', read, input)?.text.split('\n').filter(Boolean).sort() ?? null;
    expect(sent('r2', 'object', 'put', 'b/k', '-f', 'data.csv')).toEqual(['csv']);
    expect(sent('r2', 'object', 'put', 'b/k', '-p')).toEqual(['piped']);
    expect(sent('kv', 'bulk', 'put', 'data.csv')).toEqual(['csv']);
    expect(sent('kv:key', 'put', 'k', '--path=data.csv')).toEqual(['csv']);
    expect(sent('d1', 'execute', 'db', '--remote', '--file=data.csv')).toEqual(['csv']);
    expect(sent('pages', 'deploy', 'dist')).toEqual(['fn', 'page']);
    expect(sent('deploy', '-e', 'production')).toEqual(['worker']);
    for (const args of [['r2', 'object', 'put', 'b/k', '-f', 'data.csv', '--local'], ['kv', 'key', 'put', 'k', 'v', '--local'], ['d1', 'execute', 'db', '--file', 'data.csv'], ['deploy', '--dry-run'], ['dev'], ['r2', 'object', 'get', 'b/k']]) {
      expect(sent(...args), args.join(' ')).toBeNull();
    }
  });

  it('reads fly launch as the deploy it makes, and a monorepo package netlify --filter picks', () => {
    const read = readerOf({ '/r/app/a.txt': 'app', '/r/other/b.txt': 'other' });
    expect(flyDeploy(['launch', '--name', 'other', '--path', 'app'], '/r', read)?.text).toBe('app');
    expect(flyDeploy(['launch', '--no-deploy'], '/r/app', read)).toBeNull();
    const mono = readerOf({
      '/m/netlify.toml': '[build]\npublish = "dist"\n',
      '/m/dist/i.html': 'root',
      '/m/apps/web/package.json': '{"name":"@acme/web"}',
      '/m/apps/web/netlify.toml': '[build]\npublish = "out"\n',
      '/m/apps/web/out/i.html': 'web',
      '/m/node_modules/@acme/web/package.json': '{"name":"@acme/web"}',
    });
    expect(netlifyDeploy(['deploy', '--filter', '@acme/web'], '/m', mono)?.text).toBe('web');
    expect(netlifyDeploy(['deploy', '--filter=apps/web'], '/m', mono)?.text).toBe('web');
    // `--dir` is from the root, as Netlify CLI reads it for a package; `--cwd` leaves --filter aside; a package not found leaves the root's site.
    expect(netlifyDeploy(['deploy', '--filter', '@acme/web', '--dir', 'dist'], '/m', mono)?.text).toBe('root');
    expect(netlifyDeploy(['deploy', '--filter', '@acme/web', '--cwd', '.'], '/m', mono)?.text).toBe('root');
    expect(netlifyDeploy(['deploy', '--filter', '@acme/none'], '/m', mono)?.text).toBe('root');
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

  it('reads Wrangler configs and a Worker’s imports of 300 KB', () => {
    const jsonc = `{"main": "${long}", ${'/*'.repeat(100_000)} ${'"\\'.repeat(50_000)} ,${spaces}, ${'//'.repeat(100_000)}`;
    expect(wranglerConfig('/w/wrangler.jsonc', jsonc, 'x').vars).toEqual([]);
    expect(wranglerConfig('/w/wrangler.toml', `assets = {${' directory = "a,'.repeat(20_000)}\n[vars]\nA = { ${'"'.repeat(300_000)}`, undefined).vars).toEqual([]);
    const read = readerOf({ '/w/i.js': `from${spaces}x ${'import ('.repeat(40_000)} require ${'from "./'.repeat(30_000)}` });
    expect(bundledModules('/w/i.js', read)).toContain('require');
    expect(wranglerUpload(['deploy', long, `--assets=${spaces}`, ...Array<string>(30_000).fill('-e')], '/w', read, () => '')?.host).toBe('api.cloudflare.com');
  });
});
