// The element the site renders into; without it nothing can start, and saying so beats a blank page.

export const ROOT_ELEMENT_ID = 'root';

export function getRootElement(doc: Document): HTMLElement {
  const element = doc.getElementById(ROOT_ELEMENT_ID);
  if (!element) throw new Error(`Bytebound cannot start: the page has no element with id "${ROOT_ELEMENT_ID}".`);
  return element;
}
