import { Checkbox } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Providers } from '../app/providers.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { stubApi } from '../test/api-stub.ts';
import { BillingLineRows, previewAmount, type BillingLineFields } from './billing-line-rows.tsx';

// The line rows the invoice editor and the quote drawer share: what one document adds comes in through props.

interface QuoteLikeLine extends BillingLineFields {
  kind: string;
  optional: boolean;
}

let next = 0;
const blank = (): QuoteLikeLine => ({
  key: `k${++next}`,
  kind: 'custom',
  item_id: null,
  item_name: null,
  description: '',
  quantity: '1',
  unit_price: '',
  taxable: 0,
  optional: false,
});

function Harness(props: { errors?: Record<string, string>; withFlags?: boolean }) {
  const [lines, setLines] = useState<QuoteLikeLine[]>(() => [blank()]);
  const [queryClient] = useState(createQueryClient);
  return (
    <Providers queryClient={queryClient} env="test">
      <BillingLineRows
        lines={lines}
        onChange={setLines}
        errors={props.errors ?? {}}
        newLine={blank}
        pickedChanges={{ kind: 'item' }}
        flags={
          props.withFlags
            ? (line, number, change) => (
                <Checkbox
                  size="xs"
                  label="Optional"
                  aria-label={`Line ${number} optional`}
                  checked={line.optional}
                  onChange={(event) => change({ optional: event.currentTarget.checked })}
                />
              )
            : undefined
        }
      />
      <output data-testid="lines">{JSON.stringify(lines.map(({ key: _key, ...line }) => line))}</output>
    </Providers>
  );
}

const lines = () => JSON.parse(screen.getByTestId('lines').textContent!) as Omit<QuoteLikeLine, 'key'>[];

describe('billing line rows', () => {
  it('previews quantity × unit price rounded once, and nothing while a number is missing or not a number', () => {
    expect(previewAmount({ quantity: '3', unit_price: '19.99' })).toBe('$59.97');
    expect(previewAmount({ quantity: '0.5', unit_price: '0.05' })).toBe('$0.03');
    expect(previewAmount({ quantity: '', unit_price: '5' })).toBe('');
    expect(previewAmount({ quantity: '2', unit_price: 'abc' })).toBe('');
  });

  it('edits the fields, adds and removes lines, and keeps the last line', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const group = screen.getByRole('group', { name: 'Lines' });
    expect(within(group).queryByRole('button', { name: 'Remove line 1' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Line 1 description' }), 'Setup');
    await user.clear(screen.getByRole('textbox', { name: 'Line 1 quantity' }));
    await user.type(screen.getByRole('textbox', { name: 'Line 1 quantity' }), '2');
    await user.type(screen.getByRole('textbox', { name: 'Line 1 unit price' }), '12.50');
    await user.click(screen.getByRole('checkbox', { name: 'Line 1 taxable' }));
    expect(screen.getByLabelText('Line 1 amount').textContent).toBe('$25.00');
    expect(lines()[0]).toMatchObject({ description: 'Setup', quantity: '2', unit_price: '12.50', taxable: 1 });

    await user.click(screen.getByRole('button', { name: 'Add line' }));
    expect(lines()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove line 1' }));
    expect(lines()).toEqual([expect.objectContaining({ description: '', quantity: '1' })]);
    expect(screen.queryByRole('button', { name: 'Remove line 1' })).toBeNull();
  });

  it("shows each line's messages under its fields and the lines' message below them", () => {
    render(<Harness errors={{ 'lines.0.quantity': 'The quantity must be a number.', lines: 'Add a line.' }} />);
    expect(screen.getByText('The quantity must be a number.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Add a line.');
  });

  it("shows the document's own flags beside Taxable and changes only the line they belong to", async () => {
    const user = userEvent.setup();
    render(<Harness withFlags />);
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    await user.click(screen.getByRole('checkbox', { name: 'Line 2 optional' }));
    expect(lines().map((line) => line.optional)).toEqual([false, true]);
  });

  it('fills a picked catalogue item in, with what the document adds (here the kind)', async () => {
    stubApi({
      'GET /api/billing/search/items/edge': [
        200,
        { data: [{ id: 7, name: 'Edge Router', type: 'product', description: null, price: 250.5, taxable: 1 }] },
      ],
    });
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText('Line 1 item'), 'edge');
    await user.click(await screen.findByRole('option', { name: 'Edge Router' }));
    expect(lines()[0]).toMatchObject({
      kind: 'item',
      item_id: 7,
      item_name: 'Edge Router',
      description: 'Edge Router',
      unit_price: '250.5',
      taxable: 1,
    });
  });
});
