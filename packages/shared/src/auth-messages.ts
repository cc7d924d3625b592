// Without zod, so a page that needs only these does not download it (decision 0029).

/** The 401 answer's message; the realtime server refuses a connection with it too. */
export const unauthenticatedMessage = 'Unauthenticated.';
