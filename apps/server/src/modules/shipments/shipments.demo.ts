import { carriers } from '@switchboard/shared';
import { asc, gt, isNull, or } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { projects } from '../projects/projects.table.ts';
import { shipmentHistory, shipments } from './shipments.table.ts';

// Demo shipments (issue 18 part 14; decision 0048): the demo projects past Procurement (step 8 closed) get one or two
// hand-entered shipments with their history over three days. Runs once: nothing is added when a shipment exists.

const route = [
  { city: 'Memphis', state: 'TN', details: 'Shipping label created' },
  { city: 'Memphis', state: 'TN', details: 'Picked up' },
  { city: 'Louisville', state: 'KY', details: 'Arrived at facility' },
  { city: 'Louisville', state: 'KY', details: 'Departed facility' },
  { city: 'Columbus', state: 'OH', details: 'Out for delivery' },
  { city: 'Columbus', state: 'OH', details: 'Delivered, front desk' },
];
const hour = 3_600_000;

export async function seedDemoShipments(tx: Transaction): Promise<void> {
  if ((await tx.$count(shipments)) > 0) return;
  const past = await tx
    .select({ id: projects.id, createdAt: projects.createdAt })
    .from(projects)
    .where(or(isNull(projects.currentStep), gt(projects.currentStep, 8)))
    .orderBy(asc(projects.id))
    .limit(30);
  for (const [index, project] of past.entries()) {
    const parcels = index % 2 === 0 ? 2 : 1;
    for (let parcel = 0; parcel < parcels; parcel += 1) {
      const carrier = carriers[(index + parcel) % (carriers.length - 1)]!;
      const delivered = parcel === 0;
      const events = delivered ? route : route.slice(0, 4);
      const [row] = await tx
        .insert(shipments)
        .values({
          projectId: project.id,
          position: parcel,
          carrier,
          trackingNumber: `DEMO${String(project.id).padStart(5, '0')}${parcel}${carrier.length}77`,
          status: delivered ? 'delivered' : 'in_transit',
          statusDetails: events.at(-1)!.details,
        })
        .returning({ id: shipments.id });
      const start = project.createdAt.getTime() + 20 * 24 * hour + 9 * hour;
      await tx.insert(shipmentHistory).values(
        events.map((event, step) => ({
          shipmentId: row!.id,
          time: new Date(start + step * 9 * hour),
          city: event.city,
          state: event.state,
          statusDetails: event.details,
        })),
      );
    }
  }
}
