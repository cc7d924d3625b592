import { describe, expect, it } from 'vitest';
import { hirePrefillOf } from './hire-prefill.ts';

describe('the hire prefill of /hr/employees/create', () => {
  it('reads name, e-mail, phone, title, department, region, start date and the applicant from the query', () => {
    const params = new URLSearchParams(
      'applicant=12&name=Grace+Hopper&email=grace%40example.com&phone=555-0100&title=Senior+Technician' +
        '&department=3&region=2&start_date=2026-12-01',
    );
    expect(hirePrefillOf(params)).toEqual({
      applicantId: 12,
      values: {
        name: 'Grace Hopper',
        email: 'grace@example.com',
        phone_number: '555-0100',
        title: 'Senior Technician',
        departments: ['3'],
        region_id: '2',
        start_date: '2026-12-01',
      },
    });
  });

  it('leaves out what is missing or malformed, so the form starts blank there', () => {
    expect(hirePrefillOf(new URLSearchParams())).toEqual({ applicantId: null, values: {} });
    expect(
      hirePrefillOf(new URLSearchParams('applicant=0&department=x&region=-1&start_date=12/01/2026&name=%20')),
    ).toEqual({ applicantId: null, values: {} });
  });
});
