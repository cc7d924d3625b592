import { sql } from 'drizzle-orm';
import { isoText } from '../../db/json-sql.ts';
import { procurementsSql } from '../shipments/shipments.service.ts';
import { productRequirementsSql, projectQuotesSql } from './steps/product-requirements.ts';

// The step panels' records as GET /api/project/{id} answers them (spec 3 §3 Project), written as the API's JSON by the
// detail's own statement (projectPanelsSql, decision 0023: one round trip instead of one per panel).

const iso = (value: string) => isoText(sql.raw(value));
const list = (query: ReturnType<typeof sql>) => sql`coalesce((${query}), '[]')`;
const approvalsOf = (kind: 'planning' | 'labor') =>
  list(sql`select json_agg(json_build_object('id', a.id, 'project_overview', a.project_overview,
      'quote_id', a.quote_id,
      'quote', case when a.quote_id is null then null
        else json_build_object('id', a.quote_id, 'number', q.number, 'title', coalesce(q.title, '')) end,
      'status', a.status,
      'user', case when ru.id is null then null else json_build_object('id', ru.id, 'name', ru.name) end,
      'email_address', a.email_address,
      'added_by', case when ab.id is null then null else json_build_object('id', ab.id, 'shortname', ab.shortname) end,
      'comment', a.comment, 'responded_at', ${iso('a.responded_at')}, 'expires_at', ${iso('l.expires_at')},
      'created_at', ${iso('a.created_at')}) order by a.id)
    from project_approvals a join approval_links l on l.id = a.link_id
    left join users ru on ru.id = a.user_id left join users ab on ab.id = a.added_by
    left join quotes q on q.id = a.quote_id
    where a.project_id = p.id and a.kind = ${sql.raw(`'${kind}'`)}`);

/**
 * The panels of the project `p` as one JSON object (the detail's statement selects it): dates, invoices (a client
 * account sees posted ones only), requirements and quotes (staff's), approvals, procurements, schedule slots and the
 * labor estimate. `staff` is the statement's parameter.
 */
export const projectPanelsSql = sql`json_build_object(
  'scheduled_placeholder', (select json_build_object('id', d.id, 'start_date', d.start_date) from project_dates d
    where d.project_id = p.id and d.kind = 'placeholder' limit 1),
  'pending_project', (select json_build_object('id', d.id, 'start_date', d.start_date) from project_dates d
    where d.project_id = p.id and d.kind = 'pending' limit 1),
  'invoices', ${list(sql`select json_agg(json_build_object('id', i.id, 'number', i.number, 'type', i.type,
      'status', i.status, 'total', i.total, 'balance', i.balance, 'due_date', i.due_date) order by i.id desc)
    from invoices i where i.project_id = p.id and (${sql.placeholder('staff')}::boolean or i.status = 'posted')`)},
  'product_requirements', ${productRequirementsSql},
  'quotes', ${projectQuotesSql},
  'procurements', ${procurementsSql},
  'planning_approvals', ${approvalsOf('planning')},
  'labor_approvals', ${approvalsOf('labor')},
  'schedule_dates', ${list(sql`select json_agg(json_build_object('id', s.id, 'start_date', s.start_date,
      'start_time', to_char(s.start_time, 'HH24:MI'), 'end_time', to_char(s.end_time, 'HH24:MI'),
      'employee_id', s.employee_id, 'employee', json_build_object('id', u.id, 'name', u.name,
        'active', u.deleted_at is null and u.type = 'Employee')) order by s.start_date, s.start_time, s.id)
    from project_slots s join users u on u.id = s.employee_id where s.project_id = p.id`)},
  'labor_steps', ${list(sql`select json_agg(json_build_object('id', l.id, 'title', l.title,
      'min_hours', l.min_hours, 'max_hours', l.max_hours, 'status', l.status,
      'sub_steps', ${list(sql`select json_agg(json_build_object('id', ss.id, 'title', ss.title)
        order by ss.position, ss.id) from labor_sub_steps ss where ss.labor_step_id = l.id`)})
      order by l.position, l.id)
    from labor_steps l where l.project_id = p.id`)}
)`;
