// Errors the compiler throws for input it cannot take, with a message meant for the user.

export type LegalTextErrorCode = 'too-large' | 'not-text';

/** Thrown by analyze() for input it refuses (over the 1 MB hard limit, or not a string). */
export class LegalTextError extends Error {
  readonly code: LegalTextErrorCode;

  constructor(code: LegalTextErrorCode, message: string) {
    super(message);
    this.name = 'LegalTextError';
    this.code = code;
  }
}
