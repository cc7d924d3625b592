import type { AppInstance } from '../../app-instance.ts';

// The /billing/quotes calls (list, editor, send, accept, decline, convert) are billing's since issue 27 part 5:
// apps/server/src/modules/billing/billing-quotes.routes.ts, because the quote's tax (the company's rate) and its
// conversion to an invoice live in billing, which quotes may not import (module layers). This plugin stays
// registered by routes.ts until that file registers billingQuoteRoutes instead; it adds no route.
export async function quoteRoutes(_app: AppInstance): Promise<void> {}
