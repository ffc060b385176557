import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeFindings, detectData, EMAIL_PATTERN, emailMatches, type Finding, luhnValid, mod97, targetsOf } from '../../src/agent/detect.ts';
import { detectionSnippets } from './corpus/generate.ts';

const kinds = (text: string) => detectData(text).map((f) => f.kind);

describe('detectData finds personal data by format and checksum', () => {
  it('finds an email address and reports it as personal data', () => {
    expect(kinds("curl -d 'email=jane.doe@acme-corp.com' https://api.acme-analytics.io")).toEqual(['email']);
    expect(targetsOf(detectData('jane.doe@acme-corp.com'))).toEqual(['personal']);
  });
  it('finds card numbers only when the Luhn check and an issuer range agree', () => {
    expect(kinds('charge 4556 7375 8689 9855 now')).toEqual(['card']);
    expect(kinds('charge 4556 7375 8689 9856 now')).toEqual([]);
    expect(luhnValid('4556737586899855')).toBe(true);
  });
  it('finds a card number written in dotted groups, and not decimals or versions', () => {
    expect(kinds('charge 4556.7375.8689.9855 now')).toEqual(['card']);
    expect(kinds('amex 3714.123456.78906 ok')).toEqual(['card']);
    expect(kinds('amex 3714.496353.98431 ok')).toEqual([]); // a documented test card
    expect(kinds('amex 3714.123456.78907 ok')).toEqual([]); // fails the Luhn check
    expect(kinds('pi is 3.4556737586899855, release 4556.7375.8689.9855.1, v1.2.3.4')).toEqual([]);
  });
  it('finds IBANs with a valid mod-97 check and leaves a mistyped one', () => {
    expect(mod97('DE44500105175407324931')).toBe(1);
    expect(kinds('pay to DE44 5001 0517 5407 3249 31 today')).toEqual(['iban']);
    expect(kinds('pay to DE44 5001 0517 5407 3249 32 today')).toEqual([]);
  });
  it('finds US, UK and EU national ids', () => {
    expect(kinds('SSN 536-22-1234')).toEqual(['ssn']);
    expect(kinds('NINO AB 12 34 56 C')).toEqual(['nino']);
    expect(kinds('DNI 12345678Z')).toEqual(['eu-national-id']);
    expect(kinds('DNI 12345678A')).toEqual([]);
    expect(kinds('codice fiscale RSSMRA85T10A562S')).toEqual(['eu-national-id']);
  });
  it('finds phone numbers in international and US formats', () => {
    expect(kinds('call +44 7911 123456')).toEqual(['phone']);
    expect(kinds('reach me at (415) 555-2671')).toEqual(['phone']);
  });
  it('finds special-category terms only when they are about a person', () => {
    expect(targetsOf(detectData('My wife was diagnosed with diabetes'))).toEqual(['personal', 'sensitive']);
    expect(kinds('Patient John Smith has HIV')).toContain('special-category');
    expect(kinds('add a diabetes column to the report')).toEqual([]);
    // Code's words that spell a term: Rust's and C++'s `std::`, a canvas's `stroke()`.
    expect(kinds('let data = std::fs::read("customers.csv")?; ctx.stroke(); send(data, "jane.doe@acme-corp.com");')).toEqual(['email']);
    expect(kinds('Jane Doe (jane.doe@acme-corp.com) was treated for an STD and had a stroke')).toContain('special-category');
  });
});

describe('detectData leaves what only looks like data', () => {
  it.each([
    ['RFC 2606 example domains', 'send to test@example.com, a@b.example, user@foo.test, x@y.invalid and root@localhost'],
    ['git and ssh remotes', 'git clone git@github.com:org/repo.git && git remote add up ssh://git@gitlab.com/org/repo && ssh deploy@prod.acme.io'],
    ['a chart’s maintainers', 'apiVersion: v2\nname: crm\nmaintainers:\n  - name: Jane Doe\n    email: jane.doe@acme-corp.com\n  - email: bob.smith@acme-corp.com\n    name: Bob Smith\n  - name: Ann Lee\n    email: ann.lee@acme-corp.com\n    url: https://acme-corp.com\n'],
    ['credentials in a database’s or a broker’s URL', 'create_engine("postgresql+psycopg2://app:s3cret@db.acme-corp.io/crm"); MongoClient("mongodb+srv://app:pw@cluster0.acme-corp.io"); amqps://worker:x-Y_z@mq.acme-corp.io'],
    ['documented test cards', 'use 4242 4242 4242 4242, 4111-1111-1111-1111, 5555555555554444, 378282246310005 or 4000000000000002'],
    ['health in an endpoint', 'curl http://localhost:3000/api/health && npm run healthcheck'],
    ['race conditions and genetic algorithms', 'fix the race condition in the genetic algorithm, spawn via child_process'],
    ['versions, dates and file names', 'react@19.3.1 icon@2x.png released 2024-01-15 build 1.2.3-4567 ip 192.168.10.200'],
    ['example IBANs and SSNs', 'IBAN DE89 3704 0044 0532 0130 00, SSN 123-45-6789'],
    ['no-reply role mailboxes', 'Co-Authored-By: Claude <noreply@anthropic.com>, bounce to mailer-daemon@acme-corp.com'],
    ['role and team mailboxes', 'ask support@acme-corp.com or security+reports@acme-corp.com; page oncall@acme-corp.com; from ci-bot@acme-corp.com to platform-team@acme-corp.com; ci@acme-corp.com, deploy@acme-corp.com and releases@acme-corp.com'],
    ['an author or maintainer named with the work', '{\n  "author": "Jane Doe <jane.doe@acme-corp.com>",\n  "contributors": [\n    "Bob Smith <bob.smith@acme-corp.com>"\n  ]\n}'],
    ['package metadata and commit trailers', 'author_email="jane.doe@acme-corp.com"\nLABEL maintainer="Jane Doe <jane.doe@acme-corp.com>"\nCo-authored-by: Bob Smith <bob.smith@acme-corp.com>'],
    ['a contact or owner named in a comment or docstring', '"""acme-tools: internal tooling. Contact: jane.doe@acme-corp.com"""\n// Owner: Jane Doe <jane.doe@acme-corp.com>\n  # Maintained by bob.smith@acme-corp.com\n<!-- contact: bob.smith@acme-corp.com -->\0\0\0# Owner: jane.doe@acme-corp.com'],
    ['a note’s owner in a comment', '// Sends order confirmations. TODO(bob.smith@acme-corp.com): retry on 5xx.\n# FIXME(jane.doe@acme-corp.com) flaky'],
    ['an organisation’s own number, beside its role mailbox or offered to call', '<p>Telefon: +49 30 901820<br>E-Mail: info@acme-corp.com</p>\n{"key":"footer.phone","en":"Call us: +49 30 901822"}'],
    ['an organisation’s number beside its role mailbox on a neighbouring line of a YAML or JSON block', 'env:\n- name: SUPPORT_EMAIL\n  value: support@acme-corp.com\n- name: SUPPORT_PHONE\n  value: "+49 30 1234567"\n{\n  "phone": "+49 30 901822",\n  "email": "info@acme-corp.com"\n}'],
    ['a cloud workload’s service account', 'metadata:\n  annotations:\n    iam.gke.io/gcp-service-account: app@acme-prod.iam.gserviceaccount.com\n--member=serviceAccount:123456789-compute@developer.gserviceaccount.com acme-prod@appspot.gserviceaccount.com'],
    ['a monitoring system’s mailbox', 'email_configs:\n  - from: alertmanager@acme-corp.com\n    to: grafana@acme-corp.com, k8s-monitoring@acme-corp.com'],
    ['the comment of an SSH public key', `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${'Kx9'.repeat(15)}Q jane.doe@acme-corp.com`],
    ['numbers set aside for fiction', 'e.g. +1 555 0100, (415) 555-0132, +1 202 555 0143, +44 20 7946 0958, call 07700 900123'],
    ['ids that pass the Luhn check', '{"trace_id":"4782985341890759281"} cid=4629638891862559 POST /v1/orders/5164708642969884/refresh, Build 379398268793081 passed'],
  ])('%s', (_name, text) => {
    expect(detectData(text)).toEqual([]);
  });

  it.each([
    ['a person’s address in a payload, and in a list that names no author', '{"customers": [\n  {"name": "Jane", "email": "jane.doe@acme-corp.com"}\n]}'],
    ['a person’s address under a header line naming authors', 'author,email\nJane,jane.doe@acme-corp.com'],
    ['a contact that is a record’s field', '{"id": 7, "contact": "jane.doe@acme-corp.com"}'],
    ['an owner in a table', 'owner,plan\njane.doe@acme-corp.com,pro'],
    ['a customer named in a comment', '# customer jane.doe@acme-corp.com reported the crash'],
    ['a customer named in a note that owns nothing', '// TODO: refund jane.doe@acme-corp.com'],
    ['a caller’s number in a ticket', 'Ticket 4411: the caller asked us to ring back on +49 151 23456789'],
    ['a person’s number on a line after an imprint’s', 'Impressum: +49 30 901820\nJane Doe, mobile +49 151 23456789'],
    ['a person’s number in a YAML block after the one with a role mailbox', 'support:\n  email: support@acme-corp.com\ncustomer:\n  phone: "+49 151 23456789"'],
    ['a person’s number a blank line from a role mailbox', 'email: support@acme-corp.com\n\nphone: "+49 151 23456789"'],
    ['a person’s number more lines from a role mailbox than a block is read', 'email: info@acme-corp.com\na: 1\nb: 2\nc: 3\nphone: "+49 151 23456789"'],
    ['a customer in a YAML list beside a chart’s maintainers', 'maintainers:\n  - name: Ops\ncustomers:\n  - email: jane.doe@acme-corp.com'],
    ['a customer listed further below a maintainers key than is read', `maintainers:\n${'  - name: Someone Else\n'.repeat(8)}  - email: jane.doe@acme-corp.com`],
    ['a contact on a line that is not a comment', 'Call notes, 12 May\nContact: jane.doe@acme-corp.com, wants a callback'],
    ['a number the same as a fictional one but for one digit', 'call (415) 555-0232'],
    ['a card number named as a card, even beside an id', '{"order_id": 17, "card": "4532015112830366"}'],
    ['a person’s address at a domain that only ends like a service account’s', 'jane.doe@notgserviceaccount.com'],
    ['a card number with no id before it', 'Jane Doe 4532015112830366 exp 12/27'],
  ])('still finds %s', (_name, text) => {
    expect(detectData(text)).toHaveLength(1);
  });
});

describe('detectData is safe on any input', () => {
  it('never throws and gives the same findings twice', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        const a = detectData(text);
        expect(detectData(text)).toEqual(a);
        for (const f of a) expect(f.end).toBeGreaterThan(f.start);
      }),
    );
  });
  it('says what was found without the value', () => {
    const text = 'jane.doe@acme-corp.com and 4556 7375 8689 9855';
    const said = describeFindings(detectData(text));
    expect(said).toBe('1 email address, 1 payment card number');
    expect(said).not.toContain('jane');
  });
  it('reads a long adversarial input in bounded time (no catastrophic backtracking)', () => {
    const evil = `${'a'.repeat(50_000)}@${'b-'.repeat(50_000)} ${'1 '.repeat(50_000)} ${'+1'.repeat(20_000)}`;
    expect(Array.isArray(detectData(evil))).toBe(true);
  });
});

describe('finding addresses from each @', () => {
  // The pattern the scanner is defined by, run by the regular expression engine: the reference.
  const byRegex = (text: string) => [...text.matchAll(EMAIL_PATTERN)].map((m) => ({ index: m.index, value: m[0] }));

  it('finds exactly the matches of the regular expression, on any text', () => {
    // Short words and runs past 64 characters, dots and dashes, several @ close together.
    const piece = fc.oneof(
      fc.constantFrom('@', '.', '-', '_', '+', '%', ' ', ':', '/', '\n', 'jane.doe', 'acme-corp', 'com', 'de', 'x'),
      fc.stringMatching(/^[a-z0-9.@-]{1,12}$/),
      fc.integer({ min: 60, max: 140 }).map((n) => 'a'.repeat(n)),
      fc.integer({ min: 1, max: 70 }).map((n) => `${'b'.repeat(n)}.c`),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        expect(emailMatches(text)).toEqual(byRegex(text));
      }),
      { numRuns: 2_000 },
    );
  });

  it('finds the address between two long lines of base64, and none at an @ that ends the text', () => {
    const line = 'QUJD'.repeat(250_000);
    expect(emailMatches(`${line} jane.doe@acme-corp.com ${line}@`)).toEqual([{ index: line.length + 1, value: 'jane.doe@acme-corp.com' }]);
  });
});

describe('reading a long text in windows', () => {
  it('finds what reading it whole finds, on the labelled snippets joined into texts that cross many window edges', () => {
    const snippets = detectionSnippets().map((s) => s.text);
    const filler = fc.stringMatching(/^[a-z .,\n]{0,400}$/);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...snippets), filler), { minLength: 20, maxLength: 80 }), (parts) => {
        const text = parts.map(([snippet, gap]) => `${snippet}${gap}`).join('\n');
        const key = (f: Finding) => `${f.kind}:${f.start}:${f.category ?? ''}`;
        // Windows of 2,100 characters, whose own parts are 52 (the margins are 1,024): findings cross their edges all the time.
        expect(detectData(text, { windowChars: 2_100 }).map(key)).toEqual(detectData(text).map(key));
      }),
      { numRuns: 200 },
    );
  });
});
