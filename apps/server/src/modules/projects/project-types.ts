import type { ProjectChannelEvent, UserType } from '@switchboard/shared';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';

// The types the projects module's files share, in a file of their own: the step registry (project-step-handlers.ts)
// imports every step, and each step names these types, so they may not live in a file that imports the registry.

export interface ProjectActor {
  id: number;
  type: UserType;
  name: string;
}

export interface ProjectStepContext {
  db: Db;
  dataDir: string;
  actor: ProjectActor;
  /** For handlers that call out (the shipment tracker, decision 0048). */
  config?: Config;
  /** The request's logger: mail sent in the background reports failures through it (decision 0046). */
  log?: { info(object: object, message: string): void; warn(object: object, message: string): void };
}

export interface ProjectStepHandler<Input = unknown> {
  schema: z.ZodType<Input>;
  run(context: ProjectStepContext, input: Input): Promise<{ projectId: number; message: string }>;
  /** What the project's viewers hear on project_{id}, so each panel reads itself again. */
  event: ProjectChannelEvent;
  /**
   * The project_order of the panel's step, for variants that take `close` beside their fields (spec 3 §4 Save & Close;
   * decision 0061): the step closes after the save. The date panels and the labor estimate close inside their own.
   */
  closesStep?: number;
}
