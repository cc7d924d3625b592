import { describe, expect, it } from 'vitest';
import { ticketStatusOptions } from './tickets.ts';

// Spec 3 §2: the Status select offers Closed (id 1) only while the ticket has a client account.
describe('ticketStatusOptions', () => {
  const statuses = [
    { id: 1, name: 'Closed' },
    { id: 2, name: 'Open' },
    { id: 3, name: 'Waiting on client' },
  ];

  it('leaves Closed out for a ticket without a client account', () => {
    expect(ticketStatusOptions(statuses, null).map((status) => status.name)).toEqual(['Open', 'Waiting on client']);
  });

  it('offers every status, Closed included, once a client account is set', () => {
    expect(ticketStatusOptions(statuses, 42)).toEqual(statuses);
  });

  it('offers Closed on a maintenance ticket that names its server, without a client account (decision 0062)', () => {
    expect(ticketStatusOptions(statuses, null, 21)).toEqual(statuses);
    expect(ticketStatusOptions(statuses, null, null).map((status) => status.id)).toEqual([2, 3]);
  });
});
