import {
  DEPARTMENT_BILLING,
  DEPARTMENT_HUMAN_RESOURCES,
  DEPARTMENT_SALES,
  DEPARTMENT_TECH,
  type PermissionName,
  type UserRole,
} from '@switchboard/shared';
import { REGION } from './regions.ts';

/** Demo staff of the MSP: invented people, e-mail on the reserved .example domain, phones in the fictional 555-01XX range. */
export interface DemoEmployee {
  name: string;
  email: string;
  role: UserRole;
  title: string;
  departmentIds: number[];
  regionId: number;
  /** IANA name; resolved to the timezones row at seed time. */
  timezone: string;
  phoneNumber: string;
  city: string;
  state: string;
  startDate: string;
  permissions: PermissionName[];
}

// Permission sets by role; every employee can open the dashboard, chat and calendar.
const everyone: PermissionName[] = ['view dashboard', 'view chat', 'view calendar'];
const technician: PermissionName[] = [...everyone, 'edit tech resources'];
const seniorTechnician: PermissionName[] = [...technician, 'view reports', 'view tech report'];
const dispatcher: PermissionName[] = [
  ...technician,
  'edit checkinout times',
  'view reports',
  'view tech report',
  'view client report',
  'view timeclock',
  'phone access',
  'shadow clients',
];
const salesAgent: PermissionName[] = [...everyone, 'view crm', 'phone access'];
const salesManager: PermissionName[] = [...salesAgent, 'manage crm', 'edit crm settings', 'view crm reports', 'view reports'];
const accountManager: PermissionName[] = [
  ...salesAgent,
  'view reports',
  'view client report',
  'import client accounts',
  'delete client accounts',
  'shadow clients',
];
const hrBillingLead: PermissionName[] = [
  ...everyone,
  'view human resources',
  'view hr calendar',
  'view billing',
  'approve billing',
  'manage accounting',
  'view reports',
  'view timeclock',
  'manage employee permissions',
  'manage user sessions',
];

export const demoEmployees: DemoEmployee[] = [
  {
    name: 'Dana Whitaker',
    email: 'dana.whitaker@switchboard.example',
    role: 'user',
    title: 'Service Coordinator',
    departmentIds: [DEPARTMENT_TECH],
    regionId: REGION.newYork,
    timezone: 'America/New_York',
    phoneNumber: '(212) 555-0101',
    city: 'New York',
    state: 'NY',
    startDate: '2019-03-04',
    permissions: dispatcher,
  },
  {
    name: 'Marcus Bell',
    email: 'marcus.bell@switchboard.example',
    role: 'user',
    title: 'Senior Network Engineer',
    departmentIds: [DEPARTMENT_TECH],
    regionId: REGION.newYork,
    timezone: 'America/New_York',
    phoneNumber: '(917) 555-0102',
    city: 'Hoboken',
    state: 'NJ',
    startDate: '2017-08-14',
    permissions: seniorTechnician,
  },
  {
    name: 'Priya Natarajan',
    email: 'priya.natarajan@switchboard.example',
    role: 'user',
    title: 'Systems Engineer',
    departmentIds: [DEPARTMENT_TECH],
    regionId: REGION.boston,
    timezone: 'America/New_York',
    phoneNumber: '(617) 555-0103',
    city: 'Cambridge',
    state: 'MA',
    startDate: '2020-01-13',
    permissions: technician,
  },
  {
    name: "Kevin O'Brien",
    email: 'kevin.obrien@switchboard.example',
    role: 'user',
    title: 'Field Technician',
    departmentIds: [DEPARTMENT_TECH],
    regionId: REGION.philadelphia,
    timezone: 'America/New_York',
    phoneNumber: '(215) 555-0104',
    city: 'Philadelphia',
    state: 'PA',
    startDate: '2021-06-01',
    permissions: technician,
  },
  {
    name: 'Ryan Kowalski',
    email: 'ryan.kowalski@switchboard.example',
    role: 'user',
    title: 'Field Technician',
    departmentIds: [DEPARTMENT_TECH],
    regionId: REGION.chicago,
    timezone: 'America/Chicago',
    phoneNumber: '(312) 555-0105',
    city: 'Chicago',
    state: 'IL',
    startDate: '2022-02-21',
    permissions: technician,
  },
  {
    name: 'Luis Hernandez',
    email: 'luis.hernandez@switchboard.example',
    role: 'user',
    title: 'Field Technician',
    departmentIds: [DEPARTMENT_TECH],
    regionId: REGION.dallas,
    timezone: 'America/Chicago',
    phoneNumber: '(214) 555-0106',
    city: 'Dallas',
    state: 'TX',
    startDate: '2021-09-07',
    permissions: technician,
  },
  {
    name: 'Megan Tran',
    email: 'megan.tran@switchboard.example',
    role: 'user',
    title: 'Systems Engineer',
    departmentIds: [DEPARTMENT_TECH],
    regionId: REGION.losAngeles,
    timezone: 'America/Los_Angeles',
    phoneNumber: '(213) 555-0107',
    city: 'Los Angeles',
    state: 'CA',
    startDate: '2018-11-05',
    permissions: seniorTechnician,
  },
  {
    name: 'Jordan Ellis',
    email: 'jordan.ellis@switchboard.example',
    role: 'user',
    title: 'Account Manager',
    departmentIds: [DEPARTMENT_SALES],
    regionId: REGION.bayArea,
    timezone: 'America/Los_Angeles',
    phoneNumber: '(415) 555-0108',
    city: 'San Francisco',
    state: 'CA',
    startDate: '2019-07-15',
    permissions: accountManager,
  },
  {
    name: 'Tasha Greene',
    email: 'tasha.greene@switchboard.example',
    role: 'user',
    title: 'Sales Manager',
    departmentIds: [DEPARTMENT_SALES],
    regionId: REGION.denver,
    timezone: 'America/Denver',
    phoneNumber: '(303) 555-0109',
    city: 'Denver',
    state: 'CO',
    startDate: '2018-04-02',
    permissions: salesManager,
  },
  {
    name: 'Brandon Reyes',
    email: 'brandon.reyes@switchboard.example',
    role: 'user',
    title: 'Sales Agent',
    departmentIds: [DEPARTMENT_SALES],
    regionId: REGION.phoenix,
    timezone: 'America/Phoenix',
    phoneNumber: '(602) 555-0110',
    city: 'Phoenix',
    state: 'AZ',
    startDate: '2023-01-09',
    permissions: salesAgent,
  },
  {
    name: 'Aisha Johnson',
    email: 'aisha.johnson@switchboard.example',
    role: 'user',
    title: 'Sales Agent',
    departmentIds: [DEPARTMENT_SALES],
    regionId: REGION.atlanta,
    timezone: 'America/New_York',
    phoneNumber: '(404) 555-0111',
    city: 'Atlanta',
    state: 'GA',
    startDate: '2022-10-17',
    permissions: salesAgent,
  },
  {
    // Runs HR and billing, so she also administers users (role admin opens /users).
    name: 'Olivia Park',
    email: 'olivia.park@switchboard.example',
    role: 'admin',
    title: 'HR & Billing Manager',
    departmentIds: [DEPARTMENT_HUMAN_RESOURCES, DEPARTMENT_BILLING],
    regionId: REGION.washington,
    timezone: 'America/New_York',
    phoneNumber: '(202) 555-0112',
    city: 'Washington',
    state: 'DC',
    startDate: '2016-05-23',
    permissions: hrBillingLead,
  },
];
