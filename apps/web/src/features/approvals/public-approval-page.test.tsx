import type { PublicApproval } from '@switchboard/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api-stub.ts';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { renderApp } from '../../test/render.tsx';

vi.mock('socket.io-client', () => fakeSocketModule);

// Decision 0046: the public page of a mailed approval link, signed out.

const token = 'tok_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdef';
const path = `/api/public/approvals/${token}`;

const approval: PublicApproval = {
  kind: 'labor',
  recipient: 'owner@example.com',
  message: 'Please approve the quotes.',
  expires_at: '2026-02-01T10:00:00.000Z',
  project: {
    title: 'Network refresh',
    company: 'Harbor Clinic',
    site: 'Main Office',
    goals: 'New switches',
  },
  documents: [
    { quote_id: 7, label: 'Quote Q-000007: Switches', has_pdf: true },
    { quote_id: 8, label: 'Quote: Cables', has_pdf: false },
  ],
};

describe('public approval page', { timeout: 20_000 }, () => {
  it('shows the summary and the quotes, asks a comment to deny, and approves without a bearer token', async () => {
    const api = stubApi({
      [`GET ${path}`]: [200, { data: approval }],
      [`POST ${path}`]: [200, { message: 'Thank you. Your approval has been recorded.' }],
    });
    renderApp(`/approve/${token}`);
    expect(await screen.findByRole('heading', { name: 'Network refresh' })).toBeTruthy();
    expect(screen.getByText('Labor and quote approval')).toBeTruthy();
    expect(screen.getByText('New switches')).toBeTruthy();
    const pdf = screen.getByRole('link', { name: 'Quote Q-000007: Switches (PDF)' });
    expect(pdf.getAttribute('href')).toBe(`${path}/quotes/7`);
    expect(screen.getByText('Quote: Cables')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Deny' }));
    expect(await screen.findByText('Tell us why you deny the request.')).toBeTruthy();
    expect(api.callsTo('POST', path)).toEqual([]);

    await userEvent.type(screen.getByLabelText(/Comment/), 'Fine by us');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Thank you. Your approval has been recorded.')).toBeTruthy();
    const [sent] = api.callsTo('POST', path);
    expect(sent?.body).toEqual({ decision: 'approve', comment: 'Fine by us' });
    expect(sent?.authorization).toBeNull();
  });

  it('says when the link was used and offers no answer', async () => {
    stubApi({
      [`GET ${path}`]: [410, { message: 'This approval link has already been used. Nothing was changed.' }],
    });
    renderApp(`/approve/${token}`);
    expect(await screen.findByText('This approval link has already been used. Nothing was changed.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it("shows a project-less quote's link with its quote only (decision 0097)", async () => {
    stubApi({
      [`GET ${path}`]: [
        200,
        {
          data: {
            ...approval,
            message: 'Here is our quote.',
            project: null,
            documents: [{ quote_id: 9, label: 'Quote Q-000009: Firewall', has_pdf: true }],
          },
        },
      ],
    });
    renderApp(`/approve/${token}`);
    expect(await screen.findByRole('heading', { name: 'Quote approval' })).toBeTruthy();
    expect(screen.getByText('Here is our quote.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Quote Q-000009: Firewall (PDF)' }).getAttribute('href')).toBe(
      `${path}/quotes/9`,
    );
    expect(screen.queryByText('Harbor Clinic')).toBeNull();
    expect(screen.queryByText('Goals')).toBeNull();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
  });
});
