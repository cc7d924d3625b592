import { randomBytes } from 'node:crypto';
import { acknowledgeBy, type AnonAccessAction, type AnonCategory, type AnonStatus } from '@switchboard/shared/hr/anon';
import { inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { grantPermissions } from '../permissions/permissions.service.ts';
import { users } from '../users/users.table.ts';
import { hrAnonAccessLog, hrAnonMessages, hrAnonNotes, hrAnonReports } from './hr-anon.table.ts';

// HR anonymous e-mail demo data (designs/hr.md §4, §9): Olivia Park (HR) and Dana Whitaker read anonymous reports; six
// reports in every status, one that leaves Olivia out, one without a reply code, with replies, notes and the access
// log. No reply code is kept anywhere, so the demo's reports are answered in the app but cannot be opened by code.
// Idempotent: nothing is added once any report exists.

const email = (local: string) => `${local}@switchboard.example`;
const dayMs = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * dayMs).toISOString().slice(0, 10);

interface Plan {
  category: AnonCategory;
  subject: string;
  body: string;
  status: AnonStatus;
  age: number;
  code: boolean;
  excludeOlivia?: boolean;
  reply?: string;
  answer?: string;
  note?: string;
}

const plans: Plan[] = [
  {
    category: 'safety',
    subject: 'Server room door propped open',
    body: 'The server room door has been propped open with a box most afternoons this week.',
    status: 'new',
    age: 1,
    code: true,
  },
  {
    category: 'harassment',
    subject: 'Remarks in the Monday stand-up',
    body: 'A lead keeps making jokes about accents in the Monday stand-up. People laugh along but it is not funny.',
    status: 'in_review',
    age: 6,
    code: true,
    reply: 'Thank you for telling us. We are looking into it and will keep you posted here.',
    answer: 'Thank you. It happened again today.',
    note: 'Talk to the team lead this week; sit in on the next stand-up.',
  },
  {
    category: 'fraud',
    subject: 'Mileage claims for site visits',
    body: 'Some mileage claims list site visits on days the timeclock shows the person in the office.',
    status: 'in_review',
    age: 20,
    code: false,
    excludeOlivia: true,
    note: 'Compare the claims with the check-ins of the last quarter.',
  },
  {
    category: 'suggestion',
    subject: 'Quiet room for on-call calls',
    body: 'Could we book the small meeting room for on-call calls at night? The open floor is loud.',
    status: 'resolved',
    age: 45,
    code: true,
    reply: 'Good idea: the small meeting room is now reserved for on-call from 6 pm.',
  },
  {
    category: 'other',
    subject: 'Parking lot lights',
    body: 'Two lights in the back of the parking lot are out.',
    status: 'dismissed',
    age: 70,
    code: false,
    note: 'Building management fixed them the same week; nothing for HR.',
  },
  {
    category: 'safety',
    subject: 'Ladder in the warehouse',
    body: 'The tall ladder in the warehouse has a cracked step.',
    status: 'resolved',
    age: 120,
    code: true,
    reply: 'The ladder was replaced. Thank you.',
    answer: 'Thanks!',
  },
];

export async function seedHrAnonDemo(tx: Transaction): Promise<void> {
  const [existing] = await tx.select({ count: sql<number>`count(*)::int` }).from(hrAnonReports);
  if ((existing?.count ?? 0) > 0) return;
  const readers = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [email('olivia.park'), email('dana.whitaker')]));
  const olivia = readers.find((reader) => reader.email === email('olivia.park'));
  const dana = readers.find((reader) => reader.email === email('dana.whitaker'));
  if (!olivia || !dana) return;
  for (const reader of readers) await grantPermissions(tx, reader.id, ['read anonymous email']);

  for (const plan of plans) {
    const receivedOn = daysAgo(plan.age);
    const closed = plan.status === 'resolved' || plan.status === 'dismissed';
    const handler = plan.excludeOlivia ? dana : olivia;
    const [report] = await tx
      .insert(hrAnonReports)
      .values({
        category: plan.category,
        subject: plan.subject,
        body: plan.body,
        receivedOn,
        releasedOn: receivedOn,
        status: plan.status,
        assigneeId: plan.status === 'new' ? null : handler.id,
        // A demo code nobody holds: random bytes stand in for the HMAC of a code that was shown once.
        replyCodeHmac: plan.code ? randomBytes(32) : null,
        excludedReaderIds: plan.excludeOlivia ? [olivia.id] : [],
        closedOn: closed ? acknowledgeBy(receivedOn) : null,
      })
      .returning({ id: hrAnonReports.id });
    const id = report!.id;
    let position = 0;
    if (plan.reply) {
      position += 1;
      await tx.insert(hrAnonMessages).values({
        reportId: id,
        fromReporter: false,
        authorId: handler.id,
        body: plan.reply,
        createdOn: daysAgo(Math.max(plan.age - 2, 0)),
        releasedOn: daysAgo(Math.max(plan.age - 2, 0)),
        position,
      });
    }
    if (plan.answer) {
      position += 1;
      await tx.insert(hrAnonMessages).values({
        reportId: id,
        fromReporter: true,
        authorId: null,
        body: plan.answer,
        createdOn: daysAgo(Math.max(plan.age - 3, 0)),
        releasedOn: daysAgo(Math.max(plan.age - 3, 0)),
        position,
      });
    }
    if (plan.note) await tx.insert(hrAnonNotes).values({ reportId: id, authorId: handler.id, body: plan.note });
    const actions: AnonAccessAction[] = [
      'open',
      ...(plan.status === 'new' ? [] : ['change' as const]),
      ...(plan.reply ? ['reply' as const] : []),
    ];
    for (const action of actions) {
      await tx.insert(hrAnonAccessLog).values({ reportId: id, userId: handler.id, action });
    }
  }
}
