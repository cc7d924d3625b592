import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../lib/api-client.ts';
import { contractMessages, FormActions, shownMessages } from './billing-form-parts.tsx';

const schema = z.object({
  name: z.string().min(1, 'The name field is required.'),
  percent: z.number().max(100, 'The percent may not be greater than 100.').int('The percent must be whole.'),
});

describe('billing form parts', () => {
  it("collects every message of the contract under its field's name, and null when valid", () => {
    expect(contractMessages(schema.safeParse({ name: 'Labor', percent: 5 }))).toBeNull();
    expect(contractMessages(schema.safeParse({ name: '', percent: 100.5 }))).toEqual({
      name: ['The name field is required.'],
      percent: ['The percent may not be greater than 100.', 'The percent must be whole.'],
    });
  });

  it("shows the server's 422 messages over the browser's, and the browser's alone for any other failure", () => {
    const local = { name: ['The name field is required.'], percent: ['Too big.'] };
    const invalid = new ApiError(422, 'The given data was invalid.', { errors: { name: ['Taken.'] } });
    expect(shownMessages(local, invalid)).toEqual({ name: ['Taken.'], percent: ['Too big.'] });
    expect(shownMessages(local, new ApiError(500, 'An error occured.'))).toEqual(local);
    expect(shownMessages(local, null)).toEqual(local);
  });

  it("shows the server's message only when it named no field, a generic one for a failure that is no answer", () => {
    const onCancel = vi.fn();
    const foot = (error: unknown) =>
      render(
        <MantineProvider env="test">
          <FormActions error={error} pending={false} onCancel={onCancel} />
        </MantineProvider>,
      );
    const view = foot(new ApiError(409, 'The rate is in use.'));
    expect(screen.getByText('The rate is in use.')).toBeTruthy();
    screen.getByRole('button', { name: 'Cancel' }).click();
    expect(onCancel).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('type')).toBe('submit');
    view.unmount();

    foot(new ApiError(422, 'The given data was invalid.', { errors: { name: ['Taken.'] } }));
    expect(screen.queryByText('The given data was invalid.')).toBeNull();
    foot(new TypeError('Failed to fetch'));
    expect(screen.getByText('An error occured.')).toBeTruthy();
  });
});
