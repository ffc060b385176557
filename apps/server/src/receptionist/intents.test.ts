// Intents from the words of a message, against the receptionist's real knowledge base.
import { describe, expect, it } from 'vitest';
import { classifyIntent } from './intents.ts';
import { buildKnowledge } from './knowledge.ts';

const knowledge = buildKnowledge();
const intent = (text: string) => classifyIntent(text, knowledge);

describe('classifyIntent', () => {
  it('recognises each intent', () => {
    expect(intent('How much is the Growth plan?').intent).toBe('pricing');
    expect(intent("I'd like to book a demo").intent).toBe('booking');
    expect(intent('How do I start a free trial?').intent).toBe('trial');
    expect(intent('Hi').intent).toBe('small_talk');
    expect(intent('Give me a recipe for lasagne').intent).toBe('off_topic');
    expect(intent('Is the compiler open source?').intent).toBe('product');
    expect(intent('Can you integrate with SAP Ariba?').intent).toBe('unknown');
  });

  it('names the GDPR right asked for', () => {
    expect(intent('Delete my data')).toEqual({ intent: 'gdpr_request', right: 'erasure' });
    expect(intent('What data do you have about me?')).toEqual({ intent: 'gdpr_request', right: 'access' });
    expect(intent('Export my conversation as JSON')).toEqual({ intent: 'gdpr_request', right: 'portability' });
    expect(intent('I withdraw my consent')).toEqual({ intent: 'gdpr_request', right: 'withdraw' });
    expect(intent('Can you correct my email address?')).toEqual({ intent: 'gdpr_request', right: 'rectification' });
    // Exporting a policy is a product question, not a data request.
    expect(intent('Can I export my policy as Rego for OPA?').intent).toBe('product');
  });

  it('reads the slot of a "book <start>" message', () => {
    expect(intent('book 2026-11-24T09:00:00.000Z')).toEqual({ intent: 'booking', slotStart: '2026-11-24T09:00:00.000Z' });
  });
});

describe('knowledge', () => {
  it('answers from the documentation and the plans, and links to the docs viewer anchors', () => {
    const hit = knowledge.search('What is the 168-pattern framework?', 1)[0]!;
    expect(hit.passage.href).toBe('/docs#framework168');
    expect(knowledge.search('How much is the Growth plan', 3, (p) => p.source === 'pricing').map((h) => h.passage.id)).toContain('pricing/plan/growth');
  });
});
