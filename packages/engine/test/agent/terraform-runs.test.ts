// What `terraform apply` sends (terraform-runs.ts): to its providers and its state's backend, the
// configuration less its comments, the files it reads, its variables and a saved plan.
import { describe, expect, it } from 'vitest';
import { terraformApply } from '../../src/agent/terraform-runs.ts';

/** A reader of made-up files by full path; `*.tf` and `*.auto.tfvars` give every such file of the folder. */
const reader = (files: Record<string, string>) => (file: string) => {
  const glob = /^(.*)\/\*(\.[\w.]+)$/.exec(file);
  if (glob === null) return files[file] ?? '';
  return Object.entries(files)
    .filter(([name]) => name.startsWith(`${glob[1]}/`) && !name.slice(glob[1]!.length + 1).includes('/') && name.endsWith(glob[2]!))
    .map(([, text]) => text)
    .join('\n');
};

describe('terraformApply', () => {
  const files = {
    '/infra/main.tf': '# Owner: jane.doe@acme-corp.com\nresource "aws_s3_object" "leads" {\n  bucket = "crm"\n  source = "${path.module}/data/leads.csv"\n}\nmodule "dns" {\n  source = "./modules/dns"\n}\nmodule "vpc" {\n  source = "terraform-aws-modules/vpc/aws"\n}\n',
    '/infra/modules/dns/main.tf': '/* zone for\n crm */\nresource "cloudflare_record" "crm" {\n  content = file("${path.root}/ip.txt")\n  comment = filebase64("${path.module}/zone.txt")\n}\nresource "random_id" "x" {}\n',
    '/infra/terraform.tfvars': 'admin = "ops@acme-analytics.io"\n',
    '/infra/prod.auto.tfvars': 'region = "eu-west-1"\n',
  };

  it('sends the configuration less comments, its local modules, the files they read and the variables, to the resources’ providers', () => {
    expect(terraformApply(['terraform', '-chdir=infra', 'apply', '-auto-approve', '-var', 'owner=jane', '-var-file=extra.tfvars', 'saved.plan'], '/', { TF_VAR_token: 't0k', HOME: '/home/me' }, reader(files))).toEqual({
      command: 'apply',
      hosts: ['amazonaws.com', 'api.cloudflare.com'],
      files: ['/infra/data/leads.csv', '/infra/ip.txt', '/infra/modules/dns/zone.txt', '/infra/extra.tfvars', '/infra/saved.plan'],
      texts: [
        '\nresource "aws_s3_object" "leads" {\n  bucket = "crm"\n  source = "${path.module}/data/leads.csv"\n}\nmodule "dns" {\n  source = "./modules/dns"\n}\nmodule "vpc" {\n  source = "terraform-aws-modules/vpc/aws"\n}\n\n\nresource "cloudflare_record" "crm" {\n  content = file("${path.root}/ip.txt")\n  comment = filebase64("${path.module}/zone.txt")\n}\nresource "random_id" "x" {}\n',
        'admin = "ops@acme-analytics.io"\n',
        '',
        'region = "eu-west-1"\n',
        '',
        'owner=jane',
        't0k',
      ],
    });
  });

  it('sends the state to its backend, and plans only where they run remotely', () => {
    const s3 = { '/t/main.tf': 'terraform {\n  backend "s3" {\n    bucket = "state"\n  }\n}\nresource "local_file" "f" {\n  content = "x"\n}\n' };
    expect(terraformApply(['terraform', 'apply'], '/t', {}, reader(s3))?.hosts).toEqual(['amazonaws.com']);
    expect(terraformApply(['terraform', 'plan'], '/t', {}, reader(s3))).toBeNull();
    const cloud = { '/t/main.tf': 'terraform {\n  cloud {\n    organization = "acme"\n  }\n}\nresource "aws_instance" "a" {}\n' };
    expect(terraformApply(['tofu', 'plan', '-var=k=v'], '/t', {}, reader(cloud))).toMatchObject({ command: 'plan', hosts: ['app.terraform.io'], texts: expect.arrayContaining(['k=v']) });
    const http = { '/t/main.tf': 'terraform {\n  backend "http" {\n    address = "https://state.acme-analytics.io/crm"\n  }\n}\n' };
    expect(terraformApply(['terraform', 'apply'], '/t', {}, reader(http))?.hosts).toEqual(['state.acme-analytics.io']);
  });

  it('sends nothing where every provider works on this machine, or for another command', () => {
    const local = { '/t/main.tf': 'resource "local_file" "f" {\n  content = file("customers.csv")\n  filename = "out.csv"\n}\nresource "null_resource" "n" {}\n' };
    expect(terraformApply(['terraform', 'apply'], '/t', {}, reader(local))).toBeNull();
    expect(terraformApply(['terraform', 'init'], '/infra', {}, reader(files))).toBeNull();
    expect(terraformApply(['terraform', 'fmt', '-recursive'], '/infra', {}, reader(files))).toBeNull();
    expect(terraformApply(['terragrunt', 'apply'], '/infra', {}, reader(files))).toBeNull();
  });

  it('names a provider it does not know by its name, and reads local modules that name each other once', () => {
    const loop = { '/t/main.tf': 'module "a" {\n  source = "./a"\n}\n', '/t/a/main.tf': 'module "b" {\n  source = "../"\n}\nresource "acmecrm_contact" "c" {}\n' };
    expect(terraformApply(['terraform', 'apply'], '/t', {}, reader(loop))?.hosts).toEqual(['terraform provider:acmecrm']);
  });
});
