import { describe, expect, it } from 'vitest';
import { hirePrefillOf } from '../employees/hire-prefill.ts';
import { hireLink } from './hire-link.ts';

describe('Create employee', () => {
  const prefill = {
    applicant_id: 12,
    first_name: 'Grace',
    last_name: 'Hopper',
    email: 'grace@example.com',
    phone: '',
    title: 'Senior Technician',
    department_id: 3,
    region_id: null,
    start_date: '2026-12-01',
    employee_user_id: null,
  };

  it('opens /hr/employees/create with the prefill the create page reads back', () => {
    const link = hireLink(prefill);
    expect(link.startsWith('/hr/employees/create?')).toBe(true);
    const read = hirePrefillOf(new URLSearchParams(link.split('?')[1]));
    expect(read).toEqual({
      applicantId: 12,
      values: {
        name: 'Grace Hopper',
        email: 'grace@example.com',
        title: 'Senior Technician',
        departments: ['3'],
        start_date: '2026-12-01',
      },
    });
  });
});
