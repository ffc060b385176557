import { describe, expect, it } from 'vitest';
import { chatHandoff, HANDOFF_MESSAGE_MAX_CHARS, interestFromRegulations } from './personalisation.ts';

describe('booking personalisation', () => {
  it('reads the receptionist hand-off only when the visitor came from the chat', () => {
    const params = new URLSearchParams({ from: 'chat', message: ' Let us show you HIPAA blocking. ', suggested: '2026-11-23T08:00:00.000Z' });
    expect(chatHandoff(params)).toEqual({ message: 'Let us show you HIPAA blocking.', suggested: '2026-11-23T08:00:00.000Z' });
    expect(chatHandoff(new URLSearchParams({ message: 'x', suggested: '2026-11-23T08:00:00.000Z' }))).toEqual({ message: null, suggested: null });
  });

  it('ignores a suggested time that is not a date and cuts a long message', () => {
    const handoff = chatHandoff(new URLSearchParams({ from: 'chat', message: 'a'.repeat(HANDOFF_MESSAGE_MAX_CHARS + 50), suggested: 'tomorrow' }));
    expect(handoff.suggested).toBeNull();
    expect(handoff.message).toHaveLength(HANDOFF_MESSAGE_MAX_CHARS);
  });

  it('turns the detected regulations of recent compilations into an interest', () => {
    expect(interestFromRegulations(['GDPR', null, 'HIPAA', 'GDPR', ' '])).toBe('GDPR, HIPAA compliance enforcement');
    expect(interestFromRegulations([null, undefined])).toBe('');
  });
});
