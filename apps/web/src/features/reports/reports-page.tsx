/** Spec 3 §2: /reports/{report}/{start?}/{end?}; only the timeclock report renders a table, others render nothing. */
export function OtherReportPage() {
  return null;
}
