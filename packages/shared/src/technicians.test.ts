import { describe, expect, it } from 'vitest';
import { isTechnician, technicianChoices } from './technicians.ts';

// Spec 1 §7.2 (department 1 = tech), decision 0078: technician pickers list the employees of department Tech.
describe('technicians', () => {
  const tess = { user_id: 1, user: { name: 'Tess Tech' }, departments: [{ id: 1 }] };
  const sam = { user_id: 2, user: { name: 'Sam Sales' }, departments: [{ id: 3 }] };
  const hana = { user_id: 3, user: { name: 'Hana HR' }, departments: [{ id: 5 }] };
  const ada = { user_id: 4, user: { name: 'Ada Admin' }, departments: [] };
  const both = { user_id: 5, user: { name: 'Bo Both' }, departments: [{ id: 3 }, { id: 1 }] };

  it('is an employee of department 1 (tech), whatever else they belong to', () => {
    expect([tess, sam, hana, ada, both].filter(isTechnician).map((e) => e.user.name)).toEqual(['Tess Tech', 'Bo Both']);
  });

  it('offers the technicians, and keeps the one already chosen by name', () => {
    expect(technicianChoices([tess, sam, hana, ada, both]).map((e) => e.user_id)).toEqual([1, 5]);
    expect(technicianChoices([tess, sam, hana, ada, both], [4, null]).map((e) => e.user_id)).toEqual([1, 4, 5]);
  });
});
