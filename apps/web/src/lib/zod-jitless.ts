import { validationMessage } from '@switchboard/shared/validation-messages';
import * as zod from 'zod/v4';

// The web build's 'zod' (vite.config.ts alias). The CSP forbids eval (decision 0027): zod compiles object parsers
// with `new Function` unless told not to, and its probe for eval is reported as a violation even though it is
// caught. Set here, it runs before any schema exists and stays in zod's own chunk, off pages that need no zod.
// The product's wording of validation messages (issue 16) is installed here too, before any schema is used.
zod.config({ jitless: true, customError: validationMessage });

export * from 'zod/v4';
