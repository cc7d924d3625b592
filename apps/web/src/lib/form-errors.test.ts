import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { getFormErrors } from './form-errors.ts';

describe('getFormErrors (spec 1 §5 Generic form errors)', () => {
  it('shows the 422 errors per field under the default banner', () => {
    const error = new ApiError(422, 'The given data was invalid.', {
      hasServerMessage: true,
      errors: { email: ['The email must be a valid email address.', 'second'], name: ['The name field is required.'] },
    });
    expect(getFormErrors(error)).toEqual({
      fields: { email: 'The email must be a valid email address.', name: 'The name field is required.' },
      message: 'There were some problems with your input.',
    });
  });

  it("otherwise shows the answer's message", () => {
    const error = new ApiError(403, 'This action is unauthorized.', { hasServerMessage: true });
    expect(getFormErrors(error)).toEqual({ fields: {}, message: 'This action is unauthorized.' });
  });

  it('ignores an empty errors object and falls back to the message', () => {
    const error = new ApiError(422, 'Nope.', { hasServerMessage: true, errors: {} });
    expect(getFormErrors(error)).toEqual({ fields: {}, message: 'Nope.' });
  });

  it('else says something went wrong', () => {
    expect(getFormErrors(new ApiError(500, 'Request failed with status 500.'))).toEqual({
      fields: {},
      message: 'Something went wrong. Please try again.',
    });
    expect(getFormErrors(new Error('boom'))).toEqual({
      fields: {},
      message: 'Something went wrong. Please try again.',
    });
    expect(getFormErrors(undefined).message).toBe('Something went wrong. Please try again.');
  });
});
