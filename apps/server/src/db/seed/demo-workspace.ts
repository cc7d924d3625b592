import { eq, inArray } from 'drizzle-orm';
import { billingItems } from '../../modules/billing-items/billing-items.table.ts';
import { contractRecurringItems, contracts, usageAdjustments } from '../../modules/contracts/contracts.table.ts';
import { devices, serverDrives } from '../../modules/devices/devices.table.ts';
import { writeServerRoles } from '../../modules/devices/devices.service.ts';
import { companyFlags } from '../../modules/flags/flags.table.ts';
import {
  gradeQuestions,
  networkGradeAnswers,
  networkGrades,
} from '../../modules/network-grades/network-grades.table.ts';
import type { Transaction } from '../client.ts';
import { gradeScores } from '@switchboard/shared';

// The demo companies' workspace (issue 6): a contract with recurring items, ticket flags, a network grade of the
// first site and a device inventory per site. Each part is added only while the company has none, so reruns and
// changes made in the app are left alone. Values vary by company index but are fixed, so every run looks the same.

const flagTexts = [
  'VIP client: the managing partner expects a call back within 30 minutes.',
  'After-hours onsite work must be approved by the office manager first.',
  'Badge required at the front desk; parking validation at reception.',
  'Do not reboot the practice-management server between 7 am and 7 pm.',
  'Invoices questions go to the controller, not the office manager.',
  'Firewall changes need a change ticket approved by the client.',
];

const pick = (index: number, salt: number, modulo: number) => (index * 7 + salt * 13) % modulo;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const monthsAgo = (months: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
};

export async function seedCompanyWorkspace(
  tx: Transaction,
  companyId: number,
  companyIndex: number,
  siteIds: number[],
): Promise<void> {
  await seedContract(tx, companyId, companyIndex);
  await seedFlags(tx, companyId, companyIndex);
  if (siteIds.length > 0) {
    await seedGrade(tx, companyId, companyIndex, siteIds[0]!);
    await seedDevices(tx, companyId, companyIndex, siteIds);
  }
}

async function seedContract(tx: Transaction, companyId: number, index: number): Promise<void> {
  if ((await tx.$count(contracts, eq(contracts.companyId, companyId))) > 0) return;
  const items = await tx
    .select()
    .from(billingItems)
    .where(inArray(billingItems.type, ['retainer', 'overage', 'fee', 'cloud', 'service']));
  const ofType = (type: string) => items.filter((item) => item.type === type);
  const retainer = ofType('retainer')[pick(index, 1, ofType('retainer').length)];
  const overage = ofType('overage')[pick(index, 2, ofType('overage').length)];
  const fee = ofType('fee')[0];
  if (!retainer || !overage || !fee) return;
  // Most companies are mid-contract; every fifth one's contract ended last month (the header shows Expired).
  const expired = index % 5 === 4;
  const start = monthsAgo(expired ? 13 : 2 + (index % 9));
  const end = new Date(Date.UTC(start.getUTCFullYear() + 1, start.getUTCMonth(), 0));
  const deviceCount = 10 + pick(index, 3, 40);
  const [contract] = await tx
    .insert(contracts)
    .values({
      companyId,
      startDate: isoDay(start),
      endDate: isoDay(end),
      paymentTerms: index % 3 === 0 ? 30 : 20,
      retainerItem: retainer.id,
      overageItem: overage.id,
      lateFeeItem: fee.id,
      retainerPrice: retainer.price,
      overagePrice: overage.price,
      lateFeePercent: fee.feePercent ?? 1.5,
      retainerHours: 8 + (index % 6) * 4,
      deviceCount,
      maxRollover: index % 4 === 0 ? 1001 : 4 + (index % 3) * 2,
      paperless: index % 2,
    })
    .returning({ id: contracts.id });
  const cloud = ofType('cloud');
  const service = ofType('service');
  const recurring = [cloud[pick(index, 4, cloud.length)], service[pick(index, 5, service.length)]].filter(
    (item) => item !== undefined,
  );
  await tx.insert(contractRecurringItems).values(
    recurring.map((item) => ({
      contractId: contract!.id,
      itemId: item.id,
      quantity: Math.max(1, Math.round(deviceCount * 0.8)),
      price: item.price,
      taxable: item.taxable,
    })),
  );
  if (!expired && index % 3 === 1) {
    await tx
      .insert(usageAdjustments)
      .values({ companyId, month: isoDay(monthsAgo(1)), hours: 2, reason: 'Goodwill credit after the ISP outage' });
  }
}

async function seedFlags(tx: Transaction, companyId: number, index: number): Promise<void> {
  if ((await tx.$count(companyFlags, eq(companyFlags.companyId, companyId))) > 0 || index % 3 === 2) return;
  await tx.insert(companyFlags).values([{ companyId, flag: flagTexts[pick(index, 6, flagTexts.length)]! }]);
}

async function seedGrade(tx: Transaction, companyId: number, index: number, siteId: number): Promise<void> {
  if ((await tx.$count(networkGrades, eq(networkGrades.companyId, companyId))) > 0) return;
  const questions = await tx.select({ id: gradeQuestions.id, category: gradeQuestions.category }).from(gradeQuestions);
  if (questions.length === 0) return;
  // A company-specific share of No answers (a few N/A): grades range from A+ to C.
  const answers = questions.map((question, q) => {
    const roll = (q * 31 + index * 17) % 20;
    const answer = roll < index % 7 ? 2 : roll === 19 ? 3 : 1;
    const notes =
      answer === 3
        ? 'N/A'
        : answer === 1
          ? 'Verified during the site visit.'
          : 'Gap found; remediation proposed to the client.';
    return { questionId: question.id, category: question.category, answer, notes };
  });
  const [grade] = await tx
    .insert(networkGrades)
    .values({ companyId, siteId, average: gradeScores(answers).average, createdAt: monthsAgo(1 + (index % 4)) })
    .returning({ id: networkGrades.id });
  await tx
    .insert(networkGradeAnswers)
    .values(answers.map(({ questionId, answer, notes }) => ({ gradeId: grade!.id, questionId, answer, notes })));
}

const deviceModels: Record<string, string[]> = {
  workstations: ['Dell OptiPlex 7010', 'HP EliteDesk 800 G9', 'Lenovo ThinkCentre M90q', 'Dell Latitude 5440'],
  printers: ['HP LaserJet Pro M404dn', 'Brother HL-L6200DW', 'Canon imageRUNNER C3226'],
  switches: ['Cisco Catalyst 1000-24P', 'Aruba 2930F-24G', 'Meraki MS120-24P'],
  routers: ['Fortinet FortiGate 60F', 'SonicWall TZ370', 'Meraki MX68'],
  modems: ['Comcast Business Gateway', 'Spectrum Business Modem'],
  aps: ['Ubiquiti U6 Pro', 'Meraki MR36', 'Aruba AP-505'],
  ups: ['APC Smart-UPS 1500', 'CyberPower OR1500LCDRM1U'],
  nas: ['Synology DS920+', 'QNAP TS-464'],
  servers: ['Dell PowerEdge R450', 'HPE ProLiant DL360 Gen10'],
};

async function seedDevices(tx: Transaction, companyId: number, index: number, siteIds: number[]): Promise<void> {
  if ((await tx.$count(devices, eq(devices.companyId, companyId))) > 0) return;
  const year = new Date().getUTCFullYear();
  const rows: (typeof devices.$inferInsert)[] = [];
  let tag = 1;
  const add = (
    siteId: number,
    type: string,
    name: string,
    ageYears: number,
    extra: Partial<typeof devices.$inferInsert> = {},
  ) => {
    const models = deviceModels[type]!;
    const purchase = `${year - ageYears}-${String(1 + ((index + tag) % 12)).padStart(2, '0')}-15`;
    rows.push({
      companyId,
      siteId,
      type,
      name,
      assetTag: `C${String(companyId).padStart(3, '0')}-${String(tag++).padStart(4, '0')}`,
      model: models[(index + tag) % models.length]!,
      serialNumber: `SN${(companyId * 7919 + tag * 104729).toString(36).toUpperCase()}`,
      purchaseDate: purchase,
      warrantyDate: `${year - ageYears + 3}-${purchase.slice(5)}`,
      ...extra,
    });
  };
  siteIds.forEach((siteId, s) => {
    const prefix = `S${s + 1}`;
    for (let w = 1; w <= 4 + ((index + s) % 3); w += 1) {
      add(siteId, 'workstations', `${prefix}-WS${String(w).padStart(2, '0')}`, (w + index) % 5, {
        operatingSystemId: w % 4 === 0 ? 3 : 1,
        antivirusId: 20 + ((index + w) % 3),
      });
    }
    add(siteId, 'printers', `${prefix}-PRN01`, (index + 2) % 7);
    add(siteId, 'switches', `${prefix}-SW01`, (index + s) % 7);
    add(siteId, 'routers', `${prefix}-FW01`, (index + 1) % 6);
    add(siteId, 'modems', `${prefix}-MODEM`, (index + 3) % 6);
    add(siteId, 'aps', `${prefix}-AP01`, (index + s + 1) % 6);
    add(siteId, 'ups', `${prefix}-UPS01`, (index + 4) % 7);
    if (s === 0) {
      add(siteId, 'servers', 'DC01', (index + 2) % 7, {
        operatingSystemId: 21,
        antivirusId: 1 + (index % 3),
        scheduledMaintenance: 1,
      });
      if (index % 2 === 0) add(siteId, 'nas', 'NAS01', (index + 1) % 6);
    }
  });
  const inserted = await tx.insert(devices).values(rows).returning({ id: devices.id, type: devices.type });
  const servers = inserted.filter((row) => row.type === 'servers');
  await writeServerRoles(
    tx,
    servers.map((server) => ({ deviceId: server.id, names: ['Domain Controller', 'DNS', 'DHCP'] })),
  );
  if (servers.length) {
    await tx.insert(serverDrives).values(
      servers.flatMap((server) => [
        { deviceId: server.id, letter: 'C', size: 240 },
        { deviceId: server.id, letter: 'D', size: 2000 + (index % 4) * 1000 },
      ]),
    );
  }
}
