// Without zod, so the shell's global search can name device types without downloading it (decision 0029).

export const deviceTypes = [
  'workstations',
  'servers',
  'nas',
  'printers',
  'modems',
  'routers',
  'aps',
  'switches',
  'ups',
] as const;
export type DeviceType = (typeof deviceTypes)[number];

export const deviceTypeLabels: Record<DeviceType, string> = {
  workstations: 'Workstations',
  servers: 'Servers',
  nas: 'HDD / NAS',
  printers: 'Printers',
  modems: 'Modems',
  routers: 'Routers',
  aps: 'Access Points',
  switches: 'Switches',
  ups: 'UPS',
};
