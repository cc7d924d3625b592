import { ApiError } from './api-client.ts';

export const genericErrorMessage = 'Something went wrong. Please try again.';
export const inputProblemsMessage = 'There were some problems with your input.';

export interface FormErrors {
  /** First message per field, keyed by the field names the server used (spec 1 §5 'Generic form errors'). */
  fields: Record<string, string>;
  /** The banner text: the default input banner when fields have errors, else the server's message, else the generic one. */
  message: string;
}

/** Spec 1 §5 'Generic form errors': 422 errors per field; otherwise the message field; else the generic text. */
export function getFormErrors(error: unknown): FormErrors {
  if (error instanceof ApiError) {
    const fields: Record<string, string> = {};
    for (const [field, messages] of Object.entries(error.errors ?? {})) {
      if (messages.length > 0) fields[field] = messages[0];
    }
    if (Object.keys(fields).length > 0) return { fields, message: inputProblemsMessage };
    if (error.hasServerMessage) return { fields, message: error.message };
  }
  return { fields: {}, message: genericErrorMessage };
}
