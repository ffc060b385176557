// What a CDK deploy or a Pulumi update sends (infrastructure-apps.ts), judged by the hook: the app's
// code and its local modules, its config, and the assets it names, to the cloud and the state backend.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assetPaths, cdkDeploy, programProviders, pulumiUp } from '../../src/agent/infrastructure-apps.ts';
import { hookIn } from './hook-in-folder.ts';

const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-apps-'));
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-apps-home-'));
const { bash, expectBlocked, project } = hookIn(cwd);
const customers = 'name,email\nJane,jane.doe@acme-corp.com\n';
const at = (...parts: string[]) => path.join(cwd, ...parts);

const siteStack = "import * as path from 'node:path';\nimport * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';\nexport class SiteStack extends Stack {\n  constructor(scope: Construct, id: string) {\n    super(scope, id);\n    new s3deploy.BucketDeployment(this, 'Deploy', {\n      sources: [s3deploy.Source.asset(path.join(__dirname, '..', 'site'))],\n      destinationBucket: bucket,\n    });\n  }\n}\n";
project('site', { 'cdk.json': '{"app": "npx ts-node --prefer-ts-exts bin/site.ts"}', 'bin/site.ts': "import { SiteStack } from '../lib/site-stack';\nnew SiteStack(app, 'Site');\n", 'lib/site-stack.ts': siteStack, 'site/index.html': '<h1>Hi</h1>\n', 'site/customers.csv': customers });
project('site-clean', { 'cdk.json': '{"app": "npx ts-node bin/site.ts"}', 'bin/site.ts': "import { SiteStack } from '../lib/site-stack';\n", 'lib/site-stack.ts': siteStack, 'site/index.html': '<h1>Hi</h1>\n', 'exports/customers.csv': customers });
project('py', { 'cdk.json': '{"app": "python3 app.py"}', 'app.py': 'from crm.crm_stack import CrmStack\nCrmStack(app, "Crm")\n', 'crm/__init__.py': '', 'crm/crm_stack.py': 'from aws_cdk import aws_lambda as _lambda\nclass CrmStack(Stack):\n    def __init__(self, scope, id):\n        _lambda.Function(self, "Sync", code=_lambda.Code.from_asset("lambda"), handler="sync.handler")\n', 'lambda/sync.py': 'def handler(e, c): return 1\n', 'lambda/seed.csv': customers });
project('inline', { 'cdk.json': '{"app": "node bin/app.js"}', 'bin/app.js': "new s3deploy.BucketDeployment(stack, 'Seed', { sources: [s3deploy.Source.data('owners.csv', 'name,email\\nJane,jane.doe@acme-corp.com\\n')] });\n" });
project('assembly', { 'cdk.out/manifest.json': '{}', 'cdk.out/asset.3f1e2d/customers.csv': customers });
project('pulumi', { 'Pulumi.yaml': 'name: crm\nruntime: nodejs\n', 'index.ts': "import * as pulumi from '@pulumi/pulumi';\nimport * as aws from '@pulumi/aws';\nnew aws.lambda.Function('sync', { code: new pulumi.asset.FileArchive('./app'), role: role.arn });\n", 'app/index.js': 'exports.handler = () => 1;\n', 'app/seed.csv': customers });
project('pulumi-py', { 'Pulumi.yaml': 'name: crm\nruntime:\n  name: python\nmain: infra/\nbackend:\n  url: s3://acme-pulumi-state\n', 'infra/__main__.py': 'import pulumi\nimport pulumi_gcp as gcp\ngcp.storage.BucketObject("seed", bucket=b.name, source=pulumi.FileAsset("data/seed.csv"))\n', 'data/seed.csv': customers });
project('pulumi-yaml', { 'Pulumi.yaml': 'name: site\nruntime: yaml\nresources:\n  page:\n    type: aws:s3:BucketObject\n    properties:\n      source:\n        fn::fileAsset: ./public/customers.csv\n', 'public/customers.csv': customers });
project('pulumi-config', { 'Pulumi.yaml': 'name: crm\nruntime: nodejs\n', 'Pulumi.dev.yaml': 'config:\n  crm:owner: jane.doe@acme-corp.com\n', 'index.ts': "import * as random from '@pulumi/random';\nnew random.RandomPet('pet');\n" });
project('pulumi-local', { 'Pulumi.yaml': 'name: crm\nruntime: nodejs\nbackend:\n  url: file://~\n', 'index.ts': "import * as random from '@pulumi/random';\nnew random.RandomPet('pet');\n", 'customers.csv': customers });

describe('what an app deploy runs and where it goes', () => {
  it('takes a CDK app’s entry from --app or cdk.json, a folder --app as an assembly, and cdklocal as this machine', () => {
    expect(cdkDeploy(['cdk', 'deploy', '--all'], at('site'))).toEqual({ folder: at('site'), entry: at('site', 'bin', 'site.ts'), assembly: null, hosts: ['amazonaws.com'], texts: [] });
    expect(cdkDeploy(['cdk', 'deploy', '--app', 'python3 app.py', '-c', 'owner=ops'], at('site'))).toMatchObject({ entry: at('site', 'app.py'), texts: ['owner=ops'] });
    expect(cdkDeploy(['cdk', 'deploy', '-a', 'cdk.out'], at('assembly'))).toMatchObject({ entry: null, assembly: at('assembly', 'cdk.out') });
    expect(cdkDeploy(['cdklocal', 'deploy'], at('site'))?.hosts).toEqual([]);
    expect(cdkDeploy(['cdk', 'synth'], at('site'))).toBeNull();
  });

  it('takes a Pulumi program from Pulumi.yaml, and its state’s backend from the project, the environment or the user’s login', () => {
    expect(pulumiUp(['pulumi', 'up', '--yes'], at('pulumi'), {}, home)).toMatchObject({ entry: at('pulumi', 'index.ts'), hosts: ['api.pulumi.com'] });
    expect(pulumiUp(['pulumi', 'up', '--cwd', 'pulumi-py'], cwd, {}, home)).toMatchObject({ entry: at('pulumi-py', 'infra', '__main__.py'), hosts: ['amazonaws.com'] });
    expect(pulumiUp(['pulumi', 'up'], at('pulumi'), { PULUMI_BACKEND_URL: 'file://~' }, home)?.hosts).toEqual([]);
    expect(pulumiUp(['pulumi', 'up'], at('pulumi-yaml'), {}, home)?.hosts).toEqual(['amazonaws.com', 'api.pulumi.com']);
    expect(pulumiUp(['pulumi', 'up', '-s', 'dev'], at('pulumi-config'), {}, home)?.texts).toEqual(['config:\n  crm:owner: jane.doe@acme-corp.com\n']);
    fs.mkdirSync(path.join(home, '.pulumi'));
    fs.writeFileSync(path.join(home, '.pulumi', 'credentials.json'), JSON.stringify({ current: 'https://pulumi.acme-analytics.io' }));
    expect(pulumiUp(['pulumi', 'update'], at('pulumi'), {}, home)?.hosts).toEqual(['pulumi.acme-analytics.io']);
    fs.rmSync(path.join(home, '.pulumi'), { recursive: true });
    expect(pulumiUp(['pulumi', 'preview'], at('pulumi'), {}, home)).toBeNull();
  });

  it('finds the providers a Pulumi program imports', () => {
    expect(programProviders("import * as aws from '@pulumi/aws';\nimport * as random from '@pulumi/random';")).toEqual(['amazonaws.com']);
    expect(programProviders('import pulumi_gcp as gcp\nimport pulumi_azure_native as azure')).toEqual(['googleapis.com', 'management.azure.com']);
  });

  it('finds the assets code names, from the app’s folder or joined to its own file’s', () => {
    const file = at('app', 'lib', 'stack.ts');
    const found = (code: string) => assetPaths(code, file, at('app')).map((full) => path.relative(at('app'), full));
    expect(found("lambda.Code.fromAsset(path.join(__dirname, '..', 'lambda'), { exclude: ['*.md'] })")).toEqual(['lambda']);
    expect(found('Code.from_asset(os.path.join(os.path.dirname(__file__), "handlers"))')).toEqual(['lib/handlers']);
    expect(found("s3deploy.Source.asset('./site')\nnew Asset(this, 'Seed', { path: `${__dirname}/seed.csv` })")).toEqual(['site', 'lib/seed.csv']);
    expect(found("new DockerImageAsset(this, 'Img', { directory: 'services/api' })\nnew NodejsFunction(this, 'Fn', { entry: 'src/handler.ts' })")).toEqual(['services/api', 'src/handler.ts']);
    expect(found("fs.readFileSync('data/owners.json', 'utf8')\nnew pulumi.asset.FileAsset(\"./public/index.html\")")).toEqual(['data/owners.json', 'public/index.html']);
    expect(found("api.addResource({ path: '/users' })\nfetch(`${base}/x`)\nwindow.open('https://acme-analytics.io')\nreadFileSync(name)")).toEqual([]);
  });
});

describe('an app deploy through the hook', () => {
  it.each([
    ['a CDK site’s asset folder', 'cd site && npx cdk deploy --require-approval never', 'amazonaws.com'],
    ['a CDK Python app’s function code', 'cd py && cdk deploy', 'amazonaws.com'],
    ['data written into a CDK app’s code', 'cd inline && cdk deploy --all', 'amazonaws.com'],
    ['a synthesized assembly', 'cd assembly && cdk deploy --app cdk.out', 'amazonaws.com'],
    ['a CDK context value', 'cd site-clean && cdk deploy -c owner=jane.doe@acme-corp.com', 'amazonaws.com'],
    ['a Pulumi program’s archive', 'cd pulumi && pulumi up --yes', 'amazonaws.com'],
    ['a Pulumi Python program’s asset', 'pulumi up --cwd pulumi-py --skip-preview', 'googleapis.com'],
    ['a Pulumi YAML program’s asset', 'cd pulumi-yaml && pulumi up -y', 'amazonaws.com'],
    ['a Pulumi stack’s config, kept in the state', 'cd pulumi-config && pulumi up --stack dev', 'api.pulumi.com'],
  ])('blocks personal data sent through %s', (_road, command, host) => {
    expectBlocked(command, host);
  });

  it.each([['cd site && cdk synth'], ['cd site && cdklocal deploy'], ['cd site-clean && cdk deploy'], ['cd pulumi && pulumi preview'], ['cd pulumi-local && pulumi up --yes']])('allows %s', (command) => {
    expect(bash(command)).toMatchObject({ exitCode: 0, stderr: '' });
  });
});
