import { SERVER_ANTIVIRUS_AVG } from '@switchboard/shared';

/** Operating systems the MSP supports; one table, split by device kind. */
export const operatingSystemSeeds = [
  { id: 1, name: 'Windows 11 Pro', deviceKind: 'workstation' },
  { id: 2, name: 'Windows 11 Enterprise', deviceKind: 'workstation' },
  { id: 3, name: 'Windows 10 Pro', deviceKind: 'workstation' },
  { id: 4, name: 'Windows 10 Enterprise', deviceKind: 'workstation' },
  { id: 5, name: 'macOS 15 Sequoia', deviceKind: 'workstation' },
  { id: 6, name: 'macOS 14 Sonoma', deviceKind: 'workstation' },
  { id: 7, name: 'macOS 13 Ventura', deviceKind: 'workstation' },
  { id: 8, name: 'Ubuntu 24.04 LTS Desktop', deviceKind: 'workstation' },
  { id: 9, name: 'ChromeOS', deviceKind: 'workstation' },
  { id: 20, name: 'Windows Server 2025', deviceKind: 'server' },
  { id: 21, name: 'Windows Server 2022', deviceKind: 'server' },
  { id: 22, name: 'Windows Server 2019', deviceKind: 'server' },
  { id: 23, name: 'Windows Server 2016', deviceKind: 'server' },
  { id: 24, name: 'Windows Server 2012 R2', deviceKind: 'server' },
  { id: 25, name: 'Ubuntu Server 24.04 LTS', deviceKind: 'server' },
  { id: 26, name: 'Ubuntu Server 22.04 LTS', deviceKind: 'server' },
  { id: 27, name: 'Red Hat Enterprise Linux 9', deviceKind: 'server' },
  { id: 28, name: 'Debian 12', deviceKind: 'server' },
  { id: 29, name: 'VMware ESXi 8.0', deviceKind: 'server' },
  { id: 30, name: 'Proxmox VE 8', deviceKind: 'server' },
  { id: 31, name: 'Synology DSM 7', deviceKind: 'server' },
] as const;

/** Antivirus products; server id 2 is AVG because the maintenance screen reads av 2 as 'AVG Updates'. */
export const antivirusSeeds = [
  { id: 1, name: 'Microsoft Defender Antivirus', deviceKind: 'server' },
  { id: SERVER_ANTIVIRUS_AVG, name: 'AVG File Server Business Edition', deviceKind: 'server' },
  { id: 3, name: 'Sophos Intercept X for Server', deviceKind: 'server' },
  { id: 4, name: 'SentinelOne Singularity Server', deviceKind: 'server' },
  { id: 5, name: 'CrowdStrike Falcon Server', deviceKind: 'server' },
  { id: 6, name: 'Bitdefender GravityZone Server', deviceKind: 'server' },
  { id: 7, name: 'ESET Server Security', deviceKind: 'server' },
  { id: 8, name: 'None', deviceKind: 'server' },
  { id: 20, name: 'Microsoft Defender Antivirus', deviceKind: 'workstation' },
  { id: 21, name: 'AVG Business Antivirus', deviceKind: 'workstation' },
  { id: 22, name: 'Sophos Intercept X', deviceKind: 'workstation' },
  { id: 23, name: 'SentinelOne Singularity', deviceKind: 'workstation' },
  { id: 24, name: 'CrowdStrike Falcon', deviceKind: 'workstation' },
  { id: 25, name: 'Bitdefender GravityZone', deviceKind: 'workstation' },
  { id: 26, name: 'ESET Endpoint Security', deviceKind: 'workstation' },
  { id: 27, name: 'Webroot SecureAnywhere', deviceKind: 'workstation' },
  { id: 28, name: 'None', deviceKind: 'workstation' },
] as const;
