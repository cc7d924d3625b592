import { REQUIRED_YES } from '@switchboard/shared';
import { eq, inArray } from 'drizzle-orm';
import { companies, sites } from '../companies/companies.table.ts';
import { projects } from './projects.table.ts';
import { users } from '../users/users.table.ts';
import type { DocumentTypeModule } from '../documents/document-type.ts';
import { htmlToParagraphs } from '../documents/html-text.ts';

/**
 * What a project's overview shows (spec 3 §2 PDF viewer, type Project_Overview): what the client approves planning on.
 * Internal notes stay out (the client reads it), and so does the steps' progress: a revision is a change of plan.
 */
export interface ProjectOverviewView {
  id: number;
  title: string;
  company: string;
  site: string | null;
  contact: string | null;
  coordinator: string | null;
  laborRequired: boolean;
  procurementRequired: boolean;
  goals: string[];
}

export const projectOverviewDocument: DocumentTypeModule<ProjectOverviewView> = {
  type: 'Project_Overview',
  clientVisible: true,
  staffPermission: null,
  async load(db, id) {
    const [row] = await db
      .select({ project: projects, company: companies.name, site: sites.name })
      .from(projects)
      .innerJoin(companies, eq(companies.id, projects.companyId))
      .leftJoin(sites, eq(sites.id, projects.siteId))
      .where(eq(projects.id, id));
    if (!row) return null;
    const { project } = row;
    const people = [project.clientUserId, project.coordinatorId].filter((person): person is number => person !== null);
    const named = people.length
      ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, people))
      : [];
    const nameOf = (person: number | null) => named.find((entry) => entry.id === person)?.name ?? null;
    return {
      companyId: project.companyId,
      title: `Project Overview ${id}`,
      fileName: `Project-Overview-${id}`,
      view: {
        id,
        title: project.title,
        company: row.company,
        site: row.site,
        contact: nameOf(project.clientUserId),
        coordinator: nameOf(project.coordinatorId),
        laborRequired: project.laborRequired === REQUIRED_YES,
        procurementRequired: project.procurementRequired === REQUIRED_YES,
        goals: htmlToParagraphs(project.goals),
      },
    };
  },
  render(page, view) {
    page.fields([
      ['Project', `${view.title} (#${view.id})`],
      ['Company', view.company],
      ['Site', view.site ?? ''],
      ['Point of contact', view.contact ?? ''],
      ['Coordinator', view.coordinator ?? ''],
      ['Labor required', view.laborRequired ? 'Yes' : 'No'],
      ['Procurement required', view.procurementRequired ? 'Yes' : 'No'],
    ]);
    page.heading('Goals');
    for (const paragraph of view.goals.length ? view.goals : ['No goals written yet.']) page.paragraph(paragraph);
  },
};
