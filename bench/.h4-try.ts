import pg from 'pg';
import { maintenanceMonthSql, maintenanceMonthValues } from '../apps/server/src/modules/maintenance/maintenance.service.ts';
const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/bench_mt_mwxpe109', max: 1 });
const values = maintenanceMonthSql.values(maintenanceMonthValues({ month: 11, year: 2026 }, { page: 1, per_page: 50 }));
for (let i = 0; i < 8; i++) await pool.query({ name: 'x', text: maintenanceMonthSql.text, values });
const r = await pool.query(`explain (analyze, format text) ${maintenanceMonthSql.text}`, values);
console.log(r.rows.map((row: any) => row['QUERY PLAN']).join('\n'));
await pool.end();
