import {
  annualReplacementPlan,
  refreshGroups,
  refreshLifespanYears,
  replacementYears,
  type RefreshDevice,
} from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { companies } from '../companies/companies.table.ts';
import { listRefreshStrategies, refreshDevicesOf } from './refresh-strategies.service.ts';
import { refreshStrategies } from './strategies.table.ts';
import type { DocumentTypeModule } from '../documents/document-type.ts';
import { htmlToParagraphs } from '../documents/html-text.ts';

/**
 * A company's refresh strategy as mailed to its recipients (spec 2 §2 Refresh strategies, issue 19 part 6): the plan
 * per category with its devices and priority notes, the overview, and the replacement years. "Now" is the strategy's
 * year, so a revision drawn later shows what was planned then (decision 0050).
 */
export interface RefreshStrategyView {
  id: number;
  company: string;
  date: string;
  overview: string[];
  groups: { label: string; total: number; plan: string; devices: string[][]; priority: string[] }[];
  years: { year: number; devices: string[][] }[];
}

const deviceRow = (device: RefreshDevice) => [
  device.site,
  device.asset_tag ?? '',
  device.name,
  device.purchase_date ?? '',
  device.warranty_date ?? '',
  device.refresh_year === null ? '' : String(device.refresh_year),
];

export const refreshStrategyDocument: DocumentTypeModule<RefreshStrategyView> = {
  type: 'refresh_strategy',
  clientVisible: true,
  staffPermission: null,
  async load(db, id) {
    const [owner] = await db
      .select({ companyId: companies.id, name: companies.name })
      .from(refreshStrategies)
      .innerJoin(companies, eq(companies.id, refreshStrategies.companyId))
      .where(eq(refreshStrategies.id, id));
    if (!owner) return null;
    const [strategy] = await listRefreshStrategies(db, owner.companyId, id);
    if (!strategy) return null;
    const groups = await refreshDevicesOf(db, owner.companyId);
    const all = refreshGroups.flatMap((entry) => groups[entry.group]);
    const now = Number(strategy.date.slice(0, 4));
    return {
      companyId: owner.companyId,
      title: `Refresh Strategy ${strategy.date}`,
      fileName: `Refresh-Strategy-${owner.name.replace(/[^A-Za-z0-9]+/g, '-')}-${strategy.date}`,
      view: {
        id,
        company: owner.name,
        date: strategy.date,
        overview: htmlToParagraphs(strategy.overview),
        groups: refreshGroups.map((entry) => ({
          label: entry.label,
          total: groups[entry.group].length,
          plan: annualReplacementPlan(groups[entry.group].length, refreshLifespanYears(entry.type)),
          devices: groups[entry.group].map(deviceRow),
          priority: htmlToParagraphs(strategy[entry.priority]),
        })),
        years: replacementYears(now).map((year) => ({
          year,
          devices: all
            .filter((device) =>
              year === now ? (device.refresh_year ?? Infinity) <= now : device.refresh_year === year,
            )
            .map((device) => [device.type, ...deviceRow(device)]),
        })),
      },
    };
  },
  render(page, view) {
    page.fields([
      ['Company', view.company],
      ['Date', view.date],
    ]);
    page.heading('Overview');
    for (const paragraph of view.overview.length ? view.overview : ['No overview written.']) page.paragraph(paragraph);
    page.heading('Suggested Annual Replacement Plan');
    page.table(
      [
        { header: 'Category', width: 200 },
        { header: 'Total', width: 80, align: 'right' },
        { header: 'Replacement Plan', width: 232 },
      ],
      view.groups.map((group) => [group.label, String(group.total), group.plan]),
    );
    const columns = [
      { header: 'Site', width: 90 },
      { header: 'Asset Tag', width: 70 },
      { header: 'Name', width: 122 },
      { header: 'Purchased', width: 75 },
      { header: 'Warranty', width: 75 },
      { header: 'Refresh', width: 80 },
    ];
    for (const group of view.groups) {
      if (group.total === 0 && group.priority.length === 0) continue;
      page.heading(`${group.label} (${group.total})`);
      if (group.devices.length) page.table(columns, group.devices);
      for (const paragraph of group.priority) page.paragraph(paragraph);
    }
    for (const { year, devices } of view.years) {
      page.heading(`Replacement ${year}`);
      if (devices.length === 0) page.paragraph('Nothing due.');
      else page.table([{ header: 'Type', width: 70 }, ...columns.map((c) => ({ ...c, width: c.width - 12 }))], devices);
    }
  },
};
