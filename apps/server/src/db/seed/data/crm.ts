/** Starter CRM campaigns (status 1 active, 0 inactive); admins edit them afterwards under /crm/admin/campaigns. */
export const campaignSeeds = [
  { id: 1, campaignName: 'Medical & Dental Offices', status: 1 },
  { id: 2, campaignName: 'Law Firms', status: 1 },
  { id: 3, campaignName: 'Accounting Firms - Tax Season Readiness', status: 1 },
  { id: 4, campaignName: 'Manufacturers - Cybersecurity Assessment', status: 1 },
  { id: 5, campaignName: 'Windows 10 End of Support', status: 0 },
];

/** Starter voicemail drops; exactly one is the default (spec 1 §3.4). The audio file is uploaded later. */
export const voicemailSeeds = [
  { id: 1, name: 'Default Introduction', isDefault: 1 },
  { id: 2, name: 'Follow-Up After Proposal', isDefault: 0 },
  { id: 3, name: 'Appointment Reminder', isDefault: 0 },
];
