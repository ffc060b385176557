/** The spec's simple email pattern. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether the server takes this address: it reads full-width characters as a keyboard's (`ａ＠ｂ．ｃｏ` is `a@b.co`). */
export const isValidEmail = (email: string) => EMAIL_PATTERN.test(email.trim().normalize('NFKC'));
