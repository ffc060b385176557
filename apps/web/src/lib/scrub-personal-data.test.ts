import { describe, expect, it } from 'vitest';
import { scrubPersonalData } from './scrub-personal-data.ts';

describe('scrubPersonalData', () => {
  it('keeps ordinary log text as it is', () => {
    const text = 'Compile finished in 42 ms (GDPR Art. 17, 3 rules, stage 6 of 6) at /docs#api';
    expect(scrubPersonalData(text)).toBe(text);
  });

  it('removes a JSON Web Token', () => {
    expect(scrubPersonalData('token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U end')).toBe(
      'token [token] end',
    );
  });

  it('removes the values of token, key, email and password query parameters, case-insensitively', () => {
    expect(scrubPersonalData('/x?Token=a&API_KEY=b&password=c&q=gdpr')).toBe('/x?Token=[redacted]&API_KEY=[redacted]&password=[redacted]&q=gdpr');
  });
});
