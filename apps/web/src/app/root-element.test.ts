// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { getRootElement } from './root-element.ts';

describe('root element', () => {
  it('throws a clear error when the page has no root element', () => {
    document.body.innerHTML = '';
    expect(() => getRootElement(document)).toThrow(/no element with id "root"/);
  });

  it('finds the root element', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(getRootElement(document).id).toBe('root');
  });
});
