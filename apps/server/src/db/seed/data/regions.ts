/** The MSP's service regions: the US metros where its technicians work on site. */
export const regionSeeds = [
  { id: 1, name: 'New York Metro' },
  { id: 2, name: 'Boston' },
  { id: 3, name: 'Philadelphia' },
  { id: 4, name: 'Washington DC' },
  { id: 5, name: 'Atlanta' },
  { id: 6, name: 'Chicago' },
  { id: 7, name: 'Dallas-Fort Worth' },
  { id: 8, name: 'Houston' },
  { id: 9, name: 'Denver' },
  { id: 10, name: 'Phoenix' },
  { id: 11, name: 'Los Angeles' },
  { id: 12, name: 'San Francisco Bay Area' },
];

// Named ids for the demo seed, so sites and employees read as places rather than numbers.
export const REGION = {
  newYork: 1,
  boston: 2,
  philadelphia: 3,
  washington: 4,
  atlanta: 5,
  chicago: 6,
  dallas: 7,
  houston: 8,
  denver: 9,
  phoenix: 10,
  losAngeles: 11,
  bayArea: 12,
} as const;
