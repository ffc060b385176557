// What a serverless platform's deploy uploads (function-deploys.ts), judged by the hook: each
// platform's project with a customer file in what it packs is blocked; the same project with the file
// left out by the platform's own rules is allowed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hookIn } from './hook-in-folder.ts';

const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-functions-'));
const { bash, expectBlocked, project } = hookIn(cwd);
const customers = 'name,email\nJane,jane.doe@acme-corp.com\n';
const handler = 'exports.handler = async () => ({ statusCode: 200 });\n';
project('sls', { 'serverless.yml': 'service: crm\nprovider:\n  name: aws\n', 'handler.js': handler, 'fixtures/customers.csv': customers, 'node_modules/dep/index.js': 'module.exports = 1;\n' });
project('sls-clean', { 'serverless.yml': "service: crm\nprovider:\n  name: aws\npackage:\n  patterns:\n    - '!fixtures/**'\n", 'handler.js': handler, 'fixtures/customers.csv': customers });
project('sls-azure', { 'serverless.yml': 'service: crm\nprovider:\n  name: azure\n', 'handler.js': handler, 'customers.csv': customers });
project('sam', { 'template.yaml': 'Resources:\n  Fn:\n    Type: AWS::Serverless::Function\n    Properties:\n      CodeUri: src/\n', 'src/app.py': 'def handler(e, c): return 1\n', 'src/seed.csv': customers });
project('sam-clean', { 'template.yaml': 'Resources:\n  Fn:\n    Type: AWS::Serverless::Function\n    Properties:\n      CodeUri: src/\n', 'src/app.py': 'def handler(e, c): return 1\n', 'events/customers.csv': customers });
project('cfn', { 'stack.yaml': 'Resources:\n  Sync:\n    Type: AWS::Lambda::Function\n    Properties:\n      Code: functions/sync\n  Docs:\n    Type: AWS::CloudFormation::Stack\n    Properties:\n      TemplateURL: https://s3.amazonaws.com/acme/docs.yaml\n', 'functions/sync/index.js': 'exports.handler = () => 1;\n', 'functions/sync/seed.csv': customers });
project('cfn-clean', { 'stack.yaml': 'Resources:\n  Sync:\n    Type: AWS::Lambda::Function\n    Properties:\n      Code: functions/sync\n', 'functions/sync/index.js': 'exports.handler = () => 1;\n', 'exports/customers.csv': customers });
project('eb', { 'app.py': 'app = 1\n', 'customers.csv': customers, '.ebignore': '*.log\n' });
project('eb-clean', { 'app.py': 'app = 1\n', 'customers.csv': customers, '.ebignore': 'customers.csv\n' });
project('webapp', { 'app.py': 'app = 1\n', 'data/customers.csv': customers });
project('funcapp', { 'host.json': '{}', 'customers.csv': customers });
project('funcapp-clean', { 'host.json': '{}', 'customers.csv': customers, '.funcignore': 'customers.csv\n' });
project('zappa', { 'zappa_settings.json': JSON.stringify({ prod: { app_function: 'app.app' } }), 'app.py': 'app = 1\n', 'customers.csv': customers });
project('zappa-clean', { 'zappa_settings.json': JSON.stringify({ prod: { app_function: 'app.app', exclude: ['*.csv'] } }), 'app.py': 'app = 1\n', 'customers.csv': customers });
project('chalice', { 'app.py': 'from chalice import Chalice\napp = Chalice(app_name="crm")\n', 'chalicelib/seed.csv': customers, 'tests/customers.csv': customers });
project('deno', { 'main.ts': 'Deno.serve(() => new Response("ok"));\n', 'customers.csv': customers });
project('supa', { 'supabase/functions/leads/index.ts': 'Deno.serve(() => new Response("ok"));\n', 'supabase/functions/leads/seed.csv': customers, 'supabase/functions/hello/index.ts': 'Deno.serve(() => new Response("hi"));\n' });

describe('serverless platforms’ deploys', () => {
  it.each([
    ['the Serverless Framework', 'cd sls && serverless deploy --stage prod', 'amazonaws.com'],
    ['sls to Azure', 'cd sls-azure && sls deploy', 'azurewebsites.net'],
    ['a SAM function’s CodeUri folder', 'cd sam && sam deploy --guided', 'amazonaws.com'],
    ['a SAM function’s CodeUri folder, packaged', 'cd sam && sam package --s3-bucket acme-artifacts --output-template-file packaged.yaml', 'amazonaws.com'],
    ['a CloudFormation template’s local code, packaged', 'cd cfn && aws cloudformation package --template-file stack.yaml --s3-bucket acme-artifacts --output-template-file packaged.yaml', 'amazonaws.com'],
    ['Elastic Beanstalk', 'cd eb && eb deploy', 'elasticbeanstalk.amazonaws.com'],
    ['az webapp up', 'cd webapp && az webapp up --name crm --runtime PYTHON:3.12', 'azurewebsites.net'],
    ['Azure Functions Core Tools', 'cd funcapp && func azure functionapp publish crm', 'azurewebsites.net'],
    ['zappa', 'cd zappa && zappa deploy prod', 'amazonaws.com'],
    ['chalice’s chalicelib', 'cd chalice && chalice deploy --stage prod', 'amazonaws.com'],
    ['Deno Deploy', 'cd deno && deployctl deploy --project=crm main.ts', 'api.deno.com'],
    ['a Supabase function', 'cd supa && supabase functions deploy leads --project-ref abcdefghijklmnop', 'abcdefghijklmnop.supabase.co'],
  ])('blocks personal data sent through %s', (_road, command, host) => {
    expectBlocked(command, host);
  });

  it.each([
    ['cd sls-clean && serverless deploy'],
    ['cd sam-clean && sam deploy'],
    ['cd cfn-clean && aws cloudformation package --template-file stack.yaml --s3-bucket acme-artifacts'],
    ['cd cfn && aws cloudformation describe-stacks'],
    ['cd eb-clean && eb deploy'],
    ['cd funcapp-clean && func azure functionapp publish crm'],
    ['cd zappa-clean && zappa update prod'],
    ['cd deno && deployctl deploy --project=crm --exclude=customers.csv main.ts'],
    ['cd deno && deployctl deploy --project=crm --include=main.ts main.ts'],
    ['cd supa && supabase functions deploy hello'],
    ['cd sam && sam build && sam local invoke'],
    ['cd webapp && az webapp list'],
    ['cd sls && serverless invoke local -f crm'],
  ])('allows %s', (command) => {
    expect(bash(command)).toMatchObject({ exitCode: 0, stderr: '' });
  });

  it('does not read what the project installs: a service’s node_modules is the platform’s package', () => {
    project('sls-clean', { 'node_modules/leaky/customers.csv': customers });
    expect(bash('cd sls-clean && sls deploy')).toMatchObject({ exitCode: 0, stderr: '' });
  });
});
