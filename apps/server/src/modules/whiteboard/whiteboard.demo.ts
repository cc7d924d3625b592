import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { users } from '../users/users.table.ts';
import { whiteboardArticles, whiteboardCategories } from './whiteboard.table.ts';

// Demo whiteboard (issue 20 part 4): a few dozen articles in nested categories, written by the demo staff.
// Idempotent: a category is found by its name under its parent, an article by its title in its category.

interface DemoCategory {
  name: string;
  articles?: [title: string, html: string][];
  children?: DemoCategory[];
}

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('');
const steps = (...items: string[]) => `<ol>${items.map((item) => `<li><p>${item}</p></li>`).join('')}</ol>`;

const demoTree: DemoCategory[] = [
  {
    name: 'Onboarding',
    articles: [
      [
        'First day checklist',
        p('Collect your badge, laptop and phone from the front desk.') +
          steps(
            'Sign in to the portal and set up two-factor.',
            'Clock in from the status menu.',
            'Join the helpdesk queue with your lead.',
          ),
      ],
      [
        'Who to ask',
        p(
          'Coordinators own projects, planners own labor estimates, quoters own quotes. When in doubt, ask in staff chat.',
        ),
      ],
      [
        'Timeclock etiquette',
        p(
          'Switch to <strong>Break</strong> or <strong>Lunch</strong> when you step away and to <strong>Traveling</strong> on the way to a client site.',
        ),
      ],
    ],
  },
  {
    name: 'Networking',
    articles: [
      [
        'VLAN basics',
        p('Tag the uplink ports, leave access ports untagged. Voice goes on VLAN 20, guests on VLAN 30.'),
      ],
      [
        'Firewall rule reviews',
        p(
          'Every quarter, export the firewall rules and remove the ones nobody can explain. Keep a note in the company tech information.',
        ),
      ],
      [
        'Replacing a switch',
        steps(
          'Photograph the patch panel.',
          'Back up the running configuration.',
          'Move cables port by port.',
          'Check PoE budgets before plugging phones in.',
        ),
      ],
    ],
    children: [
      {
        name: 'Wireless',
        articles: [
          [
            'Wi-Fi site survey',
            p('Walk the floor with the survey app, mark dead zones and keep access points on channels 1, 6 and 11.'),
          ],
          [
            'Guest network setup',
            p(
              'Guests get their own SSID, client isolation on, bandwidth capped at 10 Mbps, and no route to the office VLAN.',
            ),
          ],
          [
            'Roaming problems',
            p('Enable 802.11r only when every client supports it; older scanners drop off otherwise.'),
          ],
        ],
      },
      {
        name: 'VPN',
        articles: [
          [
            'Site-to-site VPN checklist',
            p(
              'Match the phase 1 and phase 2 proposals on both sides and document the pre-shared key in secrets, never in a ticket.',
            ),
          ],
          [
            'Remote worker VPN',
            p(
              'Install the client, import the profile, and test from a phone hotspot before the user leaves the office.',
            ),
          ],
        ],
      },
    ],
  },
  {
    name: 'Microsoft 365',
    articles: [
      [
        'New mailbox',
        steps(
          'Create the user in the admin center.',
          'Assign the Business Standard licence.',
          'Add the user to the right distribution groups.',
        ),
      ],
      [
        'Shared mailbox permissions',
        p('Grant Full Access and Send As; the mailbox appears in Outlook after about an hour.'),
      ],
    ],
    children: [
      {
        name: 'Outlook',
        articles: [
          [
            'Outlook keeps asking for a password',
            p(
              'Clear the cached credentials in Credential Manager, then rebuild the Outlook profile. Check that modern authentication is on.',
            ),
          ],
          [
            'Rebuilding an Outlook profile',
            steps(
              'Close Outlook.',
              'Control Panel → Mail → Show Profiles → Add.',
              'Set the new profile as the default and start Outlook.',
            ),
          ],
          [
            'Archiving large mailboxes',
            p(
              'Turn on online archiving before the mailbox reaches 45 GB; a retention policy moves mail older than two years.',
            ),
          ],
        ],
      },
      {
        name: 'Teams',
        articles: [
          ['Teams calls drop', p('Check the network for packet loss first; Teams needs UDP 3478-3481 open outbound.')],
          [
            'Clearing the Teams cache',
            p('Quit Teams, delete the cache folder under the user profile and start it again.'),
          ],
        ],
      },
    ],
  },
  {
    name: 'Hardware',
    articles: [
      [
        'Laptop refresh',
        p(
          'Laptops are refreshed after four years. Copy the user profile with the migration tool and wipe the old disk.',
        ),
      ],
    ],
    children: [
      {
        name: 'Printers',
        articles: [
          [
            'Printer offline',
            p(
              'Most printers show offline after a DHCP change: give them a reservation and re-add the port on the print server.',
            ),
          ],
          [
            'Scan to email',
            p(
              'Use the SMTP relay with the printer’s own connector; basic authentication is turned off in Microsoft 365.',
            ),
          ],
          [
            'Toner ordering',
            p('Order toner when the printer reports 20%. The client’s contract says whether toner is billable.'),
          ],
        ],
      },
      {
        name: 'Servers',
        articles: [
          [
            'RAID rebuild',
            p(
              'Replace the failed disk with the same model, watch the rebuild in the controller, and do not reboot until it finishes.',
            ),
          ],
          [
            'UPS battery test',
            p('Run the self-test every six months and replace the battery when runtime drops below ten minutes.'),
          ],
        ],
      },
    ],
  },
  {
    name: 'Backups',
    articles: [
      [
        'Restore test',
        p(
          'Once a month, restore one folder from each client’s backup to a scratch location and note the result on the maintenance ticket.',
        ),
      ],
      [
        'Backup failed alerts',
        p('A single failure is a warning; two in a row is a ticket. Check free space on the target first.'),
      ],
      ['Offsite copies', p('Every client has an offsite copy kept for 30 days. The backup strategy tab shows where.')],
    ],
  },
  {
    name: 'Security',
    articles: [
      [
        'Phishing report',
        p(
          'Ask the user to forward the message as an attachment, block the sender, and search the tenant for the same subject.',
        ),
      ],
      [
        'Password resets',
        p(
          'Verify the caller through the number on file before resetting anything. Never read a password out over the phone.',
        ),
      ],
      [
        'Lost laptop',
        steps(
          'Disable the account’s sessions.',
          'Lock the device from endpoint management.',
          'Note the serial number on the ticket.',
        ),
      ],
    ],
  },
];

/** Seeds the demo whiteboard; the articles are written by the first of `authorIds` (the demo staff). */
export async function seedWhiteboardDemo(tx: Transaction, authorIds: number[]): Promise<void> {
  const [author] = authorIds.length
    ? await tx.select({ id: users.id }).from(users).where(inArray(users.id, authorIds)).limit(1)
    : [];
  const by = author?.id ?? null;

  async function seed(category: DemoCategory, parentId: number | null): Promise<void> {
    await tx.insert(whiteboardCategories).values({ parentId, categoryName: category.name }).onConflictDoNothing();
    const [row] = await tx
      .select({ id: whiteboardCategories.id })
      .from(whiteboardCategories)
      .where(
        and(
          parentId === null ? isNull(whiteboardCategories.parentId) : eq(whiteboardCategories.parentId, parentId),
          eq(sql`lower(${whiteboardCategories.categoryName})`, category.name.toLowerCase()),
        ),
      );
    const id = row!.id;
    const articles = category.articles ?? [];
    if (articles.length > 0) {
      const existing = await tx
        .select({ title: whiteboardArticles.title })
        .from(whiteboardArticles)
        .where(eq(whiteboardArticles.categoryId, id));
      const have = new Set(existing.map((article) => article.title));
      const missing = articles.filter(([title]) => !have.has(title));
      if (missing.length > 0)
        await tx.insert(whiteboardArticles).values(
          missing.map(([title, html]) => ({
            title,
            articleText: html,
            categoryId: id,
            createdBy: by,
            updatedBy: by,
          })),
        );
    }
    for (const child of category.children ?? []) await seed(child, id);
  }

  for (const category of demoTree) await seed(category, null);
}
