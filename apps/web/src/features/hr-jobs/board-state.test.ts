import type { HrBoard, HrBoardCard } from '@switchboard/shared/hr/jobs';
import { describe, expect, it } from 'vitest';
import { dropTarget, findCard, moveCard, placeCard, updateCard } from './board-state.ts';

const card = (id: number, stepId: number, position: number, name = `Applicant ${id}`): HrBoardCard => ({
  id,
  job_id: 1,
  first_name: name.split(' ')[0]!,
  last_name: name.split(' ')[1] ?? '',
  name,
  email: `a${id}@example.com`,
  source: 'website',
  rating: null,
  tags: [],
  step_id: stepId,
  position,
  step_entered_at: '2026-11-20T10:00:00.000Z',
  days_in_step: 8,
  next_interview: null,
  created_at: '2026-11-01T10:00:00.000Z',
});

const step = (id: number, name: string, kind: 'active' | 'hired' | 'rejected' = 'active') => ({
  id,
  name,
  kind,
  color: '#228be6',
  active: true,
  email_subject: '',
  email_body: '',
});

const board: HrBoard = {
  job: {
    id: 1,
    title: 'Senior Technician',
    department: null,
    region: null,
    employment_type: 'full_time',
    workplace: 'on_site',
    status: 'open',
    openings: 1,
    hiring_manager: null,
    opened_on: '2026-11-01',
    closed_on: null,
    target_on: null,
    days_open: 27,
    applicants: 3,
    step_counts: [],
  },
  columns: [
    { step: step(10, 'Applied'), cards: [card(1, 10, 0), card(2, 10, 1)] },
    { step: step(11, 'Phone Screen'), cards: [card(3, 11, 0)] },
    { step: step(16, 'Hired', 'hired'), cards: [] },
  ],
};

const ids = (state: HrBoard) => state.columns.map((column) => column.cards.map((each) => each.id));

describe('the board cache', () => {
  it('moves a card to another column at a place, resets its days in step and renumbers positions', () => {
    const moved = moveCard(board, 1, 11, 1);
    expect(ids(moved)).toEqual([[2], [3, 1], []]);
    expect(findCard(moved, 1)).toMatchObject({ step_id: 11, days_in_step: 0, position: 1 });
    expect(findCard(moved, 2)?.position).toBe(0);
    // The board it came from is left as it was (a refusal snaps back to it).
    expect(ids(board)).toEqual([[1, 2], [3], []]);
  });

  it('reorders within a column and keeps the days when the step stays', () => {
    const moved = moveCard(board, 1, 10, 1);
    expect(ids(moved)).toEqual([[2, 1], [3], []]);
    expect(findCard(moved, 1)?.days_in_step).toBe(8);
  });

  it('clamps a place past the end and ignores an unknown card', () => {
    expect(ids(moveCard(board, 3, 16, 99))).toEqual([[1, 2], [], [3]]);
    expect(moveCard(board, 42, 11, 0)).toBe(board);
  });

  it('applies ApplicantMoved idempotently: our own echo changes nothing', () => {
    const mine = moveCard(board, 2, 11, 0);
    const echo = placeCard(mine, { ...findCard(mine, 2)!, days_in_step: 0 }, 0);
    expect(ids(echo)).toEqual(ids(mine));
  });

  it('applies ApplicantUpdated in place, and drops a deleted card', () => {
    const renamed = updateCard(board, 2, { ...card(2, 10, 1), name: 'Grace Hopper', rating: 5 });
    expect(ids(renamed)).toEqual([[1, 2], [3], []]);
    expect(findCard(renamed, 2)).toMatchObject({ name: 'Grace Hopper', rating: 5 });
    expect(ids(updateCard(board, 3, null))).toEqual([[1, 2], [], []]);
  });

  it('finds where a drop lands: over a card at its index, over a column at its end', () => {
    expect(dropTarget(board, 1, { type: 'card', applicantId: 3 })).toEqual({ stepId: 11, position: 0 });
    expect(dropTarget(board, 1, { type: 'card', applicantId: 2 })).toEqual({ stepId: 10, position: 1 });
    expect(dropTarget(board, 1, { type: 'column', stepId: 11 })).toEqual({ stepId: 11, position: 1 });
    expect(dropTarget(board, 1, { type: 'column', stepId: 10 })).toEqual({ stepId: 10, position: 1 });
    expect(dropTarget(board, 1, { type: 'column', stepId: 99 })).toBeNull();
  });
});
