import { REGION } from './regions.ts';

/**
 * Demo client companies. The companies and people are invented; every site is a real, public office address
 * (well-known towers with many tenants) with the building's published coordinates. Websites and e-mail addresses
 * use the reserved .example top-level domain, and phone numbers the fictional 555-01XX range, so nothing reaches a
 * real business or person.
 */
export interface DemoSite {
  name: string;
  regionId: number;
  address: string;
  city: string;
  state: string;
  zip: string;
  latitude: number;
  longitude: number;
  /** Area code of the site's phone numbers. */
  areaCode: string;
}

export interface DemoContact {
  name: string;
  title: string;
}

export interface DemoCompany {
  name: string;
  industryId: number;
  /** Domain of the website and of the contacts' e-mail addresses. */
  domain: string;
  sites: DemoSite[];
  /** The first contact becomes the company's primary user. */
  contacts: DemoContact[];
}

// Real office buildings, named once and shared by the companies below.
const SITES = {
  empireState: { address: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118', latitude: 40.748433, longitude: -73.985656, regionId: REGION.newYork, areaCode: '212' },
  chrysler: { address: '405 Lexington Ave', city: 'New York', state: 'NY', zip: '10174', latitude: 40.751621, longitude: -73.975502, regionId: REGION.newYork, areaCode: '212' },
  oneWorldTrade: { address: '285 Fulton St', city: 'New York', state: 'NY', zip: '10007', latitude: 40.712743, longitude: -74.013379, regionId: REGION.newYork, areaCode: '212' },
  rockefeller: { address: '30 Rockefeller Plaza', city: 'New York', state: 'NY', zip: '10112', latitude: 40.759167, longitude: -73.978611, regionId: REGION.newYork, areaCode: '212' },
  metLife: { address: '200 Park Ave', city: 'New York', state: 'NY', zip: '10166', latitude: 40.753078, longitude: -73.976617, regionId: REGION.newYork, areaCode: '212' },
  clocktower: { address: '1 Main St', city: 'Brooklyn', state: 'NY', zip: '11201', latitude: 40.703298, longitude: -73.990323, regionId: REGION.newYork, areaCode: '718' },
  hudsonStreet: { address: '30 Hudson St', city: 'Jersey City', state: 'NJ', zip: '07302', latitude: 40.713, longitude: -74.0338, regionId: REGION.newYork, areaCode: '201' },
  prudential: { address: '800 Boylston St', city: 'Boston', state: 'MA', zip: '02199', latitude: 42.347097, longitude: -71.082495, regionId: REGION.boston, areaCode: '617' },
  clarendon: { address: '200 Clarendon St', city: 'Boston', state: 'MA', zip: '02116', latitude: 42.349167, longitude: -71.075, regionId: REGION.boston, areaCode: '617' },
  stateStreet: { address: '60 State St', city: 'Boston', state: 'MA', zip: '02109', latitude: 42.35903, longitude: -71.05646, regionId: REGION.boston, areaCode: '617' },
  comcastCenter: { address: '1701 John F Kennedy Blvd', city: 'Philadelphia', state: 'PA', zip: '19103', latitude: 39.954536, longitude: -75.168383, regionId: REGION.philadelphia, areaCode: '215' },
  libertyPlace: { address: '1650 Market St', city: 'Philadelphia', state: 'PA', zip: '19103', latitude: 39.952419, longitude: -75.168042, regionId: REGION.philadelphia, areaCode: '215' },
  ciraCentre: { address: '2929 Arch St', city: 'Philadelphia', state: 'PA', zip: '19104', latitude: 39.95722, longitude: -75.18222, regionId: REGION.philadelphia, areaCode: '215' },
  unionStationDc: { address: '50 Massachusetts Ave NE', city: 'Washington', state: 'DC', zip: '20002', latitude: 38.897354, longitude: -77.006317, regionId: REGION.washington, areaCode: '202' },
  oldPostOffice: { address: '1100 Pennsylvania Ave NW', city: 'Washington', state: 'DC', zip: '20004', latitude: 38.893889, longitude: -77.027778, regionId: REGION.washington, areaCode: '202' },
  watergate: { address: '2600 Virginia Ave NW', city: 'Washington', state: 'DC', zip: '20037', latitude: 38.899444, longitude: -77.055556, regionId: REGION.washington, areaCode: '202' },
  bankOfAmericaPlaza: { address: '600 Peachtree St NE', city: 'Atlanta', state: 'GA', zip: '30308', latitude: 33.7708, longitude: -84.3861, regionId: REGION.atlanta, areaCode: '404' },
  peachtreeTower: { address: '191 Peachtree St NE', city: 'Atlanta', state: 'GA', zip: '30303', latitude: 33.7589, longitude: -84.3867, regionId: REGION.atlanta, areaCode: '404' },
  willisTower: { address: '233 S Wacker Dr', city: 'Chicago', state: 'IL', zip: '60606', latitude: 41.878876, longitude: -87.635915, regionId: REGION.chicago, areaCode: '312' },
  michiganAvenue: { address: '875 N Michigan Ave', city: 'Chicago', state: 'IL', zip: '60611', latitude: 41.898889, longitude: -87.623056, regionId: REGION.chicago, areaCode: '312' },
  merchandiseMart: { address: '222 W Merchandise Mart Plaza', city: 'Chicago', state: 'IL', zip: '60654', latitude: 41.888611, longitude: -87.635278, regionId: REGION.chicago, areaCode: '312' },
  boardOfTrade: { address: '141 W Jackson Blvd', city: 'Chicago', state: 'IL', zip: '60604', latitude: 41.877778, longitude: -87.6325, regionId: REGION.chicago, areaCode: '312' },
  comericaTower: { address: '1717 Main St', city: 'Dallas', state: 'TX', zip: '75201', latitude: 32.7816, longitude: -96.7966, regionId: REGION.dallas, areaCode: '214' },
  fountainPlace: { address: '1445 Ross Ave', city: 'Dallas', state: 'TX', zip: '75202', latitude: 32.7844, longitude: -96.8023, regionId: REGION.dallas, areaCode: '214' },
  chaseTowerHouston: { address: '600 Travis St', city: 'Houston', state: 'TX', zip: '77002', latitude: 29.760556, longitude: -95.363889, regionId: REGION.houston, areaCode: '713' },
  williamsTower: { address: '2800 Post Oak Blvd', city: 'Houston', state: 'TX', zip: '77056', latitude: 29.73722, longitude: -95.46139, regionId: REGION.houston, areaCode: '713' },
  republicPlaza: { address: '370 17th St', city: 'Denver', state: 'CO', zip: '80202', latitude: 39.744444, longitude: -104.988333, regionId: REGION.denver, areaCode: '303' },
  unionStationDenver: { address: '1701 Wynkoop St', city: 'Denver', state: 'CO', zip: '80202', latitude: 39.752778, longitude: -105.000278, regionId: REGION.denver, areaCode: '303' },
  chaseTowerPhoenix: { address: '201 N Central Ave', city: 'Phoenix', state: 'AZ', zip: '85004', latitude: 33.4509, longitude: -112.0731, regionId: REGION.phoenix, areaCode: '602' },
  usBankTower: { address: '633 W 5th St', city: 'Los Angeles', state: 'CA', zip: '90071', latitude: 34.051111, longitude: -118.254167, regionId: REGION.losAngeles, areaCode: '213' },
  wilshireGrand: { address: '900 Wilshire Blvd', city: 'Los Angeles', state: 'CA', zip: '90017', latitude: 34.05, longitude: -118.2593, regionId: REGION.losAngeles, areaCode: '213' },
  salesforceTower: { address: '415 Mission St', city: 'San Francisco', state: 'CA', zip: '94105', latitude: 37.789722, longitude: -122.396944, regionId: REGION.bayArea, areaCode: '415' },
  transamerica: { address: '600 Montgomery St', city: 'San Francisco', state: 'CA', zip: '94111', latitude: 37.795175, longitude: -122.402786, regionId: REGION.bayArea, areaCode: '415' },
  ferryBuilding: { address: '1 Ferry Building', city: 'San Francisco', state: 'CA', zip: '94111', latitude: 37.795556, longitude: -122.393611, regionId: REGION.bayArea, areaCode: '415' },
  oneMarket: { address: '1 Market St', city: 'San Francisco', state: 'CA', zip: '94105', latitude: 37.79396, longitude: -122.39496, regionId: REGION.bayArea, areaCode: '415' },
} satisfies Record<string, Omit<DemoSite, 'name'>>;

const site = (name: string, place: Omit<DemoSite, 'name'>): DemoSite => ({ name, ...place });

export const demoCompanies: DemoCompany[] = [
  {
    name: 'Gramercy Pediatrics',
    industryId: 20, // Medical Practice
    domain: 'gramercypediatrics.example',
    sites: [site('Midtown Office', SITES.empireState), site('Brooklyn Office', SITES.clocktower)],
    contacts: [
      { name: 'Rachel Goldstein', title: 'Practice Administrator' },
      { name: 'Samuel Okafor', title: 'Medical Director' },
      { name: 'Tina Morales', title: 'Front Desk Supervisor' },
    ],
  },
  {
    name: 'Brightline Dental Group',
    industryId: 21, // Dental
    domain: 'brightlinedental.example',
    sites: [site('Lexington Avenue Office', SITES.chrysler)],
    contacts: [
      { name: 'Dr. Helen Park', title: 'Owner, DDS' },
      { name: 'Carla Mendes', title: 'Office Manager' },
    ],
  },
  {
    name: 'Harborview Behavioral Health',
    industryId: 23, // Behavioral Health
    domain: 'harborviewbh.example',
    sites: [site('Back Bay Clinic', SITES.prudential)],
    contacts: [
      { name: 'Margaret Doyle', title: 'Executive Director' },
      { name: 'Kevin Tran', title: 'Operations Manager' },
      { name: 'Lauren Pierce', title: 'Billing Coordinator' },
    ],
  },
  {
    name: 'Whitman & Cole LLP',
    industryId: 25, // Law Firm
    domain: 'whitmancole.example',
    sites: [
      site('Boston Office', SITES.clarendon),
      site('New York Office', SITES.oneWorldTrade),
      site('Chicago Office', SITES.willisTower),
    ],
    contacts: [
      { name: 'Jonathan Whitman', title: 'Managing Partner' },
      { name: 'Elaine Cole', title: 'Partner' },
      { name: 'Derek Sullivan', title: 'Director of Administration' },
      { name: 'Nadia Haddad', title: 'Litigation Support Manager' },
    ],
  },
  {
    name: 'Keystone Accounting Partners',
    industryId: 27, // Accounting
    domain: 'keystonecpa.example',
    sites: [site('Center City Office', SITES.libertyPlace)],
    contacts: [
      { name: 'Frank DiNapoli', title: 'Managing Partner, CPA' },
      { name: 'Angela Reyes', title: 'Office Administrator' },
    ],
  },
  {
    name: 'Peachtree Community Bank',
    industryId: 28, // Banking
    domain: 'peachtreecommunitybank.example',
    sites: [site('Downtown Branch', SITES.peachtreeTower), site('Midtown Operations Center', SITES.bankOfAmericaPlaza)],
    contacts: [
      { name: 'Charles Whitfield', title: 'President & CEO' },
      { name: 'Denise Carter', title: 'Chief Compliance Officer' },
      { name: 'Marcus Lee', title: 'Branch Operations Manager' },
    ],
  },
  {
    name: 'Bluebonnet Insurance Agency',
    industryId: 29, // Insurance
    domain: 'bluebonnetinsurance.example',
    sites: [site('Main Office', SITES.comericaTower)],
    contacts: [
      { name: 'Travis McAllister', title: 'Agency Principal' },
      { name: 'Rosa Gutierrez', title: 'Account Executive' },
    ],
  },
  {
    name: 'Liberty Bell Wealth Advisors',
    industryId: 30, // Wealth Management
    domain: 'libertybellwealth.example',
    sites: [site('Philadelphia Office', SITES.comcastCenter), site('New York Office', SITES.metLife)],
    contacts: [
      { name: 'Catherine Ashford', title: 'Founding Partner' },
      { name: 'Paul Brennan', title: 'Chief Operating Officer' },
      { name: 'Jasmine Wright', title: 'Client Service Associate' },
    ],
  },
  {
    name: 'Gulf Coast Fabrication',
    industryId: 31, // Metal Fabrication
    domain: 'gulfcoastfab.example',
    sites: [site('Corporate Office', SITES.chaseTowerHouston)],
    contacts: [
      { name: 'Ray Landry', title: 'President' },
      { name: 'Brenda Foster', title: 'Controller' },
    ],
  },
  {
    name: 'Summit Ridge Construction',
    industryId: 33, // General Contractor
    domain: 'summitridgebuilds.example',
    sites: [site('Denver Office', SITES.republicPlaza)],
    contacts: [
      { name: 'Greg Halvorsen', title: 'Owner' },
      { name: 'Kim Nguyen', title: 'Project Coordinator' },
      { name: 'Alan Brooks', title: 'Estimator' },
    ],
  },
  {
    name: 'Desert Sun Charter Academy',
    industryId: 35, // K-12 School
    domain: 'desertsunacademy.example',
    sites: [site('Administrative Office', SITES.chaseTowerPhoenix)],
    contacts: [
      { name: 'Dr. Linda Ortiz', title: 'Superintendent' },
      { name: 'Jason Whitehorse', title: 'Technology Coordinator' },
    ],
  },
  {
    name: 'Harbor Light Foundation',
    industryId: 37, // Foundation
    domain: 'harborlightfoundation.example',
    sites: [site('Boston Office', SITES.stateStreet)],
    contacts: [
      { name: 'Eleanor Vance', title: 'Executive Director' },
      { name: 'Michael Osei', title: 'Grants Manager' },
    ],
  },
  {
    name: 'Golden Gate Outfitters',
    industryId: 8, // Retail
    domain: 'goldengateoutfitters.example',
    sites: [site('Ferry Building Store', SITES.ferryBuilding), site('Corporate Office', SITES.salesforceTower)],
    contacts: [
      { name: 'Olivia Chen', title: 'Founder & CEO' },
      { name: 'Diego Ramirez', title: 'Store Manager' },
      { name: 'Hannah Becker', title: 'E-commerce Manager' },
    ],
  },
  {
    name: 'Capitol Hospitality Group',
    industryId: 39, // Hotel
    domain: 'capitolhospitality.example',
    sites: [site('Pennsylvania Avenue Hotel', SITES.oldPostOffice), site('Union Station Sales Office', SITES.unionStationDc)],
    contacts: [
      { name: 'Victoria Sinclair', title: 'General Manager' },
      { name: 'Andre Johnson', title: 'Director of Operations' },
      { name: 'Priscilla Vaughn', title: 'Front Office Manager' },
      { name: 'Tomás Alvarez', title: 'Director of Sales' },
    ],
  },
  {
    name: 'Lakeshore Realty Partners',
    industryId: 42, // Brokerage
    domain: 'lakeshorerealty.example',
    sites: [site('Magnificent Mile Office', SITES.michiganAvenue)],
    contacts: [
      { name: 'Patrick Kowalczyk', title: 'Managing Broker' },
      { name: 'Sandra Bishop', title: 'Office Manager' },
    ],
  },
  {
    name: 'Meridian Orthopedic Associates',
    industryId: 20, // Medical Practice
    domain: 'meridianortho.example',
    sites: [site('Dallas Clinic', SITES.fountainPlace), site('Houston Clinic', SITES.williamsTower)],
    contacts: [
      { name: 'Dr. Robert Kessler', title: 'Medical Director' },
      { name: 'Amanda Price', title: 'Practice Manager' },
      { name: 'Luis Fernandez', title: 'Compliance Officer' },
    ],
  },
  {
    name: 'Atlas Freight Logistics',
    industryId: 48, // Freight & Trucking
    domain: 'atlasfreight.example',
    sites: [site('Headquarters', SITES.boardOfTrade)],
    contacts: [
      { name: 'Steven Marsh', title: 'Chief Executive Officer' },
      { name: 'Gloria Jimenez', title: 'Dispatch Manager' },
      { name: 'Tyler Grant', title: 'IT Liaison' },
    ],
  },
  {
    name: 'Pinecrest Architects',
    industryId: 45, // Architecture & Engineering
    domain: 'pinecrestarchitects.example',
    sites: [site('Union Station Studio', SITES.unionStationDenver)],
    contacts: [
      { name: 'Natalie Brooks', title: 'Principal Architect' },
      { name: 'Owen Fischer', title: 'Studio Manager' },
    ],
  },
  {
    name: 'Cobalt Creative Agency',
    industryId: 46, // Marketing & Advertising
    domain: 'cobaltcreative.example',
    sites: [
      site('New York Studio', SITES.rockefeller),
      site('Chicago Studio', SITES.merchandiseMart),
      site('Los Angeles Studio', SITES.wilshireGrand),
    ],
    contacts: [
      { name: 'Maya Robinson', title: 'Chief Creative Officer' },
      { name: 'Ethan Cole', title: 'Head of Production' },
      { name: 'Priya Shah', title: 'Operations Director' },
      { name: 'Jordan Blake', title: 'Office Coordinator' },
    ],
  },
  {
    name: 'Northstar Government Solutions',
    industryId: 47, // Consulting
    domain: 'northstargov.example',
    sites: [site('Foggy Bottom Office', SITES.watergate)],
    contacts: [
      { name: 'William Harrington', title: 'Managing Director' },
      { name: 'Keisha Adams', title: 'Facility Security Officer' },
    ],
  },
  {
    name: 'Silverline Property Management',
    industryId: 41, // Property Management
    domain: 'silverlinepm.example',
    sites: [site('Downtown Office', SITES.usBankTower)],
    contacts: [
      { name: 'Daniel Ostrowski', title: 'Vice President, Operations' },
      { name: 'Erica Flores', title: 'Property Manager' },
      { name: 'Kenji Watanabe', title: 'Accounting Manager' },
    ],
  },
  {
    name: 'Bayview Title & Escrow',
    industryId: 26, // Title & Escrow
    domain: 'bayviewtitle.example',
    sites: [site('Financial District Office', SITES.transamerica)],
    contacts: [
      { name: 'Susan Mitchell', title: 'Escrow Officer' },
      { name: 'Ronald Yee', title: 'Branch Manager' },
    ],
  },
  {
    name: 'Exchange Place Insurance Brokers',
    industryId: 29, // Insurance
    domain: 'exchangeplacebrokers.example',
    sites: [site('Jersey City Office', SITES.hudsonStreet)],
    contacts: [
      { name: 'Anthony Russo', title: 'Principal Broker' },
      { name: 'Michelle Patel', title: 'Office Manager' },
    ],
  },
  {
    name: 'Schuylkill Software',
    industryId: 49, // Software
    domain: 'schuylkillsoftware.example',
    sites: [site('University City Office', SITES.ciraCentre)],
    contacts: [
      { name: 'Brian Kelleher', title: 'Chief Technology Officer' },
      { name: 'Sofia Rossi', title: 'People Operations Manager' },
      { name: 'Dev Malhotra', title: 'Engineering Manager' },
    ],
  },
  {
    name: 'Embarcadero Dental Studio',
    industryId: 21, // Dental
    domain: 'embarcaderodental.example',
    sites: [site('Market Street Office', SITES.oneMarket)],
    contacts: [
      { name: 'Dr. Alicia Romero', title: 'Owner, DMD' },
      { name: 'Grace Kim', title: 'Office Manager' },
    ],
  },
];
