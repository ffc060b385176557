// The homepage's synthetic feed decides against a committed copy of the compiled GDPR template;
// it must stay what the compiler produces today (regenerate: node --import tsx apps/web/scripts/build-demo-policy.ts).
import { compile } from '@bytebound/compiler/compile';
import { TEMPLATES } from '@bytebound/compiler/templates';
import { expect, it } from 'vitest';
import committed from '../data/gdpr-policy.json';

it('the committed demo policy is the GDPR template as the compiler compiles it now', () => {
  const result = compile(TEMPLATES.gdpr.content, { format: 'bytebound', jurisdiction: 'EU' });
  if (!result.ok) throw new Error(result.error);
  expect(committed).toEqual(JSON.parse(JSON.stringify(result.policy)));
});
