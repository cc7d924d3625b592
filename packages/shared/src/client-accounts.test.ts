import { describe, expect, it } from 'vitest';
import {
  clientAccountPasswordMismatchMessage,
  createClientAccountInputSchema,
  updateClientAccountInputSchema,
} from './client-accounts.ts';

const valid = {
  name: ' Cara Client ',
  email: 'cara@acme.test',
  password: 'secret1',
  password_confirmation: 'secret1',
  title: '',
  site_id: '',
  phone_number: '555.123.4567',
  office_number: null,
  company_id: '7',
};

function errorsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('createClientAccountInputSchema', () => {
  it('trims, coerces ids, maps empty optional fields to null and formats phone numbers', () => {
    expect(createClientAccountInputSchema.parse(valid)).toEqual({
      name: 'Cara Client',
      email: 'cara@acme.test',
      password: 'secret1',
      password_confirmation: 'secret1',
      title: null,
      site_id: null,
      phone_number: '(555) 123-4567',
      office_number: null,
      company_id: 7,
    });
  });

  it('requires the company and rejects a bad id', () => {
    expect(errorsOf(createClientAccountInputSchema.safeParse({ ...valid, company_id: null })).company_id).toBe(
      'The company id field is required.',
    );
    expect(errorsOf(createClientAccountInputSchema.safeParse({ ...valid, company_id: '' })).company_id).toBe(
      'The company id field is required.',
    );
    expect(errorsOf(createClientAccountInputSchema.safeParse({ ...valid, company_id: 'x' })).company_id).toBe(
      'The selected company id is invalid.',
    );
    expect(errorsOf(createClientAccountInputSchema.safeParse({ ...valid, site_id: -1 })).site_id).toBe(
      'The selected site id is invalid.',
    );
  });

  it('needs a confirmed password of at least 6 characters', () => {
    expect(
      errorsOf(
        createClientAccountInputSchema.safeParse({ ...valid, password: '12345', password_confirmation: '12345' }),
      ).password,
    ).toBe('The password must be at least 6 characters.');
    expect(
      errorsOf(createClientAccountInputSchema.safeParse({ ...valid, password_confirmation: 'other1' })).password,
    ).toBe(clientAccountPasswordMismatchMessage);
  });
});

describe('updateClientAccountInputSchema', () => {
  it('keeps the password when it is empty, and checks the confirmation when one is given', () => {
    const kept = updateClientAccountInputSchema.parse({ ...valid, password: '', password_confirmation: '' });
    expect(kept.password).toBeUndefined();
    expect(
      errorsOf(updateClientAccountInputSchema.safeParse({ ...valid, password: 'newpass', password_confirmation: '' }))
        .password,
    ).toBe(clientAccountPasswordMismatchMessage);
  });
});

describe('all errors at once', () => {
  it('reports the password mismatch and phone errors together with a missing company', () => {
    const errors = errorsOf(
      createClientAccountInputSchema.safeParse({
        ...valid,
        company_id: null,
        password_confirmation: 'other1',
        phone_number: '123',
      }),
    );
    expect(errors).toMatchObject({
      company_id: 'The company id field is required.',
      password: clientAccountPasswordMismatchMessage,
      phone_number: expect.stringContaining('ten digits'),
    });
  });
});
