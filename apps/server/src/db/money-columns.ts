// Drizzle columns for billing money (decision 0065): PostgreSQL numeric text <-> integer units, never a float.
import { customType } from 'drizzle-orm/pg-core';
import { numericFromUnits, unitsFromNumeric } from '@switchboard/shared/billing/money';

/** numeric(14,2) read and written as integer cents. */
export const moneyCents = customType<{ data: number; driverData: string }>({
  dataType: () => 'numeric(14, 2)',
  fromDriver: (value) => unitsFromNumeric(String(value), 2),
  toDriver: (value) => numericFromUnits(value, 2),
});

/** numeric(14,4) (unit prices and costs) read and written as integer ten-thousandths of a dollar. */
export const unitPrice4 = customType<{ data: number; driverData: string }>({
  dataType: () => 'numeric(14, 4)',
  fromDriver: (value) => unitsFromNumeric(String(value), 4),
  toDriver: (value) => numericFromUnits(value, 4),
});
