// The general calendar's events (designs/hr.md): the tables of this part; pre-wired in db/schema.ts by the lead.
export {};
