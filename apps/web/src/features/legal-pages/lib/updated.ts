/** When the trust pages were last revised. */
export const LEGAL_PAGES_UPDATED = '22 November 2026';
