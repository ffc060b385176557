// What the receptionist counts as personal data about the visitor, and what it does not.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findCompany, findPersonalData } from './personal-data.ts';

const categories = (text: string) => findPersonalData(text).map((i) => i.category).sort();

describe('findPersonalData', () => {
  it('finds contact data with the engine detector and names said in context', () => {
    expect(findPersonalData("I'm Jane from Acme, jane.miller@acme-corp.com")).toEqual([
      { category: 'email', value: 'jane.miller@acme-corp.com' },
      { category: 'name', value: 'Jane' },
    ]);
    expect(findPersonalData('My name is Sarah Connor')).toEqual([{ category: 'name', value: 'Sarah Connor' }]);
    expect(categories('Call me back on +49 30 901820')).toEqual(['phone']);
    expect(categories('Here is my Visa 4539 5787 6362 1486')).toEqual(['card_number']);
    // A role's mailbox is where the visitor asks to be reached (the hook, by contrast, lets it leave).
    expect(findPersonalData('Please reach us at sales@smallbiz.io')).toEqual([{ category: 'email', value: 'sales@smallbiz.io' }]);
  });

  it('does not take ordinary words after "I\'m" for a name', () => {
    expect(findPersonalData("I'm interested in pricing")).toEqual([]);
    expect(findPersonalData("I'm looking for a demo")).toEqual([]);
  });

  it("flags the visitor's own health, religion and other special categories", () => {
    expect(categories('I have diabetes, can your product help me?')).toEqual(['health']);
    expect(categories("I'm pregnant so I'd prefer a morning call")).toEqual(['health']);
    expect(findPersonalData('As a Muslim I pray at noon')).toEqual([expect.objectContaining({ category: 'special_category', detail: 'religion' })]);
    expect(findPersonalData("I'm a union member at my company")).toEqual([expect.objectContaining({ category: 'special_category', detail: 'trade union membership' })]);
    expect(categories('I was using the app when I had a migraine')).toEqual(['health']);
    expect(categories('My company makes software for cancer patients, and I have cancer myself')).toEqual(['health']);
    expect(categories("I've been in hospital for surgery, can we talk next week?")).toEqual(['health']);
  });

  it("does not flag the health of the people a visitor's business serves", () => {
    for (const text of [
      'My company makes software for cancer patients. Do you support HIPAA?',
      "I'm building an app for people with diabetes, does Bytebound cover HIPAA?",
      'My startup helps diabetics track insulin',
      'I work with cancer patients every day',
      'Our clinic treats asthma; I need HIPAA compliance',
    ]) {
      expect(findPersonalData(text), text).toEqual([]);
    }
  });

  it('does not flag questions about HIPAA, health care or health data', () => {
    for (const text of ['Do you support HIPAA for health care providers?', 'We build a mental health app, can we book a demo?', 'Does the engine block sharing of medical records?', 'Is religious belief data treated as a special category?', 'My company processes health data']) {
      expect(findPersonalData(text), text).toEqual([]);
    }
  });

  it('never throws and gives the same answer twice for any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        expect(findPersonalData(text)).toEqual(findPersonalData(text));
      }),
    );
  });
});

describe('findCompany', () => {
  it('reads the company a visitor names', () => {
    expect(findCompany("I'm Jane from Acme")).toBe('Acme');
    expect(findCompany('I work at Globex Corporation.')).toBe('Globex Corporation');
    expect(findCompany('hello there')).toBeNull();
  });
});
