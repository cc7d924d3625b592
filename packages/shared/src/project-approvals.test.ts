import { describe, expect, it } from 'vitest';
import { approvalStatusLabel } from './project-approvals.ts';

// Spec 3 §2 Planning Approval, §4 Approval status; decision 0061.
describe('approvalStatusLabel', () => {
  const planning = (status: number | null) => ({ status, project_overview: true });
  const quote = (status: number | null) => ({ status, project_overview: false });

  it('labels none, 1 and 2 Pending, Approved and Denied', () => {
    expect([null, 1, 2].map((status) => approvalStatusLabel(planning(status), 0))).toEqual([
      'Pending',
      'Approved',
      'Denied',
    ]);
  });

  it('shows Verbally Approved on a pending planning request of a verbally approved project only', () => {
    expect(approvalStatusLabel(planning(null), 1)).toBe('Verbally Approved');
    expect(approvalStatusLabel(planning(1), 1)).toBe('Approved');
    expect(approvalStatusLabel(planning(2), 1)).toBe('Denied');
    expect([null, 1, 2].map((status) => approvalStatusLabel(quote(status), 1))).toEqual([
      'Pending',
      'Approved',
      'Denied',
    ]);
  });
});
