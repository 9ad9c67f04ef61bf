import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { fieldErrors, formErrorMessages } from './form-field';

describe('form error messages', () => {
  const invalid = new ApiError({ status: 422, body: { message: 'Name is required', errors: { name: ['Name is required'], token: ['The reset token is missing.'] } } });

  it('lists the 422 messages of fields the form does not show', () => {
    expect(formErrorMessages(invalid, ['name'], 'Whoops!')).toEqual(['The reset token is missing.']);
    expect(formErrorMessages(invalid, ['name', 'token'], 'Whoops!')).toEqual([]);
    expect(fieldErrors(invalid, 'name')).toEqual(['Name is required']);
    expect(fieldErrors(invalid, 'email')).toEqual([]);
  });

  it('shows the message of other answers, and the generic text for a network failure', () => {
    const limited = new ApiError({ status: 429, body: { message: 'Too many requests. Please try again in 30 seconds.' } });
    expect(formErrorMessages(limited, [], 'Whoops!')).toEqual(['Too many requests. Please try again in 30 seconds.']);
    expect(formErrorMessages(new ApiError({ status: 0 }), [], 'Whoops!')).toEqual(['Whoops!']);
    expect(formErrorMessages(new Error('boom'), [], 'Whoops!')).toEqual(['Whoops!']);
  });

  it("shows the generic text, not a proxy's English status line, for an answer without the server's words", () => {
    const gateway = new ApiError({ status: 502, statusText: 'Bad Gateway', body: null });
    expect(gateway.message).toBe('Bad Gateway');
    expect(formErrorMessages(gateway, [], 'Whoops!')).toEqual(['Whoops!']);
  });
});
