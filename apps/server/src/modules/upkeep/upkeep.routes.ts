import type { AppInstance } from '../../app-instance.ts';
import { registerJob } from '../../plugins/jobs.ts';
import { sweepUploads } from './upload-sweep.service.ts';

export const uploadSweepJob = 'sweep-uploads';

/** Housekeeping jobs with no routes of their own. */
export async function upkeepRoutes(app: AppInstance): Promise<void> {
  // Every night at 03:17 UTC, out of the working day and off the hour other schedules favour.
  registerJob(app, uploadSweepJob, '17 3 * * *', async (jobApp) => {
    const removed = await sweepUploads(jobApp.db, jobApp.config.dataDir);
    jobApp.log.info({ removed }, 'unclaimed uploads swept');
  });
}
