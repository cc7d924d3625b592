import { describe, expect, it } from 'vitest';
import {
  currentStep,
  projectInputSchema,
  projectProgress,
  projectStepFilterOptions,
  readStepFilter,
  stepStatusOf,
  ticketStatusOfStep,
} from './projects.ts';

const steps = (closed: number[]) =>
  Array.from({ length: 12 }, (_, order) => ({ project_order: order, status: closed.includes(order) ? 1 : 0 }));

describe('project steps', () => {
  it('reads both 0s of the step list apart: 00 is Planning Approval, 0 is Closed', () => {
    expect(projectStepFilterOptions[0]).toEqual({ value: '00', label: '00 Planning Approval' });
    expect(projectStepFilterOptions.at(-1)).toEqual({ value: '0', label: 'Closed' });
    expect(readStepFilter('00')).toEqual({ closed: false, order: 0 });
    expect(readStepFilter('0')).toEqual({ closed: true });
    expect(readStepFilter('11')).toEqual({ closed: false, order: 11 });
    expect(readStepFilter('12')).toBeNull();
    expect(readStepFilter('01')).toBeNull();
  });

  it('completes a stage when every step it names is closed', () => {
    const labels = (closed: number[]) =>
      projectProgress(steps(closed))
        .filter((stage) => stage.complete)
        .map((stage) => stage.label);
    expect(labels([])).toEqual([]);
    expect(labels([0, 2])).toEqual(['Planning Approval', 'Labor Estimate']);
    expect(labels([7])).toEqual([]);
    expect(labels([5, 7, 8, 10, 11])).toEqual(['Quoting', 'Payment & Procurement', 'Project Day', 'Complete']);
  });

  it('puts the project on its open step of the lowest order, or none when all are closed', () => {
    expect(currentStep(steps([0, 1]))?.project_order).toBe(2);
    expect(currentStep(steps([0, 2]))?.project_order).toBe(1);
    expect(currentStep(steps([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]))).toBeNull();
  });

  it('keeps the queue status under a step status: Closed is 1, Open is the open queue status', () => {
    expect(stepStatusOf(ticketStatusOfStep(1))).toBe(1);
    expect(stepStatusOf(ticketStatusOfStep(0))).toBe(0);
  });

  it('drops the planner when labor is not required, researcher and quoter when procurement is not', () => {
    const input = projectInputSchema.parse({
      title: 'Move',
      company_id: '4',
      labor_required: '1',
      planner_id: 7,
      procurement_required: 1,
      researcher_id: 8,
      quoter_id: 9,
      verbally_approved: 0,
    });
    expect(input).toMatchObject({ planner_id: null, researcher_id: null, quoter_id: null, labor_required: 1 });
    const kept = projectInputSchema.parse({ ...input, labor_required: 0, planner_id: 7 });
    expect(kept.planner_id).toBe(7);
  });
});
