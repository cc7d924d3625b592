import { procurementInputSchema, procurementMessages, type ProcurementInput } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import {
  saveProcurements,
  trackerSettings,
  trackShipments,
  type LockProject,
} from '../../shipments/shipments.service.ts';
import type { ProjectStepHandler } from '../project-types.ts';
import { projects } from '../projects.table.ts';

// Procurement (order 8), spec 3 §2 Step panels, §3 Procurement, §7 'Procurement' (procurements, project_id); decision
// 0048. The list is saved first, in one transaction; then, with a tracker configured, the new shipments get their
// trackers, waiting a few seconds at most: the save stands whatever the tracker does, and the job catches up.

const trackingWaitMs = 8_000;

const lockProject: LockProject = async (tx, projectId) => {
  const [project] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
  return project !== undefined;
};

export const procurementHandler: ProjectStepHandler<ProcurementInput> = {
  schema: procurementInputSchema,
  async run({ db, actor, config, log }, input) {
    const { projectId, untracked } = await saveProcurements(db, input, actor, lockProject);
    const settings = config ? trackerSettings(config) : null;
    if (settings && untracked.length > 0) {
      const tracking = trackShipments(db, settings, untracked, log).catch(() => undefined);
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, trackingWaitMs);
      });
      await Promise.race([tracking, deadline]);
      clearTimeout(timer);
    }
    return { projectId, message: procurementMessages.saved };
  },
  event: 'ProcurementUpdated',
};
